package io.strata.spark.read;

import java.math.RoundingMode;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DecimalColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DoubleColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.TimestampColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * One top-level atomic column of an ORC batch seen as a Spark column, no value copied: the values
 * are read out of orc-core's vector as table-core's ORC row reader reads them (timestamps in UTC as
 * Paimon writes them, never rebased; decimals at the read scale), so both paths return the same
 * values. orc-core refills the same vector for every batch, which this view then shows.
 */
final class OrcVectorColumn extends ColumnVector {

  private final VectorizedRowBatch batch;
  private final org.apache.hadoop.hive.ql.exec.vector.ColumnVector vector;

  /** Column {@code column} of {@code batch}, read as {@code type}. */
  OrcVectorColumn(DataType type, VectorizedRowBatch batch, int column) {
    super(type);
    this.batch = batch;
    this.vector = batch.cols[column];
  }

  /** The vector's index of a row: a repeating vector holds its one value at 0. */
  private int index(int rowId) {
    return vector.isRepeating ? 0 : rowId;
  }

  @Override
  public void close() {
    // The vector belongs to the batch orc-core fills.
  }

  @Override
  public boolean hasNull() {
    return !vector.noNulls;
  }

  @Override
  public int numNulls() {
    if (vector.noNulls) {
      return 0;
    }
    if (vector.isRepeating) {
      return vector.isNull[0] ? batch.size : 0;
    }
    int n = 0;
    for (int i = 0; i < batch.size; i++) {
      n += vector.isNull[i] ? 1 : 0;
    }
    return n;
  }

  @Override
  public boolean isNullAt(int rowId) {
    return !vector.noNulls && vector.isNull[index(rowId)];
  }

  @Override
  public boolean getBoolean(int rowId) {
    return longAt(rowId) != 0;
  }

  @Override
  public byte getByte(int rowId) {
    return (byte) longAt(rowId);
  }

  @Override
  public short getShort(int rowId) {
    return (short) longAt(rowId);
  }

  @Override
  public int getInt(int rowId) {
    return (int) longAt(rowId);
  }

  /** BIGINT values; TIMESTAMP values as Spark's microseconds since the epoch. */
  @Override
  public long getLong(int rowId) {
    if (vector instanceof TimestampColumnVector t) {
      int i = index(rowId);
      return t.time[i] * 1000 + (t.nanos[i] % 1_000_000) / 1000;
    }
    return longAt(rowId);
  }

  private long longAt(int rowId) {
    return ((LongColumnVector) vector).vector[index(rowId)];
  }

  @Override
  public float getFloat(int rowId) {
    return (float) ((DoubleColumnVector) vector).vector[index(rowId)];
  }

  @Override
  public double getDouble(int rowId) {
    return ((DoubleColumnVector) vector).vector[index(rowId)];
  }

  @Override
  public Decimal getDecimal(int rowId, int precision, int scale) {
    java.math.BigDecimal value =
        ((DecimalColumnVector) vector)
            .vector[index(rowId)]
            .getHiveDecimal()
            .bigDecimalValue()
            .setScale(scale, RoundingMode.UNNECESSARY);
    return Decimal.apply(value, precision, scale);
  }

  @Override
  public UTF8String getUTF8String(int rowId) {
    BytesColumnVector b = (BytesColumnVector) vector;
    int i = index(rowId);
    return UTF8String.fromBytes(b.vector[i], b.start[i], b.length[i]);
  }

  @Override
  public byte[] getBinary(int rowId) {
    BytesColumnVector b = (BytesColumnVector) vector;
    int i = index(rowId);
    return java.util.Arrays.copyOfRange(b.vector[i], b.start[i], b.start[i] + b.length[i]);
  }

  // Nested columns of ORC files are read on the row path (ColumnarScanCheck), never here.

  @Override
  public ColumnarArray getArray(int rowId) {
    throw new IllegalStateException("ORC column of " + dataType() + " read as an array");
  }

  @Override
  public ColumnarMap getMap(int ordinal) {
    throw new IllegalStateException("ORC column of " + dataType() + " read as a map");
  }

  @Override
  public ColumnVector getChild(int ordinal) {
    throw new IllegalStateException("ORC column of " + dataType() + " read as a struct");
  }
}

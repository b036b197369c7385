package io.strata.spark.read;

import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * A view of some rows of another column vector: row {@code i} of the view is row {@code rows[i]} of
 * the source. Hides the rows a deletion vector deletes without copying any value. Nested values are
 * reached through {@link #getChild}, which views the child with the same rows, so every access maps
 * its row exactly once.
 */
final class SelectedRowsVector extends ColumnVector {

  private final ColumnVector source;
  private final int[] rows;
  private final int count;
  private final ColumnVector[] children;

  /** Rows {@code rows[0..count)} of {@code source}, ascending. */
  SelectedRowsVector(ColumnVector source, int[] rows, int count) {
    super(source.dataType());
    this.source = source;
    this.rows = rows;
    this.count = count;
    this.children = new ColumnVector[childCount(source.dataType())];
  }

  /** Structs, intervals (3) and variants (2) keep their parts in children. */
  private static int childCount(DataType type) {
    return type instanceof StructType struct ? struct.fields().length : 3;
  }

  /** The source stays open: it belongs to the file reader, which reuses it for the next batch. */
  @Override
  public void close() {}

  @Override
  public boolean hasNull() {
    return source.hasNull();
  }

  @Override
  public int numNulls() {
    if (!source.hasNull()) {
      return 0;
    }
    int nulls = 0;
    for (int i = 0; i < count; i++) {
      if (source.isNullAt(rows[i])) {
        nulls++;
      }
    }
    return nulls;
  }

  @Override
  public boolean isNullAt(int rowId) {
    return source.isNullAt(rows[rowId]);
  }

  @Override
  public boolean getBoolean(int rowId) {
    return source.getBoolean(rows[rowId]);
  }

  @Override
  public byte getByte(int rowId) {
    return source.getByte(rows[rowId]);
  }

  @Override
  public short getShort(int rowId) {
    return source.getShort(rows[rowId]);
  }

  @Override
  public int getInt(int rowId) {
    return source.getInt(rows[rowId]);
  }

  @Override
  public long getLong(int rowId) {
    return source.getLong(rows[rowId]);
  }

  @Override
  public float getFloat(int rowId) {
    return source.getFloat(rows[rowId]);
  }

  @Override
  public double getDouble(int rowId) {
    return source.getDouble(rows[rowId]);
  }

  @Override
  public ColumnarArray getArray(int rowId) {
    return source.getArray(rows[rowId]);
  }

  @Override
  public ColumnarMap getMap(int rowId) {
    return source.getMap(rows[rowId]);
  }

  @Override
  public Decimal getDecimal(int rowId, int precision, int scale) {
    return source.getDecimal(rows[rowId], precision, scale);
  }

  @Override
  public UTF8String getUTF8String(int rowId) {
    return source.getUTF8String(rows[rowId]);
  }

  @Override
  public byte[] getBinary(int rowId) {
    return source.getBinary(rows[rowId]);
  }

  @Override
  public ColumnVector getChild(int ordinal) {
    if (children[ordinal] == null) {
      children[ordinal] = new SelectedRowsVector(source.getChild(ordinal), rows, count);
    }
    return children[ordinal];
  }
}

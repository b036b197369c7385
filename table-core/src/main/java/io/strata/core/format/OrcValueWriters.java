package io.strata.core.format;

import io.strata.core.types.ArrayType;
import io.strata.core.types.DataType;
import io.strata.core.types.MapType;
import io.strata.core.types.RowType;
import io.strata.core.types.Timestamp;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DecimalColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DoubleColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ListColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.MapColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.StructColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.TimestampColumnVector;

/**
 * Puts canonical values into ORC column vectors, one writer per column built from its type. A
 * timestamp is stored as UTC epoch millis plus nanos (the vector set to UTC), so its value does not
 * depend on the JVM's zone.
 */
final class OrcValueWriters {

  /** Sets row {@code row} of a vector to a non-null value. */
  @FunctionalInterface
  interface ValueWriter {
    void set(ColumnVector vector, int row, Object value);
  }

  private OrcValueWriters() {}

  /** Sets {@code row} of {@code vector} to {@code value} (null included). */
  static void write(ValueWriter writer, ColumnVector vector, int row, Object value) {
    if (value == null) {
      vector.noNulls = false;
      vector.isNull[row] = true;
    } else {
      vector.isNull[row] = false;
      writer.set(vector, row, value);
    }
  }

  static ValueWriter of(DataType type) {
    return switch (type.root()) {
      case BOOLEAN -> (v, r, x) -> ((LongColumnVector) v).vector[r] = (Boolean) x ? 1 : 0;
      case TINYINT -> (v, r, x) -> ((LongColumnVector) v).vector[r] = (Byte) x;
      case SMALLINT -> (v, r, x) -> ((LongColumnVector) v).vector[r] = (Short) x;
      case INT, DATE, TIME -> (v, r, x) -> ((LongColumnVector) v).vector[r] = (Integer) x;
      case BIGINT -> (v, r, x) -> ((LongColumnVector) v).vector[r] = (Long) x;
      case FLOAT -> (v, r, x) -> ((DoubleColumnVector) v).vector[r] = (Float) x;
      case DOUBLE -> (v, r, x) -> ((DoubleColumnVector) v).vector[r] = (Double) x;
      case DECIMAL ->
          (v, r, x) -> ((DecimalColumnVector) v).vector[r].set(HiveDecimal.create((BigDecimal) x));
      case CHAR, VARCHAR ->
          (v, r, x) ->
              ((BytesColumnVector) v).setVal(r, ((String) x).getBytes(StandardCharsets.UTF_8));
      case BINARY, VARBINARY -> (v, r, x) -> ((BytesColumnVector) v).setVal(r, (byte[]) x);
      case TIMESTAMP, TIMESTAMP_LTZ -> OrcValueWriters::timestamp;
      case ARRAY -> array((ArrayType) type);
      case MAP -> map((MapType) type);
      case ROW -> row((RowType) type);
    };
  }

  private static void timestamp(ColumnVector vector, int row, Object value) {
    TimestampColumnVector v = (TimestampColumnVector) vector;
    Timestamp t = (Timestamp) value;
    v.time[row] = t.millis();
    v.nanos[row] = (int) Math.floorMod(t.millis(), 1000L) * 1_000_000 + t.nanoOfMillisecond();
  }

  private static ValueWriter array(ArrayType type) {
    ValueWriter element = of(type.element());
    return (vector, row, value) -> {
      ListColumnVector v = (ListColumnVector) vector;
      List<?> list = (List<?>) value;
      int offset = (int) v.childCount;
      v.offsets[row] = offset;
      v.lengths[row] = list.size();
      v.childCount += list.size();
      v.child.ensureSize(v.childCount, true);
      for (int i = 0; i < list.size(); i++) {
        write(element, v.child, offset + i, list.get(i));
      }
    };
  }

  private static ValueWriter map(MapType type) {
    ValueWriter key = of(type.key());
    ValueWriter val = of(type.value());
    return (vector, row, value) -> {
      MapColumnVector v = (MapColumnVector) vector;
      Map<?, ?> map = (Map<?, ?>) value;
      int offset = (int) v.childCount;
      v.offsets[row] = offset;
      v.lengths[row] = map.size();
      v.childCount += map.size();
      v.keys.ensureSize(v.childCount, true);
      v.values.ensureSize(v.childCount, true);
      int i = offset;
      for (Map.Entry<?, ?> e : map.entrySet()) {
        write(key, v.keys, i, e.getKey());
        write(val, v.values, i, e.getValue());
        i++;
      }
    };
  }

  private static ValueWriter row(RowType type) {
    ValueWriter[] fields = new ValueWriter[type.size()];
    for (int i = 0; i < fields.length; i++) {
      fields[i] = of(type.typeAt(i));
    }
    return (vector, row, value) -> {
      StructColumnVector v = (StructColumnVector) vector;
      Object[] values = (Object[]) value;
      for (int i = 0; i < fields.length; i++) {
        write(fields[i], v.fields[i], row, values[i]);
      }
    };
  }
}

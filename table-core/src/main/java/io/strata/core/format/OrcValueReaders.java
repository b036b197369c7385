package io.strata.core.format;

import io.strata.core.types.ArrayType;
import io.strata.core.types.AtomicType;
import io.strata.core.types.DataType;
import io.strata.core.types.MapType;
import io.strata.core.types.RowType;
import io.strata.core.types.Timestamp;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DecimalColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DoubleColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ListColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.MapColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.StructColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.TimestampColumnVector;
import org.apache.orc.TypeDescription;

/**
 * Reads canonical values out of ORC column vectors, one reader per column built from its read type
 * and file type. Nested struct fields are matched by name; a field the file lacks reads NULL.
 */
final class OrcValueReaders {

  /** The value of row {@code row} of a vector (null included). */
  @FunctionalInterface
  interface ValueReader {
    Object read(ColumnVector vector, int row);
  }

  private OrcValueReaders() {}

  static ValueReader of(DataType type, TypeDescription fileType) {
    ValueReader nonNull = nonNull(type, fileType);
    return (vector, row) -> {
      int i = vector.isRepeating ? 0 : row;
      return !vector.noNulls && vector.isNull[i] ? null : nonNull.read(vector, i);
    };
  }

  private static ValueReader nonNull(DataType type, TypeDescription fileType) {
    return switch (type.root()) {
      case BOOLEAN -> (v, r) -> ((LongColumnVector) v).vector[r] != 0;
      case TINYINT -> (v, r) -> (byte) ((LongColumnVector) v).vector[r];
      case SMALLINT -> (v, r) -> (short) ((LongColumnVector) v).vector[r];
      case INT, DATE, TIME -> (v, r) -> (int) ((LongColumnVector) v).vector[r];
      case BIGINT -> (v, r) -> ((LongColumnVector) v).vector[r];
      case FLOAT -> (v, r) -> (float) ((DoubleColumnVector) v).vector[r];
      case DOUBLE -> (v, r) -> ((DoubleColumnVector) v).vector[r];
      case DECIMAL -> {
        int scale = ((AtomicType) type).scale();
        yield (v, r) ->
            ((DecimalColumnVector) v)
                .vector[r]
                .getHiveDecimal()
                .bigDecimalValue()
                .setScale(scale, RoundingMode.UNNECESSARY);
      }
      case CHAR, VARCHAR ->
          (v, r) -> {
            BytesColumnVector b = (BytesColumnVector) v;
            return new String(b.vector[r], b.start[r], b.length[r], StandardCharsets.UTF_8);
          };
      case BINARY, VARBINARY ->
          (v, r) -> {
            BytesColumnVector b = (BytesColumnVector) v;
            return Arrays.copyOfRange(b.vector[r], b.start[r], b.start[r] + b.length[r]);
          };
      case TIMESTAMP, TIMESTAMP_LTZ ->
          (v, r) -> {
            TimestampColumnVector t = (TimestampColumnVector) v;
            return new Timestamp(t.time[r], t.nanos[r] % 1_000_000);
          };
      case ARRAY -> array((ArrayType) type, fileType);
      case MAP -> map((MapType) type, fileType);
      case ROW -> row((RowType) type, fileType);
    };
  }

  private static ValueReader array(ArrayType type, TypeDescription fileType) {
    ValueReader element = of(type.element(), fileType.getChildren().get(0));
    return (vector, row) -> {
      ListColumnVector v = (ListColumnVector) vector;
      int offset = (int) v.offsets[row];
      int length = (int) v.lengths[row];
      List<Object> list = new ArrayList<>(length);
      for (int i = 0; i < length; i++) {
        list.add(element.read(v.child, offset + i));
      }
      return list;
    };
  }

  private static ValueReader map(MapType type, TypeDescription fileType) {
    ValueReader key = of(type.key(), fileType.getChildren().get(0));
    ValueReader value = of(type.value(), fileType.getChildren().get(1));
    return (vector, row) -> {
      MapColumnVector v = (MapColumnVector) vector;
      int offset = (int) v.offsets[row];
      int length = (int) v.lengths[row];
      Map<Object, Object> map = new LinkedHashMap<>();
      for (int i = 0; i < length; i++) {
        map.put(key.read(v.keys, offset + i), value.read(v.values, offset + i));
      }
      return map;
    };
  }

  private static ValueReader row(RowType type, TypeDescription fileType) {
    int[] positions = positions(type, fileType);
    ValueReader[] fields = new ValueReader[type.size()];
    for (int i = 0; i < fields.length; i++) {
      if (positions[i] >= 0) {
        fields[i] = of(type.typeAt(i), fileType.getChildren().get(positions[i]));
      }
    }
    return (vector, row) -> {
      StructColumnVector v = (StructColumnVector) vector;
      Object[] values = new Object[fields.length];
      for (int i = 0; i < fields.length; i++) {
        if (fields[i] != null) {
          values[i] = fields[i].read(v.fields[positions[i]], row);
        }
      }
      return values;
    };
  }

  /** For each field of {@code type}, the position of the same-named field of the struct, or -1. */
  static int[] positions(RowType type, TypeDescription struct) {
    List<String> names = struct.getFieldNames();
    int[] positions = new int[type.size()];
    for (int i = 0; i < positions.length; i++) {
      positions[i] = names.indexOf(type.field(i).name());
    }
    return positions;
  }
}

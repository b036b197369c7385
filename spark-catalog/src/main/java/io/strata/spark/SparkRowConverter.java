package io.strata.spark;

import io.strata.core.types.ArrayType;
import io.strata.core.types.AtomicType;
import io.strata.core.types.DataType;
import io.strata.core.types.MapType;
import io.strata.core.types.RowType;
import io.strata.core.types.Timestamp;
import java.io.Serializable;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.util.ArrayBasedMapData;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.sql.catalyst.util.MapData;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.unsafe.types.UTF8String;

/** Converts Spark internal values to table-core canonical values and back, by type. */
public final class SparkRowConverter implements Serializable {

  private static final long serialVersionUID = 1L;

  private final RowType rowType;

  public SparkRowConverter(RowType rowType) {
    this.rowType = rowType;
  }

  public Object[] toCore(InternalRow row) {
    return toCoreRow(rowType, row, 0);
  }

  /** Converts the fields at {@code positions}: field i of this row type is column positions[i]. */
  public Object[] toCore(InternalRow row, int[] positions) {
    int n = rowType.size();
    Object[] values = new Object[n];
    for (int i = 0; i < n; i++) {
      int p = positions[i];
      values[i] = row.isNullAt(p) ? null : toCore(rowType.typeAt(i), row, p);
    }
    return values;
  }

  public InternalRow toSpark(Object[] values) {
    return toSparkRow(rowType, values);
  }

  private static Object[] toCoreRow(RowType type, InternalRow row, int offset) {
    int n = type.size();
    Object[] values = new Object[n];
    for (int i = 0; i < n; i++) {
      values[i] = row.isNullAt(offset + i) ? null : toCore(type.typeAt(i), row, offset + i);
    }
    return values;
  }

  private static Object toCore(DataType type, InternalRow row, int i) {
    return switch (type.root()) {
      case BOOLEAN -> row.getBoolean(i);
      case TINYINT -> row.getByte(i);
      case SMALLINT -> row.getShort(i);
      case INT, DATE, TIME -> row.getInt(i);
      case BIGINT -> row.getLong(i);
      case FLOAT -> row.getFloat(i);
      case DOUBLE -> row.getDouble(i);
      case DECIMAL -> {
        AtomicType a = (AtomicType) type;
        yield row.getDecimal(i, a.precision(), a.scale()).toJavaBigDecimal();
      }
      case CHAR, VARCHAR -> row.getUTF8String(i).toString();
      case BINARY, VARBINARY -> row.getBinary(i);
      case TIMESTAMP, TIMESTAMP_LTZ -> Timestamp.fromMicros(row.getLong(i));
      case ARRAY -> toCoreArray(((ArrayType) type).element(), row.getArray(i));
      case MAP -> toCoreMap((MapType) type, row.getMap(i));
      case ROW -> toCoreRow((RowType) type, row.getStruct(i, ((RowType) type).size()), 0);
    };
  }

  private static List<Object> toCoreArray(DataType element, ArrayData data) {
    int n = data.numElements();
    List<Object> list = new ArrayList<>(n);
    InternalRow holder = new GenericInternalRow(1);
    for (int i = 0; i < n; i++) {
      if (data.isNullAt(i)) {
        list.add(null);
      } else {
        holder.update(0, data.get(i, SparkTypes.toSparkType(element)));
        list.add(toCore(element, holder, 0));
      }
    }
    return list;
  }

  private static Map<Object, Object> toCoreMap(MapType type, MapData data) {
    List<Object> keys = toCoreArray(type.key(), data.keyArray());
    List<Object> values = toCoreArray(type.value(), data.valueArray());
    Map<Object, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < keys.size(); i++) {
      map.put(keys.get(i), values.get(i));
    }
    return map;
  }

  private static InternalRow toSparkRow(RowType type, Object[] values) {
    int n = type.size();
    Object[] converted = new Object[n];
    for (int i = 0; i < n; i++) {
      converted[i] = toSpark(type.typeAt(i), values[i]);
    }
    return new GenericInternalRow(converted);
  }

  @SuppressWarnings("unchecked")
  private static Object toSpark(DataType type, Object value) {
    if (value == null) {
      return null;
    }
    return switch (type.root()) {
      case DECIMAL -> {
        AtomicType a = (AtomicType) type;
        yield Decimal.apply((BigDecimal) value, a.precision(), a.scale());
      }
      case CHAR, VARCHAR -> UTF8String.fromString((String) value);
      case TIMESTAMP, TIMESTAMP_LTZ -> ((Timestamp) value).toMicros();
      case ARRAY -> {
        List<Object> list = (List<Object>) value;
        Object[] items = new Object[list.size()];
        for (int i = 0; i < items.length; i++) {
          items[i] = toSpark(((ArrayType) type).element(), list.get(i));
        }
        yield new GenericArrayData(items);
      }
      case MAP -> {
        MapType m = (MapType) type;
        Map<Object, Object> map = (Map<Object, Object>) value;
        Object[] keys = new Object[map.size()];
        Object[] vals = new Object[map.size()];
        int i = 0;
        for (Map.Entry<Object, Object> e : map.entrySet()) {
          keys[i] = toSpark(m.key(), e.getKey());
          vals[i] = toSpark(m.value(), e.getValue());
          i++;
        }
        yield new ArrayBasedMapData(new GenericArrayData(keys), new GenericArrayData(vals));
      }
      case ROW -> toSparkRow((RowType) type, (Object[]) value);
      default -> value;
    };
  }
}

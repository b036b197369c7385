package io.strata.core.data;

import io.strata.core.errors.ValueErrors;
import io.strata.core.types.ArrayType;
import io.strata.core.types.AtomicType;
import io.strata.core.types.DataType;
import io.strata.core.types.DataTypeRoot;
import io.strata.core.types.MapType;
import io.strata.core.types.RowType;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Converts canonical values of a data file's own type into the read schema's type: ROW fields are
 * matched by field id (a field the file lacks reads NULL, so a renamed field keeps its values and a
 * dropped then re-added one reads NULL), atomic values widen as {@link
 * io.strata.core.schema.TypeWidening} allows (INT 7 read as BIGINT is 7L).
 */
public final class ValueConverters {

  private ValueConverters() {}

  /** Converts one non-null value. */
  @FunctionalInterface
  public interface Converter {
    Object convert(Object value);
  }

  /** A converter from {@code from} values to {@code to} values, or null when they are the same. */
  public static Converter create(DataType from, DataType to) {
    if (from instanceof AtomicType a && to instanceof AtomicType b) {
      return atomic(a, b);
    }
    if (from instanceof RowType a && to instanceof RowType b) {
      return row(a, b);
    }
    if (from instanceof ArrayType a && to instanceof ArrayType b) {
      Converter element = create(a.element(), b.element());
      return element == null ? null : v -> convertList((List<?>) v, element);
    }
    if (from instanceof MapType a && to instanceof MapType b) {
      Converter key = create(a.key(), b.key());
      Converter value = create(a.value(), b.value());
      return key == null && value == null ? null : v -> convertMap((Map<?, ?>) v, key, value);
    }
    throw incompatible(from, to);
  }

  /** Applies a possibly-null converter to a possibly-null value. */
  public static Object apply(Converter converter, Object value) {
    return value == null || converter == null ? value : converter.convert(value);
  }

  private static Converter atomic(AtomicType from, AtomicType to) {
    DataTypeRoot f = from.root();
    DataTypeRoot t = to.root();
    if (f == t) {
      if (f == DataTypeRoot.DECIMAL && from.scale() != to.scale()) {
        throw incompatible(from, to);
      }
      return null;
    }
    if (!isInteger(f) && !(f == DataTypeRoot.FLOAT && t == DataTypeRoot.DOUBLE)) {
      throw incompatible(from, to);
    }
    return switch (t) {
      case SMALLINT -> v -> ((Number) v).shortValue();
      case INT -> v -> ((Number) v).intValue();
      case BIGINT -> v -> ((Number) v).longValue();
      case FLOAT -> v -> ((Number) v).floatValue();
      case DOUBLE -> v -> ((Number) v).doubleValue();
      case DECIMAL -> v -> BigDecimal.valueOf(((Number) v).longValue()).setScale(to.scale());
      default -> throw incompatible(from, to);
    };
  }

  private static boolean isInteger(DataTypeRoot root) {
    return root == DataTypeRoot.TINYINT
        || root == DataTypeRoot.SMALLINT
        || root == DataTypeRoot.INT
        || root == DataTypeRoot.BIGINT;
  }

  private static Converter row(RowType from, RowType to) {
    int n = to.size();
    int[] sources = new int[n];
    Converter[] converters = new Converter[n];
    boolean same = from.size() == n;
    for (int i = 0; i < n; i++) {
      sources[i] = indexOfId(from, to.field(i).id());
      if (sources[i] >= 0) {
        converters[i] = create(from.typeAt(sources[i]), to.typeAt(i));
      }
      same &= sources[i] == i && converters[i] == null;
    }
    if (same) {
      return null;
    }
    return v -> {
      Object[] in = (Object[]) v;
      Object[] out = new Object[n];
      for (int i = 0; i < n; i++) {
        if (sources[i] >= 0 && sources[i] < in.length) {
          out[i] = apply(converters[i], in[sources[i]]);
        }
      }
      return out;
    };
  }

  /** Position of the field with this id, or -1. */
  public static int indexOfId(RowType row, int id) {
    for (int i = 0; i < row.size(); i++) {
      if (row.field(i).id() == id) {
        return i;
      }
    }
    return -1;
  }

  private static List<Object> convertList(List<?> list, Converter element) {
    List<Object> out = new ArrayList<>(list.size());
    for (Object o : list) {
      out.add(apply(element, o));
    }
    return out;
  }

  private static Map<Object, Object> convertMap(Map<?, ?> map, Converter key, Converter value) {
    Map<Object, Object> out = new LinkedHashMap<>();
    for (Map.Entry<?, ?> e : map.entrySet()) {
      out.put(apply(key, e.getKey()), apply(value, e.getValue()));
    }
    return out;
  }

  private static IllegalArgumentException incompatible(DataType from, DataType to) {
    return ValueErrors.notWidening(from.withNullable(true), to.withNullable(true));
  }
}

package io.strata.core.merge;

import io.strata.core.data.BucketFunction;
import io.strata.core.types.DataType;
import io.strata.core.types.DataTypeRoot;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/** The functions of ARRAY and MAP columns, with Paimon 1.3.1's results. */
final class CollectionAggregators {

  private CollectionAggregators() {}

  /**
   * {@code collect}: the elements of both arrays, the accumulated ones first. With {@code distinct}
   * each element once: nested elements in first-seen order; others in the order of a hash set, as
   * Paimon's (the same for numbers, booleans, dates and times, whose hash codes are Java's in both,
   * and for strings, hashed as Paimon hashes them; decimals, timestamps and bytes may come out in
   * another order). A retraction removes one occurrence of each retracted element.
   */
  static FieldAggregator collect(String name, String field, DataType element, boolean distinct) {
    boolean nested =
        element.root() == DataTypeRoot.ARRAY
            || element.root() == DataTypeRoot.MAP
            || element.root() == DataTypeRoot.ROW;
    boolean hashOrder = distinct && !nested && javaHashes(element);
    boolean stringOrder =
        distinct && (element.root() == DataTypeRoot.VARCHAR || element.root() == DataTypeRoot.CHAR);
    return new FieldAggregator(name, field) {
      @Override
      Object add(Object acc, Object v, boolean first) {
        if (acc == null && v == null) {
          return null;
        }
        if (!distinct && (acc == null || v == null)) {
          return acc == null ? v : acc;
        }
        if (hashOrder) {
          Set<Object> set = new HashSet<>();
          addAll(set, acc);
          addAll(set, v);
          return new ArrayList<>(set);
        }
        if (stringOrder) {
          Set<PaimonString> set = new HashSet<>();
          for (Object array : new Object[] {acc, v}) {
            if (array != null) {
              for (Object e : (List<?>) array) {
                set.add(new PaimonString((String) e));
              }
            }
          }
          List<Object> out = new ArrayList<>(set.size());
          set.forEach(e -> out.add(e.value()));
          return out;
        }
        List<Object> out = new ArrayList<>();
        addAll(out, acc);
        if (!distinct) {
          addAll(out, v);
          return out;
        }
        if (v != null) {
          for (Object e : (List<?>) v) {
            if (!containsDeep(out, e)) {
              out.add(e);
            }
          }
        }
        return out;
      }

      @Override
      Object retract(Object acc, Object v) {
        if (acc == null || v == null || ((List<?>) v).isEmpty()) {
          return acc;
        }
        List<Object> retracted = new ArrayList<>((List<?>) v);
        List<Object> out = new ArrayList<>();
        for (Object e : (List<?>) acc) {
          if (!removeDeep(retracted, e)) {
            out.add(e);
          }
        }
        return out;
      }
    };
  }

  /** {@code merge_map}: the entries of both maps, the later one's value for a key in both. */
  static FieldAggregator mergeMap(String name, String field) {
    return new FieldAggregator(name, field) {
      @Override
      Object add(Object acc, Object v, boolean first) {
        if (acc == null || v == null) {
          return acc == null ? v : acc;
        }
        Map<Object, Object> out = new HashMap<>((Map<?, ?>) acc);
        out.putAll((Map<?, ?>) v);
        return out;
      }

      @Override
      Object retract(Object acc, Object v) {
        if (acc == null || v == null || ((Map<?, ?>) v).isEmpty()) {
          return acc;
        }
        Map<Object, Object> out = new HashMap<>((Map<?, ?>) acc);
        out.keySet().removeAll(((Map<?, ?>) v).keySet());
        return out;
      }
    };
  }

  /** A string (or NULL) that hashes as Paimon's BinaryString. */
  private record PaimonString(String value) {
    @Override
    public int hashCode() {
      return value == null ? 0 : BucketFunction.hashString(value.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof PaimonString other && Objects.equals(value, other.value);
    }
  }

  /** Element types whose values hash in Strata as in Paimon (Java's boxed numbers). */
  private static boolean javaHashes(DataType element) {
    return switch (element.root()) {
      case BOOLEAN, TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE, DATE, TIME -> true;
      default -> false;
    };
  }

  private static void addAll(Collection<Object> to, Object array) {
    if (array != null) {
      to.addAll((List<?>) array);
    }
  }

  private static boolean containsDeep(List<Object> list, Object e) {
    for (Object x : list) {
      if (Objects.deepEquals(x, e)) {
        return true;
      }
    }
    return false;
  }

  /** Removes one element equal to {@code e}; whether there was one. */
  private static boolean removeDeep(List<Object> list, Object e) {
    for (Iterator<Object> it = list.iterator(); it.hasNext(); ) {
      if (Objects.deepEquals(it.next(), e)) {
        it.remove();
        return true;
      }
    }
    return false;
  }
}

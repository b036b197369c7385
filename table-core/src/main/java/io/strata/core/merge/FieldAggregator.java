package io.strata.core.merge;

import io.strata.core.data.ValueComparator;
import io.strata.core.errors.CoreErrors;
import io.strata.core.errors.OptionErrors;
import io.strata.core.options.MergeOptions;
import io.strata.core.options.Options;
import io.strata.core.types.ArrayType;
import io.strata.core.types.AtomicType;
import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.DataTypeRoot;
import io.strata.core.types.RowType;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** One aggregate function of the aggregation merge engine, folding one field's values. */
abstract class FieldAggregator {

  static final List<String> NAMES =
      List.of(
          "sum",
          "product",
          "min",
          "max",
          "last_value",
          "last_non_null_value",
          "first_value",
          "first_non_null_value",
          "bool_and",
          "bool_or",
          "listagg",
          "collect",
          "merge_map",
          "nested_update");

  private final String function;
  private final String field;

  FieldAggregator(String function, String field) {
    this.function = function;
    this.field = field;
  }

  /**
   * Folds {@code value} into {@code acc}; {@code first} is true for the first value the key folds
   * (retractions are not folded, so they do not count).
   */
  abstract Object add(Object acc, Object value, boolean first);

  /**
   * Undoes {@code value}, as Paimon 1.3.1 does: a sum subtracts it, a product divides by it, {@code
   * last_value} becomes NULL, {@code last_non_null_value} becomes NULL when the retracted value is
   * not. The other functions cannot, and fail the merge as Paimon's do, since keeping their value
   * would read other rows than Paimon reads.
   */
  Object retract(Object acc, Object value) {
    throw CoreErrors.aggregateCannotRetract(function, field);
  }

  /** This function with retractions ignored ({@code fields.<f>.ignore-retract}, as in Paimon). */
  FieldAggregator ignoringRetractions() {
    FieldAggregator folding = this;
    return new FieldAggregator(function, field) {
      @Override
      Object add(Object acc, Object value, boolean first) {
        return folding.add(acc, value, first);
      }

      @Override
      Object retract(Object acc, Object value) {
        return acc;
      }
    };
  }

  /**
   * The function {@code name} of {@code field}, with the field's own options ({@code
   * fields.<f>.list-agg-delimiter}, {@code .distinct}, {@code .nested-key}, {@code .count-limit},
   * and {@code .ignore-retract}).
   */
  static FieldAggregator of(String name, DataField field, Options options) {
    FieldAggregator aggregator = function(name, field, options);
    return MergeOptions.FIELD_IGNORE_RETRACT.get(options, field.name())
        ? aggregator.ignoringRetractions()
        : aggregator;
  }

  private static FieldAggregator function(String name, DataField field, Options options) {
    String f = field.name();
    String delimiter = MergeOptions.FIELD_LIST_AGG_DELIMITER.get(options, f);
    if ((name.equals("sum") || name.equals("product")) && !numeric(field)) {
      throw OptionErrors.aggregateNeedsNumeric(name, field.name(), field.type());
    }
    if (name.equals("collect") && field.type().root() != DataTypeRoot.ARRAY) {
      throw OptionErrors.aggregateNeedsType(name, field.name(), "an ARRAY", field.type());
    }
    if (name.equals("merge_map") && field.type().root() != DataTypeRoot.MAP) {
      throw OptionErrors.aggregateNeedsType(name, field.name(), "a MAP", field.type());
    }
    if (name.equals("collect")) {
      return Collections.collect(
          name,
          f,
          ((ArrayType) field.type()).element(),
          MergeOptions.FIELD_DISTINCT.get(options, f));
    }
    if (name.equals("nested_update")) {
      if (!(field.type() instanceof ArrayType array && array.element() instanceof RowType rows)) {
        throw OptionErrors.aggregateNeedsType(name, f, "an ARRAY<ROW>", field.type());
      }
      String keys = MergeOptions.FIELD_NESTED_KEY.get(options, f);
      return NestedUpdate.of(
          name,
          f,
          rows,
          keys == null ? List.of() : Options.splitColumns(keys),
          MergeOptions.FIELD_COUNT_LIMIT.get(options, f));
    }
    if (name.equals("merge_map")) {
      return Collections.mergeMap(name, f);
    }
    Comparator<Object> order = ValueComparator.of(field.type());
    return switch (name) {
      case "sum" ->
          new FieldAggregator(name, f) {
            Object add(Object acc, Object v, boolean first) {
              return v == null ? acc : acc == null ? v : Numbers.add(acc, v);
            }

            @Override
            Object retract(Object acc, Object v) {
              return v == null
                  ? acc
                  : Numbers.add(acc == null ? Numbers.zero(v) : acc, Numbers.negate(v));
            }
          };
      case "product" ->
          new FieldAggregator(name, f) {
            Object add(Object acc, Object v, boolean first) {
              return v == null ? acc : acc == null ? v : Numbers.multiply(acc, v, field);
            }

            @Override
            Object retract(Object acc, Object v) {
              return v == null || acc == null ? acc : Numbers.divide(acc, v, field);
            }
          };
      case "min" ->
          new FieldAggregator(name, f) {
            Object add(Object acc, Object v, boolean first) {
              return v == null ? acc : acc == null || order.compare(v, acc) < 0 ? v : acc;
            }
          };
      case "max" ->
          new FieldAggregator(name, f) {
            Object add(Object acc, Object v, boolean first) {
              return v == null ? acc : acc == null || order.compare(v, acc) > 0 ? v : acc;
            }
          };
      case "last_value" ->
          new FieldAggregator(name, f) {
            Object add(Object acc, Object v, boolean first) {
              return v;
            }

            @Override
            Object retract(Object acc, Object v) {
              return null;
            }
          };
      case "last_non_null_value" ->
          new FieldAggregator(name, f) {
            Object add(Object acc, Object v, boolean first) {
              return v == null ? acc : v;
            }

            @Override
            Object retract(Object acc, Object v) {
              return v == null ? acc : null;
            }
          };
      case "first_value" ->
          new FieldAggregator(name, f) {
            Object add(Object acc, Object v, boolean first) {
              return first ? v : acc;
            }
          };
      // first_not_null_value: Paimon's older name of the same function.
      case "first_non_null_value", "first_not_null_value" ->
          new FieldAggregator(name, f) {
            Object add(Object acc, Object v, boolean first) {
              return acc == null ? v : acc;
            }
          };
      case "bool_and" ->
          new FieldAggregator(name, f) {
            Object add(Object acc, Object v, boolean first) {
              return v == null ? acc : acc == null ? v : (Boolean) acc && (Boolean) v;
            }
          };
      case "bool_or" ->
          new FieldAggregator(name, f) {
            Object add(Object acc, Object v, boolean first) {
              return v == null ? acc : acc == null ? v : (Boolean) acc || (Boolean) v;
            }
          };
      case "listagg" ->
          new FieldAggregator(name, f) {
            Object add(Object acc, Object v, boolean first) {
              return v == null ? acc : acc == null ? v : acc + delimiter + v;
            }
          };
      default -> throw OptionErrors.unsupportedAggregate(name, field.name(), NAMES);
    };
  }

  /** The functions of ARRAY and MAP columns, with Paimon 1.3.1's results. */
  private static final class Collections {
    private Collections() {}

    /**
     * {@code collect}: the elements of both arrays, the accumulated ones first. With {@code
     * distinct} each element once: nested elements in first-seen order; others in the order of a
     * hash set, as Paimon's (the same for numbers, booleans, dates and times, whose hash codes are
     * Java's in both, and for strings, hashed as Paimon hashes them; decimals, timestamps and bytes
     * may come out in another order). A retraction removes one occurrence of each retracted
     * element.
     */
    static FieldAggregator collect(String name, String field, DataType element, boolean distinct) {
      boolean nested =
          element.root() == DataTypeRoot.ARRAY
              || element.root() == DataTypeRoot.MAP
              || element.root() == DataTypeRoot.ROW;
      boolean hashOrder = distinct && !nested && javaHashes(element);
      boolean stringOrder =
          distinct
              && (element.root() == DataTypeRoot.VARCHAR || element.root() == DataTypeRoot.CHAR);
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
            java.util.Set<Object> set = new java.util.HashSet<>();
            addAll(set, acc);
            addAll(set, v);
            return new ArrayList<>(set);
          }
          if (stringOrder) {
            java.util.Set<PaimonString> set = new java.util.HashSet<>();
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
        return value == null
            ? 0
            : io.strata.core.data.BucketFunction.hashString(
                value.getBytes(java.nio.charset.StandardCharsets.UTF_8));
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

    private static void addAll(java.util.Collection<Object> to, Object array) {
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

  private static boolean numeric(DataField field) {
    return switch (field.type().root()) {
      case TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE, DECIMAL -> true;
      default -> false;
    };
  }

  /** Arithmetic on canonical numeric values of one type. */
  static final class Numbers {
    private Numbers() {}

    static Object add(Object a, Object b) {
      if (a instanceof Long x) {
        return x + (Long) b;
      } else if (a instanceof Integer x) {
        return x + (Integer) b;
      } else if (a instanceof Short x) {
        return (short) (x + (Short) b);
      } else if (a instanceof Byte x) {
        return (byte) (x + (Byte) b);
      } else if (a instanceof Double x) {
        return x + (Double) b;
      } else if (a instanceof Float x) {
        return x + (Float) b;
      } else if (a instanceof BigDecimal x) {
        return x.add((BigDecimal) b);
      }
      throw OptionErrors.notNumeric("sum", a);
    }

    /** The product in the field's type; a decimal is rounded to its scale, NULL on overflow. */
    static Object multiply(Object a, Object b, DataField field) {
      if (a instanceof Long x) {
        return x * (Long) b;
      } else if (a instanceof Integer x) {
        return x * (Integer) b;
      } else if (a instanceof Short x) {
        return (short) (x * (Short) b);
      } else if (a instanceof Byte x) {
        return (byte) (x * (Byte) b);
      } else if (a instanceof Double x) {
        return x * (Double) b;
      } else if (a instanceof Float x) {
        return x * (Float) b;
      } else if (a instanceof BigDecimal x) {
        return fit(x.multiply((BigDecimal) b), field);
      }
      throw OptionErrors.notNumeric("product", a);
    }

    /**
     * The quotient in the field's type, as Paimon's product retracts: integers divide truncating, a
     * decimal divides exactly and is then rounded to its scale.
     */
    static Object divide(Object a, Object b, DataField field) {
      try {
        if (a instanceof Long x) {
          return x / (Long) b;
        } else if (a instanceof Integer x) {
          return x / (Integer) b;
        } else if (a instanceof Short x) {
          return (short) (x / (Short) b);
        } else if (a instanceof Byte x) {
          return (byte) (x / (Byte) b);
        } else if (a instanceof Double x) {
          return x / (Double) b;
        } else if (a instanceof Float x) {
          return x / (Float) b;
        } else if (a instanceof BigDecimal x) {
          return fit(x.divide((BigDecimal) b), field);
        }
      } catch (ArithmeticException e) {
        throw CoreErrors.productCannotRetract(field.name(), a, b, e);
      }
      throw OptionErrors.notNumeric("product", a);
    }

    /** {@code d} at the field's scale (half up), or null beyond its precision, as Paimon keeps. */
    static BigDecimal fit(BigDecimal d, DataField field) {
      if (field.type().root() != DataTypeRoot.DECIMAL) {
        return d;
      }
      AtomicType type = (AtomicType) field.type();
      BigDecimal scaled = d.setScale(type.scale(), RoundingMode.HALF_UP);
      return scaled.precision() > type.precision() ? null : scaled;
    }

    static Object negate(Object v) {
      if (v instanceof Long x) {
        return -x;
      } else if (v instanceof Integer x) {
        return -x;
      } else if (v instanceof Short x) {
        return (short) -x;
      } else if (v instanceof Byte x) {
        return (byte) -x;
      } else if (v instanceof Double x) {
        return -x;
      } else if (v instanceof Float x) {
        return -x;
      } else if (v instanceof BigDecimal x) {
        return x.negate();
      }
      throw OptionErrors.notNumeric("sum", v);
    }

    static Object zero(Object like) {
      return add(like, negate(like));
    }
  }
}

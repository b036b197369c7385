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
import java.util.Comparator;
import java.util.List;

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
          "nested_update",
          "rbm32",
          "rbm64",
          "hll_sketch",
          "theta_sketch");

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
    DataType type = field.type();
    switch (name) {
      case "sum", "product" -> {
        if (!numeric(field)) {
          throw OptionErrors.aggregateNeedsNumeric(name, f, type);
        }
      }
      case "collect" -> {
        if (!(type instanceof ArrayType array)) {
          throw OptionErrors.aggregateNeedsType(name, f, "an ARRAY", type);
        }
        return CollectionAggregators.collect(
            name, f, array.element(), MergeOptions.FIELD_DISTINCT.get(options, f));
      }
      case "merge_map" -> {
        if (type.root() != DataTypeRoot.MAP) {
          throw OptionErrors.aggregateNeedsType(name, f, "a MAP", type);
        }
        return CollectionAggregators.mergeMap(name, f);
      }
      case "nested_update" -> {
        if (!(type instanceof ArrayType array && array.element() instanceof RowType rows)) {
          throw OptionErrors.aggregateNeedsType(name, f, "an ARRAY<ROW>", type);
        }
        String keys = MergeOptions.FIELD_NESTED_KEY.get(options, f);
        return NestedUpdate.of(
            name,
            f,
            rows,
            keys == null ? List.of() : Options.splitColumns(keys),
            MergeOptions.FIELD_COUNT_LIMIT.get(options, f));
      }
      case "rbm32", "rbm64", "hll_sketch", "theta_sketch" -> {
        if (type.root() != DataTypeRoot.VARBINARY) {
          throw OptionErrors.aggregateNeedsType(name, f, "a VARBINARY (BYTES)", type);
        }
        return SketchUnion.of(name, f);
      }
      default -> {}
    }
    String delimiter = MergeOptions.FIELD_LIST_AGG_DELIMITER.get(options, f);
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

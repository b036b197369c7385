package io.strata.core.merge;

import io.strata.core.data.ValueComparator;
import io.strata.core.errors.OptionErrors;
import io.strata.core.types.DataField;
import java.math.BigDecimal;
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
          "listagg");

  /** Folds {@code value} into {@code acc}; {@code first} is true for the key's first record. */
  abstract Object add(Object acc, Object value, boolean first);

  /** Undoes {@code value}; only sums can, others keep their value. */
  Object retract(Object acc, Object value) {
    return acc;
  }

  /** This function with retractions ignored ({@code fields.<f>.ignore-retract}, as in Paimon). */
  FieldAggregator ignoringRetractions() {
    FieldAggregator folding = this;
    return new FieldAggregator() {
      @Override
      Object add(Object acc, Object value, boolean first) {
        return folding.add(acc, value, first);
      }
    };
  }

  static FieldAggregator of(String name, DataField field, String delimiter) {
    Comparator<Object> order = ValueComparator.of(field.type());
    if ((name.equals("sum") || name.equals("product")) && !numeric(field)) {
      throw OptionErrors.aggregateNeedsNumeric(name, field.name(), field.type());
    }
    return switch (name) {
      case "sum" ->
          new FieldAggregator() {
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
          new FieldAggregator() {
            Object add(Object acc, Object v, boolean first) {
              return v == null ? acc : acc == null ? v : Numbers.multiply(acc, v);
            }
          };
      case "min" ->
          new FieldAggregator() {
            Object add(Object acc, Object v, boolean first) {
              return v == null ? acc : acc == null || order.compare(v, acc) < 0 ? v : acc;
            }
          };
      case "max" ->
          new FieldAggregator() {
            Object add(Object acc, Object v, boolean first) {
              return v == null ? acc : acc == null || order.compare(v, acc) > 0 ? v : acc;
            }
          };
      case "last_value" ->
          new FieldAggregator() {
            Object add(Object acc, Object v, boolean first) {
              return v;
            }
          };
      case "last_non_null_value" ->
          new FieldAggregator() {
            Object add(Object acc, Object v, boolean first) {
              return v == null ? acc : v;
            }
          };
      case "first_value" ->
          new FieldAggregator() {
            Object add(Object acc, Object v, boolean first) {
              return first ? v : acc;
            }
          };
      case "first_non_null_value" ->
          new FieldAggregator() {
            Object add(Object acc, Object v, boolean first) {
              return acc == null ? v : acc;
            }
          };
      case "bool_and" ->
          new FieldAggregator() {
            Object add(Object acc, Object v, boolean first) {
              return v == null ? acc : acc == null ? v : (Boolean) acc && (Boolean) v;
            }
          };
      case "bool_or" ->
          new FieldAggregator() {
            Object add(Object acc, Object v, boolean first) {
              return v == null ? acc : acc == null ? v : (Boolean) acc || (Boolean) v;
            }
          };
      case "listagg" ->
          new FieldAggregator() {
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

    static Object multiply(Object a, Object b) {
      if (a instanceof Long x) {
        return x * (Long) b;
      } else if (a instanceof Integer x) {
        return x * (Integer) b;
      } else if (a instanceof Double x) {
        return x * (Double) b;
      } else if (a instanceof Float x) {
        return x * (Float) b;
      } else if (a instanceof BigDecimal x) {
        return x.multiply((BigDecimal) b);
      }
      throw OptionErrors.notNumeric("product", a);
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

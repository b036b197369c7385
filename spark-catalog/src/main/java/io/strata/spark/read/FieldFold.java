package io.strata.spark.read;

import io.strata.core.errors.CoreErrors;
import io.strata.core.types.AtomicType;
import io.strata.core.types.DataType;
import io.strata.core.types.DataTypeRoot;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Arrays;
import java.util.Locale;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * One output field of a key being merged from batches: folds the field's values of the key's
 * records with one function of table-core's merge engines ({@code FieldAggregator}: sum, product,
 * min, max, last_value, last_non_null_value, first_value, first_non_null_value, bool_and, bool_or,
 * listagg), with the same results, reading each value straight from the record's row.
 *
 * <p>Integral, boolean, date and timestamp values are held in a {@code long}, floats and doubles in
 * a {@code double} (arithmetic stays in the column's own type, so overflow wraps as the row path
 * does), strings, bytes and decimals as one reference (strings and bytes copied out of the batch,
 * which is refilled). So no value is boxed.
 */
final class FieldFold {

  /** The functions of table-core's aggregation engine, by their option names. */
  enum Function {
    SUM,
    PRODUCT,
    MIN,
    MAX,
    LAST_VALUE,
    LAST_NON_NULL_VALUE,
    FIRST_VALUE,
    FIRST_NON_NULL_VALUE,
    BOOL_AND,
    BOOL_OR,
    LISTAGG;

    /** The function of this option name, or null for a name table-core does not know. */
    static Function named(String name) {
      for (Function f : values()) {
        if (f.name().equalsIgnoreCase(name)) {
          return f;
        }
      }
      return null;
    }
  }

  private final Function function;
  private final String column;
  private final DataTypeRoot root;
  private final FieldSlot slot;
  private final UTF8String delimiter;
  private final int ordinal;

  /** Of a decimal field, else 0. */
  private final int precision;

  private final int scale;

  private boolean isNull = true;

  /** Whether the key folded a value since {@link #reset}: {@code first_value} takes the first. */
  private boolean started;

  private long whole;
  private double real;
  private Object ref;

  private FieldFold(
      Function function, String column, DataType type, int ordinal, String delimiter) {
    this.function = function;
    this.column = column;
    this.root = type.root();
    this.slot = FieldSlot.of(type);
    this.ordinal = ordinal;
    boolean decimal = root == DataTypeRoot.DECIMAL;
    this.precision = decimal ? ((AtomicType) type).precision() : 0;
    this.scale = decimal ? ((AtomicType) type).scale() : 0;
    this.delimiter = delimiter == null ? null : UTF8String.fromString(delimiter);
  }

  /**
   * A fold of the values at {@code ordinal} of the records, or null when this function on this type
   * is not merged here (the scan then merges on the row path, which also reports invalid options).
   */
  static FieldFold of(
      String function, String column, DataType type, int ordinal, String delimiter) {
    Function f = Function.named(function);
    return f == null || !supports(f, type)
        ? null
        : new FieldFold(f, column, type, ordinal, delimiter);
  }

  /** Whether values of this function and type fold here exactly as on the row path. */
  static boolean supports(Function function, DataType type) {
    if (FieldSlot.of(type) == null) {
      return false;
    }
    DataTypeRoot r = type.root();
    return switch (function) {
      case SUM, PRODUCT -> numeric(r);
      case BOOL_AND, BOOL_OR -> r == DataTypeRoot.BOOLEAN;
      case LISTAGG -> r == DataTypeRoot.CHAR || r == DataTypeRoot.VARCHAR;
      default -> true;
    };
  }

  private static boolean numeric(DataTypeRoot r) {
    return switch (r) {
      case TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE, DECIMAL -> true;
      default -> false;
    };
  }

  /** Forgets the value: the next record starts the field anew. */
  void reset() {
    isNull = true;
    started = false;
    ref = null;
  }

  /** Folds the value of a record that is not a retraction. */
  void add(InternalRow record) {
    boolean vNull = record.isNullAt(ordinal);
    boolean first = !started;
    started = true;
    switch (function) {
      case LAST_VALUE -> take(record, vNull);
      case LAST_NON_NULL_VALUE -> {
        if (!vNull) {
          take(record, false);
        }
      }
      case FIRST_VALUE -> {
        if (first) {
          take(record, vNull);
        }
      }
      case FIRST_NON_NULL_VALUE -> {
        if (isNull && !vNull) {
          take(record, false);
        }
      }
      case MIN, MAX -> {
        if (!vNull && (isNull || better(record))) {
          take(record, false);
        }
      }
      default -> {
        if (!vNull) {
          if (isNull) {
            take(record, false);
          } else {
            combine(record);
          }
        }
      }
    }
  }

  /**
   * Undoes the value of a retraction as table-core's {@code FieldAggregator} (and Paimon) do: a sum
   * subtracts it, a product divides by it, {@code last_value} becomes NULL, {@code
   * last_non_null_value} becomes NULL when the retracted value is not; the other functions fail.
   */
  void retract(InternalRow record) {
    boolean vNull = record.isNullAt(ordinal);
    switch (function) {
      case SUM -> {
        if (!vNull) {
          subtract(record);
        }
      }
      case PRODUCT -> {
        if (!vNull && !isNull) {
          divide(record);
        }
      }
      case LAST_VALUE -> take(record, true);
      case LAST_NON_NULL_VALUE -> {
        if (!vNull) {
          take(record, true);
        }
      }
      default ->
          throw CoreErrors.aggregateCannotRetract(function.name().toLowerCase(Locale.ROOT), column);
    }
  }

  private void subtract(InternalRow record) {
    switch (slot) {
      case WHOLE -> {
        long v = FieldSlot.readWhole(record, ordinal, root);
        whole = FieldSlot.wrap(root, (isNull ? 0 : whole) - v);
      }
      case REAL -> {
        double v = FieldSlot.readReal(record, ordinal, root);
        double zero = isNull ? FieldSlot.add(root, v, -v) : real;
        real = FieldSlot.add(root, zero, -v);
      }
      case REF -> {
        Decimal v = record.getDecimal(ordinal, precision, scale);
        Decimal acc = isNull ? v.$plus(v.unary_$minus()) : (Decimal) ref;
        ref = acc.$plus(v.unary_$minus());
      }
    }
    isNull = false;
  }

  /** Divides the held (non-null) product by the record's (non-null) value, in the field's type. */
  private void divide(InternalRow record) {
    switch (slot) {
      case WHOLE -> {
        long v = FieldSlot.readWhole(record, ordinal, root);
        if (v == 0) {
          throw CoreErrors.productCannotRetract(
              column, whole, v, new ArithmeticException("/ by zero"));
        }
        whole = FieldSlot.wrap(root, whole / v);
      }
      case REAL -> real = FieldSlot.divide(root, real, FieldSlot.readReal(record, ordinal, root));
      case REF -> {
        BigDecimal acc = ((Decimal) ref).toJavaBigDecimal();
        BigDecimal v = record.getDecimal(ordinal, precision, scale).toJavaBigDecimal();
        BigDecimal quotient;
        try {
          quotient = acc.divide(v);
        } catch (ArithmeticException e) {
          throw CoreErrors.productCannotRetract(column, acc, v, e);
        }
        holdFitted(quotient);
      }
    }
  }

  /** Holds {@code d} at the field's scale (half up), or NULL beyond its precision, as Paimon. */
  private void holdFitted(BigDecimal d) {
    BigDecimal scaled = d.setScale(scale, RoundingMode.HALF_UP);
    if (scaled.precision() > precision) {
      isNull = true;
      ref = null;
    } else {
      ref = Decimal.apply(scaled, precision, scale);
    }
  }

  private void take(InternalRow record, boolean vNull) {
    isNull = vNull;
    if (vNull) {
      ref = null;
      return;
    }
    switch (slot) {
      case WHOLE -> whole = FieldSlot.readWhole(record, ordinal, root);
      case REAL -> real = FieldSlot.readReal(record, ordinal, root);
      case REF -> ref = readRef(record);
    }
  }

  private Object readRef(InternalRow record) {
    return switch (root) {
      case CHAR, VARCHAR -> record.getUTF8String(ordinal).clone();
      case BINARY, VARBINARY -> record.getBinary(ordinal).clone();
      default -> record.getDecimal(ordinal, precision, scale);
    };
  }

  /** Whether the record's (non-null) value beats the held one for MIN or MAX. */
  private boolean better(InternalRow record) {
    int c =
        switch (slot) {
          case WHOLE -> Long.compare(FieldSlot.readWhole(record, ordinal, root), whole);
          case REAL -> FieldSlot.compareReal(root, FieldSlot.readReal(record, ordinal, root), real);
          case REF -> compareRef(record);
        };
    return function == Function.MIN ? c < 0 : c > 0;
  }

  private int compareRef(InternalRow record) {
    return switch (root) {
      case CHAR, VARCHAR -> record.getUTF8String(ordinal).binaryCompare((UTF8String) ref);
      case BINARY, VARBINARY -> Arrays.compareUnsigned(record.getBinary(ordinal), (byte[]) ref);
      default -> record.getDecimal(ordinal, precision, scale).compare((Decimal) ref);
    };
  }

  /** SUM, PRODUCT, BOOL_AND, BOOL_OR or LISTAGG of the held value and the record's. */
  private void combine(InternalRow record) {
    switch (slot) {
      case WHOLE -> {
        long v = FieldSlot.readWhole(record, ordinal, root);
        whole =
            switch (function) {
              case SUM -> FieldSlot.wrap(root, whole + v);
              case PRODUCT -> FieldSlot.wrap(root, whole * v);
              case BOOL_AND -> whole & v;
              default -> whole | v; // BOOL_OR
            };
      }
      case REAL -> {
        double v = FieldSlot.readReal(record, ordinal, root);
        real =
            function == Function.SUM
                ? FieldSlot.add(root, real, v)
                : FieldSlot.multiply(root, real, v);
      }
      case REF -> {
        if (function == Function.LISTAGG) {
          ref = UTF8String.concat((UTF8String) ref, delimiter, record.getUTF8String(ordinal));
        } else {
          Decimal v = record.getDecimal(ordinal, precision, scale);
          if (function == Function.SUM) {
            ref = ((Decimal) ref).$plus(v);
          } else {
            holdFitted(((Decimal) ref).toJavaBigDecimal().multiply(v.toJavaBigDecimal()));
          }
        }
      }
    }
  }

  /** Writes the folded value at {@code i} of {@code out}. */
  void writeTo(InternalRow out, int i) {
    if (isNull) {
      out.setNullAt(i);
      return;
    }
    switch (slot) {
      case WHOLE -> FieldSlot.writeWhole(out, i, root, whole);
      case REAL -> FieldSlot.writeReal(out, i, root, real);
      case REF -> {
        if (ref instanceof Decimal d) {
          out.setDecimal(i, d.clone(), precision);
        } else {
          out.update(i, ref);
        }
      }
    }
  }
}

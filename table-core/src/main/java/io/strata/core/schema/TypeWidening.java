package io.strata.core.schema;

import io.strata.core.types.ArrayType;
import io.strata.core.types.AtomicType;
import io.strata.core.types.DataType;
import io.strata.core.types.DataTypeRoot;
import io.strata.core.types.MapType;

/**
 * Which column type changes keep every value exactly, so that files written before the change read
 * the same values under the new type (the reader converts them):
 *
 * <ul>
 *   <li>TINYINT → SMALLINT → INT → BIGINT (any step up);
 *   <li>TINYINT, SMALLINT → FLOAT, DOUBLE; INT → DOUBLE; FLOAT → DOUBLE;
 *   <li>an integer type → DECIMAL(p, s) with at least its number of digits left of the point;
 *   <li>DECIMAL(p, s) → DECIMAL(q, s) with q ≥ p (same scale);
 *   <li>VARCHAR(n) → VARCHAR(m) with m ≥ n, including STRING; VARBINARY(n) → VARBINARY(m), BYTES;
 *   <li>TIMESTAMP(p) → TIMESTAMP(q) with q ≥ p (also WITH LOCAL TIME ZONE);
 *   <li>ARRAY and MAP of such changes (MAP keys unchanged).
 * </ul>
 *
 * Nullability is not part of the check: a changed column keeps its own. ROW types never change as a
 * whole (their fields change one by one, keeping their ids).
 */
public final class TypeWidening {

  private TypeWidening() {}

  /** Whether a column of type {@code from} may become {@code to}. */
  public static boolean isSafe(DataType from, DataType to) {
    if (from.withNullable(true).equals(to.withNullable(true))) {
      return true;
    }
    if (from instanceof AtomicType a && to instanceof AtomicType b) {
      return isSafeAtomic(a, b);
    }
    if (from instanceof ArrayType a && to instanceof ArrayType b) {
      return notStricter(a.element(), b.element()) && isSafe(a.element(), b.element());
    }
    if (from instanceof MapType a && to instanceof MapType b) {
      return a.key().withNullable(true).equals(b.key().withNullable(true))
          && notStricter(a.value(), b.value())
          && isSafe(a.value(), b.value());
    }
    return false;
  }

  private static boolean notStricter(DataType from, DataType to) {
    return to.nullable() || !from.nullable();
  }

  private static boolean isSafeAtomic(AtomicType from, AtomicType to) {
    DataTypeRoot f = from.root();
    DataTypeRoot t = to.root();
    int digits = integerDigits(f);
    if (digits > 0) {
      return switch (t) {
        case TINYINT, SMALLINT, INT, BIGINT -> integerDigits(t) > digits;
        case FLOAT -> f == DataTypeRoot.TINYINT || f == DataTypeRoot.SMALLINT;
        case DOUBLE -> f != DataTypeRoot.BIGINT;
        case DECIMAL -> to.precision() - to.scale() >= digits;
        default -> false;
      };
    }
    return switch (f) {
      case FLOAT -> t == DataTypeRoot.DOUBLE;
      case DECIMAL ->
          t == DataTypeRoot.DECIMAL
              && to.scale() == from.scale()
              && to.precision() >= from.precision();
      case VARCHAR, VARBINARY, TIMESTAMP, TIMESTAMP_LTZ -> t == f && to.length() >= from.length();
      default -> false;
    };
  }

  /** Decimal digits an integer type needs (TINYINT 3 ... BIGINT 19); 0 for other types. */
  static int integerDigits(DataTypeRoot root) {
    return switch (root) {
      case TINYINT -> 3;
      case SMALLINT -> 5;
      case INT -> 10;
      case BIGINT -> 19;
      default -> 0;
    };
  }
}

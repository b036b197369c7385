package io.strata.spark.read;

import io.strata.core.types.AtomicType;
import io.strata.core.types.DataType;
import io.strata.core.types.RowType;
import java.util.Arrays;
import org.apache.spark.sql.catalyst.InternalRow;

/**
 * Compares primary keys held in Spark rows (columnar batch rows or copies) field by field, in the
 * order of table-core's {@code ValueComparator.ofRow}: numbers numerically (floats as {@link
 * Float#compare}), strings by UTF-8 bytes, binary unsigned, decimals by value, dates and timestamps
 * by their day or microsecond counts, nulls first. One specialized comparator per field is built
 * once, so comparing reads primitives from the rows without boxing.
 */
final class KeyComparator {

  /** Compares the values at one ordinal of two rows, both non-null. */
  private interface FieldOrder {
    int compare(InternalRow a, InternalRow b, int ordinal);
  }

  private final int[] ordinals;
  private final FieldOrder[] fields;

  /**
   * Per field whether it can hold NULL; primary keys cannot, which saves two checks per compare.
   */
  private final boolean[] nullable;

  private KeyComparator(int[] ordinals, FieldOrder[] fields, RowType types) {
    this.ordinals = ordinals;
    this.fields = fields;
    this.nullable = new boolean[fields.length];
    for (int i = 0; i < fields.length; i++) {
      nullable[i] = types.typeAt(i).nullable();
    }
  }

  /**
   * A comparator of keys of {@code keyType} found at {@code firstOrdinal} onwards, or null when a
   * key type has no specialized order here (the caller then merges on the row path).
   */
  static KeyComparator of(RowType keyType, int firstOrdinal) {
    int n = keyType.size();
    int[] ordinals = new int[n];
    FieldOrder[] fields = new FieldOrder[n];
    for (int i = 0; i < n; i++) {
      ordinals[i] = firstOrdinal + i;
      fields[i] = order(keyType.typeAt(i));
      if (fields[i] == null) {
        return null;
      }
    }
    return new KeyComparator(ordinals, fields, keyType);
  }

  /**
   * A comparator of values of {@code types} found at {@code ordinals} (one per field), or null when
   * a type has no specialized order here.
   */
  static KeyComparator at(RowType types, int[] ordinals) {
    FieldOrder[] fields = new FieldOrder[types.size()];
    for (int i = 0; i < fields.length; i++) {
      fields[i] = order(types.typeAt(i));
      if (fields[i] == null) {
        return null;
      }
    }
    return new KeyComparator(ordinals.clone(), fields, types);
  }

  /** Whether keys of this type can be compared here. */
  static boolean supports(RowType keyType) {
    return of(keyType, 0) != null;
  }

  int compare(InternalRow a, InternalRow b) {
    for (int i = 0; i < fields.length; i++) {
      int o = ordinals[i];
      if (nullable[i]) {
        boolean aNull = a.isNullAt(o);
        boolean bNull = b.isNullAt(o);
        if (aNull || bNull) {
          if (aNull != bNull) {
            return aNull ? -1 : 1;
          }
          continue;
        }
      }
      int c = fields[i].compare(a, b, o);
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }

  private static FieldOrder order(DataType type) {
    return switch (type.root()) {
      case BOOLEAN -> (a, b, o) -> Boolean.compare(a.getBoolean(o), b.getBoolean(o));
      case TINYINT -> (a, b, o) -> Byte.compare(a.getByte(o), b.getByte(o));
      case SMALLINT -> (a, b, o) -> Short.compare(a.getShort(o), b.getShort(o));
      case INT, DATE -> (a, b, o) -> Integer.compare(a.getInt(o), b.getInt(o));
      case BIGINT -> (a, b, o) -> Long.compare(a.getLong(o), b.getLong(o));
      case TIMESTAMP, TIMESTAMP_LTZ ->
          ((AtomicType) type).precision() > 6
              ? null
              : (a, b, o) -> Long.compare(a.getLong(o), b.getLong(o));
      case FLOAT -> (a, b, o) -> Float.compare(a.getFloat(o), b.getFloat(o));
      case DOUBLE -> (a, b, o) -> Double.compare(a.getDouble(o), b.getDouble(o));
      case CHAR, VARCHAR -> (a, b, o) -> a.getUTF8String(o).binaryCompare(b.getUTF8String(o));
      case BINARY, VARBINARY -> (a, b, o) -> Arrays.compareUnsigned(a.getBinary(o), b.getBinary(o));
      case DECIMAL -> {
        AtomicType d = (AtomicType) type;
        int p = d.precision();
        int s = d.scale();
        yield (a, b, o) -> a.getDecimal(o, p, s).compare(b.getDecimal(o, p, s));
      }
      default -> null;
    };
  }
}

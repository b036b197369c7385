package io.strata.spark.read;

import io.strata.core.types.AtomicType;
import io.strata.core.types.DataType;
import io.strata.core.types.DataTypeRoot;
import org.apache.spark.sql.catalyst.InternalRow;

/**
 * Where a {@link FieldFold} holds a value of a field type, and the primitive reads, writes and
 * arithmetic of each: {@code WHOLE} for booleans (0 or 1), integers, dates and timestamps (a {@code
 * long}), {@code REAL} for floats and doubles (a {@code double}, computed in the field's own
 * precision), {@code REF} for strings, bytes and decimals.
 */
enum FieldSlot {
  WHOLE,
  REAL,
  REF;

  /** The slot of this type, or null for types not folded on batches (nested, TIME...). */
  static FieldSlot of(DataType type) {
    return switch (type.root()) {
      case BOOLEAN, TINYINT, SMALLINT, INT, DATE, BIGINT -> WHOLE;
      // Precision above 6 reads as a session-zone timestamp (see ColumnarScanCheck).
      case TIMESTAMP, TIMESTAMP_LTZ -> ((AtomicType) type).precision() > 6 ? null : WHOLE;
      case FLOAT, DOUBLE -> REAL;
      case CHAR, VARCHAR, BINARY, VARBINARY, DECIMAL -> REF;
      default -> null;
    };
  }

  static long readWhole(InternalRow row, int ordinal, DataTypeRoot root) {
    return switch (root) {
      case BOOLEAN -> row.getBoolean(ordinal) ? 1 : 0;
      case TINYINT -> row.getByte(ordinal);
      case SMALLINT -> row.getShort(ordinal);
      case INT, DATE -> row.getInt(ordinal);
      default -> row.getLong(ordinal);
    };
  }

  static double readReal(InternalRow row, int ordinal, DataTypeRoot root) {
    return root == DataTypeRoot.FLOAT ? row.getFloat(ordinal) : row.getDouble(ordinal);
  }

  /** {@code value} cut to the field's width, as Java's arithmetic on that type overflows. */
  static long wrap(DataTypeRoot root, long value) {
    return switch (root) {
      case TINYINT -> (byte) value;
      case SMALLINT -> (short) value;
      case INT, DATE -> (int) value;
      default -> value;
    };
  }

  static double add(DataTypeRoot root, double a, double b) {
    return root == DataTypeRoot.FLOAT ? (float) a + (float) b : a + b;
  }

  static double multiply(DataTypeRoot root, double a, double b) {
    return root == DataTypeRoot.FLOAT ? (float) a * (float) b : a * b;
  }

  static double divide(DataTypeRoot root, double a, double b) {
    return root == DataTypeRoot.FLOAT ? (float) a / (float) b : a / b;
  }

  /** The order of table-core's value comparator ({@link Float#compare}, {@link Double#compare}). */
  static int compareReal(DataTypeRoot root, double a, double b) {
    return root == DataTypeRoot.FLOAT ? Float.compare((float) a, (float) b) : Double.compare(a, b);
  }

  static void writeWhole(InternalRow out, int i, DataTypeRoot root, long value) {
    switch (root) {
      case BOOLEAN -> out.setBoolean(i, value != 0);
      case TINYINT -> out.setByte(i, (byte) value);
      case SMALLINT -> out.setShort(i, (short) value);
      case INT, DATE -> out.setInt(i, (int) value);
      default -> out.setLong(i, value);
    }
  }

  static void writeReal(InternalRow out, int i, DataTypeRoot root, double value) {
    if (root == DataTypeRoot.FLOAT) {
      out.setFloat(i, (float) value);
    } else {
      out.setDouble(i, value);
    }
  }
}

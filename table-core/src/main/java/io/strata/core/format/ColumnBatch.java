package io.strata.core.format;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.strata.core.types.AtomicType;
import io.strata.core.types.DataType;
import io.strata.core.types.RowType;
import io.strata.core.types.Timestamp;
import java.math.BigDecimal;
import java.util.Arrays;
import org.apache.parquet.io.api.Binary;

/**
 * Rows of a flat row type held column by column in primitive arrays: integral, boolean and date
 * columns as {@code long}, floating point as {@code double}, strings as their UTF-8 bytes (an
 * array, mostly the page's own, with an offset and a length: no object per value). A rewrite that
 * only moves values from file to file (a last-wins compaction) reads and writes them without a
 * boxed value or an {@code Object[]} per row.
 */
public final class ColumnBatch {

  /** How a column's values are held. */
  public enum Kind {
    BOOLEAN,
    TINYINT,
    SMALLINT,
    INT,
    BIGINT,
    /** DECIMAL of precision up to 9: its unscaled value, written as INT32. */
    DECIMAL_INT,
    /** DECIMAL of precision 10 to 18: its unscaled value, written as INT64. */
    DECIMAL_LONG,
    /** TIMESTAMP of precision up to 6: milliseconds (precision up to 3) or microseconds. */
    TIMESTAMP,
    FLOAT,
    DOUBLE,
    STRING;

    /** The kind holding values of {@code type}, or null when a batch cannot hold them. */
    public static Kind of(DataType type) {
      return switch (type.root()) {
        case BOOLEAN -> BOOLEAN;
        case TINYINT -> TINYINT;
        case SMALLINT -> SMALLINT;
        case INT, DATE, TIME -> INT;
        case BIGINT -> BIGINT;
        case DECIMAL -> {
          int precision = ((AtomicType) type).precision();
          yield precision <= 9 ? DECIMAL_INT : precision <= 18 ? DECIMAL_LONG : null;
        }
        case TIMESTAMP, TIMESTAMP_LTZ -> ((AtomicType) type).precision() <= 6 ? TIMESTAMP : null;
        case FLOAT -> FLOAT;
        case DOUBLE -> DOUBLE;
        case CHAR, VARCHAR -> STRING;
        default -> null;
      };
    }
  }

  private final Kind[] kinds;

  /** Each column's precision and scale, where its values need them to become canonical values. */
  private final int[] precisions;

  private final int[] scales;
  private final long[][] longs;
  private final double[][] doubles;
  private final byte[][][] stringBytes;
  private final int[][] stringOffsets;
  private final int[][] stringLengths;
  private final boolean[][] nulls;
  private final int capacity;
  private int size;

  /** A batch of {@code capacity} rows of {@code type}, whose columns must all have a kind. */
  public ColumnBatch(RowType type, int capacity) {
    this.kinds = kindsOf(type);
    if (kinds == null) {
      throw new IllegalStateException("A column batch cannot hold rows of " + type);
    }
    this.precisions = new int[kinds.length];
    this.scales = new int[kinds.length];
    for (int i = 0; i < kinds.length; i++) {
      if (type.typeAt(i) instanceof AtomicType atomic) {
        precisions[i] = atomic.precision();
        scales[i] = atomic.scale();
      }
    }
    this.capacity = capacity;
    int n = kinds.length;
    longs = new long[n][];
    doubles = new double[n][];
    stringBytes = new byte[n][][];
    stringOffsets = new int[n][];
    stringLengths = new int[n][];
    nulls = new boolean[n][capacity];
    for (int i = 0; i < n; i++) {
      switch (kinds[i]) {
        case FLOAT, DOUBLE -> doubles[i] = new double[capacity];
        case STRING -> {
          stringBytes[i] = new byte[capacity][];
          stringOffsets[i] = new int[capacity];
          stringLengths[i] = new int[capacity];
        }
        default -> longs[i] = new long[capacity];
      }
    }
  }

  /** The kinds of the columns of {@code type}, or null when a batch cannot hold one of them. */
  public static Kind[] kindsOf(RowType type) {
    Kind[] kinds = new Kind[type.size()];
    for (int i = 0; i < kinds.length; i++) {
      kinds[i] = Kind.of(type.typeAt(i));
      if (kinds[i] == null) {
        return null;
      }
    }
    return kinds;
  }

  public int size() {
    return size;
  }

  public int capacity() {
    return capacity;
  }

  void setSize(int size) {
    this.size = size;
  }

  /**
   * Keeps the rows {@code keep} accepts, in order, and drops the others. {@code keep} sees each row
   * before any row at or after it has moved.
   */
  public void retainRows(java.util.function.IntPredicate keep) {
    int kept = 0;
    for (int r = 0; r < size; r++) {
      if (!keep.test(r)) {
        continue;
      }
      if (kept != r) {
        moveRow(r, kept);
      }
      kept++;
    }
    size = kept;
  }

  private void moveRow(int from, int to) {
    for (int c = 0; c < kinds.length; c++) {
      nulls[c][to] = nulls[c][from];
      switch (kinds[c]) {
        case FLOAT, DOUBLE -> doubles[c][to] = doubles[c][from];
        case STRING -> {
          stringBytes[c][to] = stringBytes[c][from];
          stringOffsets[c][to] = stringOffsets[c][from];
          stringLengths[c][to] = stringLengths[c][from];
        }
        default -> longs[c][to] = longs[c][from];
      }
    }
  }

  public int width() {
    return kinds.length;
  }

  public Kind kind(int column) {
    return kinds[column];
  }

  public boolean isNull(int column, int row) {
    return nulls[column][row];
  }

  public long getLong(int column, int row) {
    return longs[column][row];
  }

  public double getDouble(int column, int row) {
    return doubles[column][row];
  }

  /**
   * The UTF-8 bytes of a string value, as Parquet writes them. Marked reused, so that what
   * Parquet's writer keeps of it (dictionary entries, bounds) is copied: the bytes are mostly a
   * range of a whole decompressed page, which a kept reference would keep alive.
   */
  public Binary getString(int column, int row) {
    return Binary.fromReusedByteArray(
        stringBytes[column][row], stringOffsets[column][row], stringLengths[column][row]);
  }

  /** The array holding a string value's bytes, from {@link #stringOffset}. */
  public byte[] stringBytes(int column, int row) {
    return stringBytes[column][row];
  }

  public int stringOffset(int column, int row) {
    return stringOffsets[column][row];
  }

  public int stringLength(int column, int row) {
    return stringLengths[column][row];
  }

  void setNull(int column, int row) {
    nulls[column][row] = true;
  }

  void setLong(int column, int row, long value) {
    nulls[column][row] = false;
    longs[column][row] = value;
  }

  void setDouble(int column, int row, double value) {
    nulls[column][row] = false;
    doubles[column][row] = value;
  }

  /** Sets a string value to {@code length} bytes of {@code bytes}, which must not change after. */
  void setString(int column, int row, byte[] bytes, int offset, int length) {
    nulls[column][row] = false;
    stringBytes[column][row] = bytes;
    stringOffsets[column][row] = offset;
    stringLengths[column][row] = length;
  }

  /**
   * Copies the leading {@code target.width()} columns of row {@code row} into row 0 of {@code
   * target}, whose kinds are those columns'. Strings are shared: the values a reader returns are
   * never changed afterwards.
   */
  public void copyRow(int row, ColumnBatch target) {
    for (int c = 0; c < target.kinds.length; c++) {
      boolean isNull = nulls[c][row];
      target.nulls[c][0] = isNull;
      if (isNull) {
        continue;
      }
      switch (kinds[c]) {
        case FLOAT, DOUBLE -> target.doubles[c][0] = doubles[c][row];
        case STRING -> {
          target.stringBytes[c][0] = stringBytes[c][row];
          target.stringOffsets[c][0] = stringOffsets[c][row];
          target.stringLengths[c][0] = stringLengths[c][row];
        }
        default -> target.longs[c][0] = longs[c][row];
      }
    }
    target.size = Math.max(target.size, 1);
  }

  /**
   * Orders row {@code row} against row {@code otherRow} of {@code other} by their first {@code
   * columns} columns, none null: integers by value, strings by their UTF-8 bytes unsigned (code
   * point order, as strings compare).
   */
  public int compareLeading(int row, ColumnBatch other, int otherRow, int columns) {
    for (int c = 0; c < columns; c++) {
      int result =
          kinds[c] == Kind.STRING
              ? compareStrings(c, row, other, otherRow)
              : Long.compare(longs[c][row], other.longs[c][otherRow]);
      if (result != 0) {
        return result;
      }
    }
    return 0;
  }

  private int compareStrings(int c, int row, ColumnBatch other, int otherRow) {
    int from = stringOffsets[c][row];
    int otherFrom = other.stringOffsets[c][otherRow];
    return Arrays.compareUnsigned(
        stringBytes[c][row],
        from,
        from + stringLengths[c][row],
        other.stringBytes[c][otherRow],
        otherFrom,
        otherFrom + other.stringLengths[c][otherRow]);
  }

  /**
   * Whether the first {@code columns} of {@code kinds} can be ordered by {@link #compareLeading}.
   */
  public static boolean comparableLeading(Kind[] kinds, int columns) {
    for (int c = 0; c < columns; c++) {
      if (kinds[c] == Kind.FLOAT || kinds[c] == Kind.DOUBLE) {
        return false;
      }
    }
    return true;
  }

  /** Row {@code row} as canonical values (see {@link io.strata.core.types.DataType}). */
  public Object[] toObjects(int row) {
    return toObjects(row, 0);
  }

  /** The columns of row {@code row} from {@code fromColumn} on, as canonical values. */
  public Object[] toObjects(int row, int fromColumn) {
    Object[] values = new Object[kinds.length - fromColumn];
    for (int c = fromColumn; c < kinds.length; c++) {
      values[c - fromColumn] = nulls[c][row] ? null : value(c, row);
    }
    return values;
  }

  /** The value of column {@code c} in row {@code row} as a canonical value; null for NULL. */
  public Object valueAt(int c, int row) {
    return nulls[c][row] ? null : value(c, row);
  }

  private Object value(int c, int row) {
    return switch (kinds[c]) {
      case BOOLEAN -> longs[c][row] != 0;
      case TINYINT -> (byte) longs[c][row];
      case SMALLINT -> (short) longs[c][row];
      case INT -> (int) longs[c][row];
      case BIGINT -> longs[c][row];
      case DECIMAL_INT, DECIMAL_LONG -> BigDecimal.valueOf(longs[c][row], scales[c]);
      case TIMESTAMP ->
          precisions[c] <= 3
              ? Timestamp.fromMillis(longs[c][row])
              : Timestamp.fromMicros(longs[c][row]);
      case FLOAT -> (float) doubles[c][row];
      case DOUBLE -> doubles[c][row];
      case STRING ->
          new String(stringBytes[c][row], stringOffsets[c][row], stringLengths[c][row], UTF_8);
    };
  }
}

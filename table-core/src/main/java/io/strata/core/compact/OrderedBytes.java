package io.strata.core.compact;

import io.strata.core.types.DataType;
import io.strata.core.types.Timestamp;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Fixed-width byte strings whose unsigned lexicographic order follows the order of the values they
 * encode (nulls first), the per-column input of a {@link ZOrderKey}. Numbers, dates, times and
 * timestamps take 8 bytes: integers as longs with the sign bit flipped (so negatives sort below
 * positives), floating point numbers with the sign bit flipped when positive and every bit flipped
 * when negative (so -1.5 &lt; -0.0 &lt; 0.0 &lt; 2.5), decimals as doubles. Strings (UTF-8) and
 * binaries take their first {@code varLengthBytes} bytes, zero-padded, so only prefixes are
 * ordered.
 */
final class OrderedBytes {

  static final int PRIMITIVE_BYTES = 8;

  private OrderedBytes() {}

  /** The width of {@code type}'s encoding. */
  static int width(DataType type, int varLengthBytes) {
    return switch (type.root()) {
      case CHAR, VARCHAR, BINARY, VARBINARY -> varLengthBytes;
      default -> PRIMITIVE_BYTES;
    };
  }

  /** {@code value} (a table-core value of {@code type}, or null) in {@code width} bytes. */
  static byte[] encode(DataType type, Object value, int width) {
    if (value == null) {
      return new byte[width];
    }
    return switch (type.root()) {
      case BOOLEAN -> ofLong((Boolean) value ? 1 : 0);
      case TINYINT, SMALLINT, INT, BIGINT, DATE, TIME -> ofLong(((Number) value).longValue());
      case TIMESTAMP, TIMESTAMP_LTZ -> ofLong(((Timestamp) value).toMicros());
      case FLOAT, DOUBLE -> ofDouble(((Number) value).doubleValue());
      case DECIMAL -> ofDouble(((BigDecimal) value).doubleValue());
      case CHAR, VARCHAR -> prefix(((String) value).getBytes(StandardCharsets.UTF_8), width);
      case BINARY, VARBINARY -> prefix((byte[]) value, width);
      case ARRAY, MAP, ROW -> throw new IllegalStateException("No order for type " + type);
    };
  }

  static byte[] ofLong(long value) {
    return bigEndian(value ^ Long.MIN_VALUE);
  }

  static byte[] ofDouble(double value) {
    long bits = Double.doubleToLongBits(value);
    return bigEndian(bits < 0 ? ~bits : bits ^ Long.MIN_VALUE);
  }

  private static byte[] prefix(byte[] bytes, int width) {
    return Arrays.copyOf(bytes, width);
  }

  private static byte[] bigEndian(long value) {
    byte[] bytes = new byte[PRIMITIVE_BYTES];
    for (int i = PRIMITIVE_BYTES - 1; i >= 0; i--) {
      bytes[i] = (byte) value;
      value >>>= 8;
    }
    return bytes;
  }
}

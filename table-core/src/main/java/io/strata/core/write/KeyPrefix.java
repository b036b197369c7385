package io.strata.core.write;

import io.strata.core.types.RowType;
import java.nio.charset.StandardCharsets;

/**
 * An order-preserving 64-bit image of a key's first field, so that most comparisons of the write
 * buffer's sort are one {@code long} comparison: equal keys have equal prefixes, and a smaller
 * prefix means a smaller key. Integral types are their value; strings their first 8 UTF-8 bytes;
 * other types 0 (the full key decides). When the key is one integral field the prefix decides
 * alone.
 *
 * <p>Example: keys {@code (7, "b"), (3, "z"), (7, "a")} of type {@code (INT, STRING)} get prefixes
 * {@code 7, 3, 7}: the second row sorts first, and the tie of the others goes to the full key.
 */
final class KeyPrefix {

  private final Image image;
  private final boolean decides;

  KeyPrefix(RowType keyType) {
    this.image = imageOf(keyType);
    this.decides = keyType.size() == 1 && isIntegral(keyType);
  }

  /** The prefix of a key whose first field is {@code first} (never null in keys). */
  long of(Object first) {
    return first == null ? Long.MIN_VALUE : image.of(first);
  }

  /** Whether equal prefixes mean equal keys. */
  boolean decides() {
    return decides;
  }

  private interface Image {
    long of(Object value);
  }

  private static boolean isIntegral(RowType keyType) {
    return switch (keyType.typeAt(0).root()) {
      case TINYINT, SMALLINT, INT, BIGINT, DATE, TIME -> true;
      default -> false;
    };
  }

  private static Image imageOf(RowType keyType) {
    return switch (keyType.typeAt(0).root()) {
      case TINYINT, SMALLINT, INT, BIGINT, DATE, TIME -> v -> ((Number) v).longValue();
      case CHAR, VARCHAR -> v -> utf8Prefix((String) v);
      default -> v -> 0L;
    };
  }

  /**
   * The first 8 UTF-8 bytes, big-endian and padded with zeros, shifted so that signed comparison
   * orders them as unsigned bytes: strings order by UTF-8 bytes, and a shorter string sorts before
   * its extensions or ties with them (then the full comparison decides).
   */
  private static long utf8Prefix(String s) {
    byte[] bytes = s.length() <= 8 ? s.getBytes(StandardCharsets.UTF_8) : utf8Head(s);
    long prefix = 0;
    for (int i = 0; i < 8; i++) {
      prefix = (prefix << 8) | (i < bytes.length ? bytes[i] & 0xFF : 0);
    }
    return prefix ^ Long.MIN_VALUE;
  }

  /** The UTF-8 bytes of at most the first 8 characters (which hold at least 8 bytes). */
  private static byte[] utf8Head(String s) {
    int end = Character.isHighSurrogate(s.charAt(7)) ? 9 : 8;
    return s.substring(0, end).getBytes(StandardCharsets.UTF_8);
  }
}

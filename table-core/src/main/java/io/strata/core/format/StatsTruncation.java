package io.strata.core.format;

import java.util.Arrays;

/**
 * Truncates string and bytes bounds for {@code truncate(N)} stats while keeping them true bounds: a
 * truncated min is a prefix (never greater), a truncated max is a prefix with its last unit
 * incremented (always greater), or null (unknown) when no such value exists.
 */
public final class StatsTruncation {

  private static final int MAX_CODE_POINT = Character.MAX_CODE_POINT;

  private StatsTruncation() {}

  /** The first {@code length} code points of {@code s}: a lower bound of {@code s}. */
  public static String truncateMin(String s, int length) {
    if (s.codePointCount(0, s.length()) <= length) {
      return s;
    }
    return s.substring(0, s.offsetByCodePoints(0, length));
  }

  /**
   * An upper bound of {@code s} of at most {@code length} code points: {@code s} itself when short
   * enough, else its prefix with the last code point that can be incremented incremented (dropping
   * the ones after it); null when every code point is already the maximal one.
   */
  public static String truncateMax(String s, int length) {
    if (s.codePointCount(0, s.length()) <= length) {
      return s;
    }
    int[] cps = s.codePoints().limit(length).toArray();
    for (int i = cps.length - 1; i >= 0; i--) {
      int next = cps[i] + 1;
      if (next >= Character.MIN_SURROGATE && next <= Character.MAX_SURROGATE) {
        next = Character.MAX_SURROGATE + 1;
      }
      if (next <= MAX_CODE_POINT) {
        cps[i] = next;
        return new String(cps, 0, i + 1);
      }
    }
    return null;
  }

  /** The first {@code length} bytes of {@code b}: a lower bound in unsigned byte order. */
  public static byte[] truncateMin(byte[] b, int length) {
    return b.length <= length ? b : Arrays.copyOf(b, length);
  }

  /**
   * An upper bound of {@code b} of at most {@code length} bytes (unsigned order): {@code b} itself
   * when short enough, else the prefix with its last non-0xFF byte incremented; null if none.
   */
  public static byte[] truncateMax(byte[] b, int length) {
    if (b.length <= length) {
      return b;
    }
    for (int i = length - 1; i >= 0; i--) {
      if (b[i] != (byte) 0xFF) {
        byte[] r = Arrays.copyOf(b, i + 1);
        r[i]++;
        return r;
      }
    }
    return null;
  }
}

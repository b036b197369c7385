package io.strata.core.write;

import io.strata.core.data.ValueComparator;
import io.strata.core.types.RowType;
import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.util.List;

/**
 * Sorts buffered primary-key rows by key, stably (equal keys keep their arrival order), without a
 * boxed comparison per step: each row gets a 64-bit order-preserving prefix of its first key field,
 * row positions are merge-sorted on the prefixes, and the full key comparator only breaks ties of
 * prefixes that do not decide alone.
 *
 * <p>Example: keys {@code (7, "b"), (3, "z"), (7, "a")} of type {@code (INT, STRING)} get prefixes
 * {@code 7, 3, 7}; the prefixes order position 1 first, and the tie between positions 0 and 2 is
 * broken by the full key, giving {@code [1, 2, 0]}.
 */
final class KeySort {

  private final Comparator<Object[]> keyOrder;
  private final Prefix prefix;
  private final boolean prefixDecides;

  /** Rows whose first {@code keyType.size()} fields are the key. */
  KeySort(RowType keyType) {
    this.keyOrder = ValueComparator.ofRow(keyType);
    this.prefix = prefixOf(keyType);
    this.prefixDecides = keyType.size() == 1 && isIntegral(keyType);
  }

  /** The positions of {@code rows} in key order, equal keys in arrival order. */
  int[] order(List<Object[]> rows) {
    int n = rows.size();
    long[] prefixes = new long[n];
    int[] positions = new int[n];
    for (int i = 0; i < n; i++) {
      prefixes[i] = prefix.of(rows.get(i)[0]);
      positions[i] = i;
    }
    int[] scratch = new int[n];
    mergeSort(rows, prefixes, positions, scratch, 0, n);
    return positions;
  }

  /** Compares two positions; never equal for different keys, ties mean equal keys. */
  private int compare(List<Object[]> rows, long[] prefixes, int a, int b) {
    int c = Long.compare(prefixes[a], prefixes[b]);
    if (c != 0 || prefixDecides) {
      return c;
    }
    return keyOrder.compare(rows.get(a), rows.get(b));
  }

  /** Top-down merge sort of {@code positions[from, to)}; stable, so arrival order breaks ties. */
  private void mergeSort(
      List<Object[]> rows, long[] prefixes, int[] positions, int[] scratch, int from, int to) {
    if (to - from < 2) {
      return;
    }
    int mid = (from + to) >>> 1;
    mergeSort(rows, prefixes, positions, scratch, from, mid);
    mergeSort(rows, prefixes, positions, scratch, mid, to);
    if (compare(rows, prefixes, positions[mid - 1], positions[mid]) <= 0) {
      return; // already in order: common for keys that arrive sorted
    }
    System.arraycopy(positions, from, scratch, from, to - from);
    int i = from;
    int j = mid;
    for (int k = from; k < to; k++) {
      if (j >= to || (i < mid && compare(rows, prefixes, scratch[i], scratch[j]) <= 0)) {
        positions[k] = scratch[i++];
      } else {
        positions[k] = scratch[j++];
      }
    }
  }

  private static boolean isIntegral(RowType keyType) {
    return switch (keyType.typeAt(0).root()) {
      case TINYINT, SMALLINT, INT, BIGINT, DATE, TIME -> true;
      default -> false;
    };
  }

  /** An order-preserving 64-bit image of a key field: equal values, equal prefixes. */
  private interface Prefix {
    long of(Object value);
  }

  private static Prefix prefixOf(RowType keyType) {
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

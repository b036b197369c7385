package io.strata.core.format;

import java.util.Arrays;

/**
 * Per top-level column statistics of one data file, in column order: min, max (canonical values;
 * null when unknown) and null count (null when not recorded). Bounds are exact or absent.
 */
public record FileStats(Object[] min, Object[] max, Long[] nullCounts) {

  /** Number of columns covered. */
  public int size() {
    return nullCounts.length;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FileStats other
        && Arrays.deepEquals(min, other.min)
        && Arrays.deepEquals(max, other.max)
        && Arrays.equals(nullCounts, other.nullCounts);
  }

  @Override
  public int hashCode() {
    return 31 * (31 * Arrays.deepHashCode(min) + Arrays.deepHashCode(max))
        + Arrays.hashCode(nullCounts);
  }

  @Override
  public String toString() {
    return "FileStats{min="
        + Arrays.deepToString(min)
        + ", max="
        + Arrays.deepToString(max)
        + ", nullCounts="
        + Arrays.toString(nullCounts)
        + "}";
  }
}

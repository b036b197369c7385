package io.strata.core.format;

import io.strata.core.data.ValueComparator;
import io.strata.core.types.AtomicType;
import io.strata.core.types.DataType;
import io.strata.core.types.DataTypeRoot;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Comparator;
import org.apache.parquet.io.api.Binary;

/**
 * Collects the statistics of one top-level column while it is written. Min/max exist only for
 * atomic columns; NaN makes float bounds unknown, and a zero widens them to [-0.0, +0.0] so that
 * either zero stays inside.
 */
final class ColumnStatsCollector {

  private final StatsMode mode;
  private final DataTypeRoot root;
  private final int decimalScale;
  private final boolean bounds;
  private final Comparator<Object> comparator;
  private Object min;
  private Object max;

  /** Bounds of string values written as their UTF-8 bytes, kept apart until asked for. */
  private byte[] minEncoded;

  private byte[] maxEncoded;

  private boolean boundsUnknown;
  private long nullCount;

  ColumnStatsCollector(DataType type, StatsMode mode) {
    this.mode = mode;
    this.root = type.root();
    this.decimalScale = root == DataTypeRoot.DECIMAL ? ((AtomicType) type).scale() : 0;
    this.bounds = mode.hasBounds() && type instanceof AtomicType;
    this.comparator = bounds ? ValueComparator.of(type) : null;
  }

  void add(Object value) {
    if (value == null) {
      nullCount++;
      return;
    }
    if (!bounds || boundsUnknown) {
      return;
    }
    if (value instanceof Binary encoded) {
      addEncoded(encoded);
      return;
    }
    Object lo = value;
    Object hi = value;
    if (root == DataTypeRoot.FLOAT) {
      float f = (Float) value;
      if (Float.isNaN(f)) {
        boundsUnknown = true;
        return;
      }
      if (f == 0.0f) {
        lo = -0.0f;
        hi = 0.0f;
      }
    } else if (root == DataTypeRoot.DOUBLE) {
      double d = (Double) value;
      if (Double.isNaN(d)) {
        boundsUnknown = true;
        return;
      }
      if (d == 0.0d) {
        lo = -0.0d;
        hi = 0.0d;
      }
    }
    if (min == null || comparator.compare(lo, min) < 0) {
      min = snapshot(lo);
    }
    if (max == null || comparator.compare(hi, max) > 0) {
      max = snapshot(hi);
    }
  }

  /**
   * UTF-8 bytes compare unsigned, which is the code point order strings compare in. The bytes are
   * compared as arrays (a vectorized mismatch), not through Parquet's byte-by-byte comparator.
   */
  private void addEncoded(Binary value) {
    byte[] bytes = value.getBytesUnsafe(); // a whole constant array as is; a slice is copied
    if (minEncoded == null || Arrays.compareUnsigned(bytes, minEncoded) < 0) {
      minEncoded = bytes.clone();
    }
    if (maxEncoded == null || Arrays.compareUnsigned(bytes, maxEncoded) > 0) {
      maxEncoded = bytes.clone();
    }
  }

  /** The lower (or upper) of a string bound and an encoded one, as a string. */
  private Object bound(Object plain, byte[] encoded, boolean lower) {
    if (encoded == null) {
      return plain;
    }
    String decoded = new String(encoded, StandardCharsets.UTF_8);
    if (plain == null) {
      return decoded;
    }
    int c = comparator.compare(decoded, plain);
    return lower == (c < 0) ? decoded : plain;
  }

  /** Copies mutable values and normalizes decimals to the column's scale. */
  private Object snapshot(Object v) {
    if (v instanceof byte[] b) {
      return b.clone();
    }
    if (v instanceof BigDecimal d && d.scale() != decimalScale) {
      return d.setScale(decimalScale, RoundingMode.UNNECESSARY);
    }
    return v;
  }

  Object min() {
    Object min = bound(this.min, minEncoded, true);
    if (!bounds || boundsUnknown || min == null) {
      return null;
    }
    if (mode.kind() == StatsMode.Kind.TRUNCATE) {
      if (min instanceof String s) {
        return StatsTruncation.truncateMin(s, mode.truncateLength());
      }
      if (min instanceof byte[] b) {
        return StatsTruncation.truncateMin(b, mode.truncateLength());
      }
    }
    return min;
  }

  Object max() {
    Object max = bound(this.max, maxEncoded, false);
    if (!bounds || boundsUnknown || max == null) {
      return null;
    }
    if (mode.kind() == StatsMode.Kind.TRUNCATE) {
      if (max instanceof String s) {
        return StatsTruncation.truncateMax(s, mode.truncateLength());
      }
      if (max instanceof byte[] b) {
        return StatsTruncation.truncateMax(b, mode.truncateLength());
      }
    }
    return max;
  }

  Long nullCount() {
    return mode.hasNullCounts() ? nullCount : null;
  }
}

package io.strata.core.format;

import io.strata.core.data.ValueComparator;
import io.strata.core.types.AtomicType;
import io.strata.core.types.DataType;
import io.strata.core.types.DataTypeRoot;
import io.strata.core.types.Timestamp;
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
  private final int precision;
  private final boolean bounds;
  private final Comparator<Object> comparator;
  private Object min;
  private Object max;

  /** Bounds of string values written as their UTF-8 bytes, kept apart until asked for. */
  private byte[] minEncoded;

  private byte[] maxEncoded;

  /** Bounds of numbers and booleans, as primitives until asked for. */
  private long minLong = Long.MAX_VALUE;

  private long maxLong = Long.MIN_VALUE;
  private double minDouble = Double.POSITIVE_INFINITY;
  private double maxDouble = Double.NEGATIVE_INFINITY;
  private boolean primitiveBounds;

  private boolean boundsUnknown;
  private long nullCount;

  ColumnStatsCollector(DataType type, StatsMode mode) {
    this.mode = mode;
    this.root = type.root();
    this.decimalScale = root == DataTypeRoot.DECIMAL ? ((AtomicType) type).scale() : 0;
    this.precision = type instanceof AtomicType atomic ? atomic.precision() : 0;
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
    // Numbers keep primitive bounds: no comparator call and no boxed bound per value.
    switch (root) {
      case BOOLEAN -> addLong((Boolean) value ? 1 : 0);
      case TINYINT, SMALLINT, INT, DATE, TIME, BIGINT -> addLong(((Number) value).longValue());
      case FLOAT, DOUBLE -> addDouble(((Number) value).doubleValue());
      default -> addObject(value);
    }
  }

  private void addObject(Object value) {
    if (min == null || comparator.compare(value, min) < 0) {
      min = snapshot(value);
    }
    if (max == null || comparator.compare(value, max) > 0) {
      max = snapshot(value);
    }
  }

  /**
   * Adds the value of {@code column} in row {@code row} of {@code batch}, a column of this type.
   */
  void add(ColumnBatch batch, int column, int row) {
    if (batch.isNull(column, row)) {
      nullCount++;
      return;
    }
    if (!bounds || boundsUnknown) {
      return;
    }
    switch (batch.kind(column)) {
      case FLOAT, DOUBLE -> addDouble(batch.getDouble(column, row));
      case STRING ->
          addEncoded(
              batch.stringBytes(column, row),
              batch.stringOffset(column, row),
              batch.stringLength(column, row));
      default -> addLong(batch.getLong(column, row));
    }
  }

  private void addLong(long v) {
    minLong = Math.min(minLong, v);
    maxLong = Math.max(maxLong, v);
    primitiveBounds = true;
  }

  private void addDouble(double d) {
    if (Double.isNaN(d)) {
      boundsUnknown = true;
      return;
    }
    if (d == 0.0d) {
      minDouble = Double.compare(minDouble, -0.0d) < 0 ? minDouble : -0.0d;
      maxDouble = Double.compare(maxDouble, 0.0d) > 0 ? maxDouble : 0.0d;
    } else {
      minDouble = Math.min(minDouble, d);
      maxDouble = Math.max(maxDouble, d);
    }
    primitiveBounds = true;
  }

  /** A string of a batch, a range of a page's bytes: compared in place, copied if a new bound. */
  private void addEncoded(byte[] bytes, int from, int length) {
    int to = from + length;
    if (minEncoded == null
        || Arrays.compareUnsigned(bytes, from, to, minEncoded, 0, minEncoded.length) < 0) {
      minEncoded = Arrays.copyOfRange(bytes, from, to);
    }
    if (maxEncoded == null
        || Arrays.compareUnsigned(bytes, from, to, maxEncoded, 0, maxEncoded.length) > 0) {
      maxEncoded = Arrays.copyOfRange(bytes, from, to);
    }
  }

  /** The bounds of batch values as canonical values of the column's type. */
  private Object primitiveBound(boolean lower) {
    return switch (root) {
      case BOOLEAN -> (lower ? minLong : maxLong) != 0;
      case TINYINT -> (byte) (lower ? minLong : maxLong);
      case SMALLINT -> (short) (lower ? minLong : maxLong);
      case BIGINT -> lower ? minLong : maxLong;
      case DECIMAL -> BigDecimal.valueOf(lower ? minLong : maxLong, decimalScale);
      case TIMESTAMP, TIMESTAMP_LTZ ->
          precision <= 3
              ? Timestamp.fromMillis(lower ? minLong : maxLong)
              : Timestamp.fromMicros(lower ? minLong : maxLong);
      case FLOAT -> (float) (lower ? minDouble : maxDouble);
      case DOUBLE -> lower ? minDouble : maxDouble;
      default -> (int) (lower ? minLong : maxLong);
    };
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

  /**
   * The lower (or upper) of the bound of the values added as objects and those added as encoded
   * strings or batch primitives.
   */
  private Object bound(Object plain, byte[] encoded, boolean lower) {
    Object bound = plain;
    if (encoded != null) {
      bound = either(bound, new String(encoded, StandardCharsets.UTF_8), lower);
    }
    if (primitiveBounds) {
      bound = either(bound, primitiveBound(lower), lower);
    }
    return bound;
  }

  private Object either(Object bound, Object other, boolean lower) {
    if (bound == null) {
      return other;
    }
    int c = comparator.compare(other, bound);
    return lower == (c < 0) ? other : bound;
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

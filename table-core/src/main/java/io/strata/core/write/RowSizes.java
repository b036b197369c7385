package io.strata.core.write;

import java.util.List;
import java.util.Map;

/** A cheap estimate of a buffered row's heap size, to keep write buffers within their limit. */
final class RowSizes {

  private static final int ROW_OVERHEAD = 64;
  private static final int FIELD_OVERHEAD = 24;

  private RowSizes() {}

  static long estimate(Object[] row) {
    long size = ROW_OVERHEAD;
    for (Object v : row) {
      size += FIELD_OVERHEAD + valueSize(v);
    }
    return size;
  }

  private static long valueSize(Object v) {
    if (v instanceof String s) {
      return 2L * s.length();
    }
    if (v instanceof byte[] b) {
      return b.length;
    }
    if (v instanceof Object[] nested) {
      return estimate(nested);
    }
    if (v instanceof List<?> list) {
      long size = 0;
      for (Object e : list) {
        size += FIELD_OVERHEAD + valueSize(e);
      }
      return size;
    }
    if (v instanceof Map<?, ?> map) {
      long size = 0;
      for (Map.Entry<?, ?> e : map.entrySet()) {
        size += 2 * FIELD_OVERHEAD + valueSize(e.getKey()) + valueSize(e.getValue());
      }
      return size;
    }
    return 16;
  }
}

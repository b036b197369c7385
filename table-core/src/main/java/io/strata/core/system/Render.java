package io.strata.core.system;

import io.strata.core.data.BinaryRow;
import io.strata.core.data.BinaryRowCodec;
import io.strata.core.data.PartitionPath;
import io.strata.core.manifest.SimpleStats;
import io.strata.core.manifest.StatsTypes;
import io.strata.core.types.RowType;
import io.strata.core.types.Timestamp;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/** Renders partitions, keys and stats as the strings system tables show. */
final class Render {

  private Render() {}

  /** {@code k=v/k2=v2}, NULL as the default partition name; empty for unpartitioned tables. */
  static String partition(RowType partitionType, BinaryRow partition, String defaultName) {
    if (partitionType.size() == 0) {
      return "";
    }
    return PartitionPath.displayString(
        partitionType, BinaryRowCodec.deserialize(partitionType, partition), defaultName);
  }

  /** {@code [v1, v2]}. */
  static String row(RowType type, BinaryRow row) {
    if (type.size() == 0 || row == null) {
      return "[]";
    }
    Object[] values = BinaryRowCodec.deserialize(type, row);
    List<String> parts = new ArrayList<>();
    for (Object v : values) {
      parts.add(value(v));
    }
    return "[" + String.join(", ", parts) + "]";
  }

  /** {@code {col=v, ...}} of min or max stats, or null counts. */
  static String stats(RowType columns, SimpleStats stats, Which which) {
    if (stats == null) {
      return null;
    }
    List<String> parts = new ArrayList<>();
    if (which == Which.NULL_COUNTS) {
      List<Long> counts = stats.nullCounts();
      for (int i = 0; i < columns.size(); i++) {
        Long c = counts == null || i >= counts.size() ? null : counts.get(i);
        parts.add(columns.field(i).name() + "=" + c);
      }
    } else {
      RowType statsType = StatsTypes.of(columns);
      BinaryRow row = which == Which.MIN ? stats.minValues() : stats.maxValues();
      if (row == null || row.arity() != columns.size()) {
        return null;
      }
      Object[] values = BinaryRowCodec.deserialize(statsType, row);
      for (int i = 0; i < columns.size(); i++) {
        parts.add(columns.field(i).name() + "=" + value(values[i]));
      }
    }
    return "{" + String.join(", ", parts) + "}";
  }

  /** Which part of stats to render. */
  enum Which {
    MIN,
    MAX,
    NULL_COUNTS
  }

  static String value(Object v) {
    if (v == null) {
      return "null";
    }
    if (v instanceof BigDecimal d) {
      return d.toPlainString();
    }
    if (v instanceof byte[] b) {
      return "0x" + HexFormat.of().formatHex(b);
    }
    if (v instanceof Timestamp t) {
      return t.toLocalDateTime().toString();
    }
    return v.toString();
  }
}

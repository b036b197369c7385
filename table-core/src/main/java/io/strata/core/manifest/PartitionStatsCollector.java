package io.strata.core.manifest;

import io.strata.core.data.BinaryRow;
import io.strata.core.data.BinaryRowCodec;
import io.strata.core.data.ValueComparator;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Accumulates min, max and null counts of the partition values of manifest entries. */
final class PartitionStatsCollector {

  private final RowType partitionType;
  private final List<Comparator<Object>> comparators = new ArrayList<>();
  private final Object[] min;
  private final Object[] max;
  private final long[] nullCounts;
  private final Set<BinaryRow> seen = new HashSet<>();

  PartitionStatsCollector(RowType partitionType) {
    this.partitionType = partitionType;
    int n = partitionType.size();
    for (int i = 0; i < n; i++) {
      comparators.add(ValueComparator.of(partitionType.typeAt(i)));
    }
    this.min = new Object[n];
    this.max = new Object[n];
    this.nullCounts = new long[n];
  }

  void add(BinaryRow partition) {
    boolean first = seen.isEmpty();
    if (!seen.add(partition) && !first) {
      // Null counts count entries, values do not change: only the counts need the update.
      countNulls(BinaryRowCodec.deserialize(partitionType, partition));
      return;
    }
    Object[] values = BinaryRowCodec.deserialize(partitionType, partition);
    countNulls(values);
    for (int i = 0; i < values.length; i++) {
      Object v = values[i];
      if (v == null) {
        continue;
      }
      if (min[i] == null || comparators.get(i).compare(v, min[i]) < 0) {
        min[i] = v;
      }
      if (max[i] == null || comparators.get(i).compare(v, max[i]) > 0) {
        max[i] = v;
      }
    }
  }

  private void countNulls(Object[] values) {
    for (int i = 0; i < values.length; i++) {
      if (values[i] == null) {
        nullCounts[i]++;
      }
    }
  }

  SimpleStats result() {
    List<Long> counts = new ArrayList<>();
    for (long c : nullCounts) {
      counts.add(c);
    }
    return new SimpleStats(
        BinaryRowCodec.serialize(partitionType, min),
        BinaryRowCodec.serialize(partitionType, max),
        counts);
  }
}

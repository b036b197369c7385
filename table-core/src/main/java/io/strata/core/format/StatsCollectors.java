package io.strata.core.format;

import io.strata.core.types.RowType;

/** The {@link ColumnStatsCollector}s of every top-level column of a file being written. */
final class StatsCollectors {

  private final ColumnStatsCollector[] columns;

  private StatsCollectors(ColumnStatsCollector[] columns) {
    this.columns = columns;
  }

  /** Collectors in each column's stats mode ({@code fields.<name>.stats-mode} or the table's). */
  static StatsCollectors of(RowType rowType, ParquetWriteOptions options) {
    ColumnStatsCollector[] columns = new ColumnStatsCollector[rowType.size()];
    for (int i = 0; i < columns.length; i++) {
      columns[i] =
          new ColumnStatsCollector(
              rowType.typeAt(i), options.statsModeFor(rowType.field(i).name()));
    }
    return new StatsCollectors(columns);
  }

  void add(Object[] row) {
    for (int i = 0; i < columns.length; i++) {
      columns[i].add(row[i]);
    }
  }

  FileStats result() {
    int n = columns.length;
    Object[] min = new Object[n];
    Object[] max = new Object[n];
    Long[] nullCounts = new Long[n];
    for (int i = 0; i < n; i++) {
      min[i] = columns[i].min();
      max[i] = columns[i].max();
      nullCounts[i] = columns[i].nullCount();
    }
    return new FileStats(min, max, nullCounts);
  }
}

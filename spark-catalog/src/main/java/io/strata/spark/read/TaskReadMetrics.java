package io.strata.spark.read;

import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;

/**
 * What one read task has read so far, across its splits: row groups skipped and bytes read. Bytes
 * come from the Hadoop file systems' statistics of the task's thread, the way Spark measures its
 * own input size; the reader is used on that one thread.
 */
final class TaskReadMetrics {

  private final long bytesAtStart = threadBytesRead();
  private long rowGroupsSkipped;

  void skippedRowGroups(long count) {
    rowGroupsSkipped += count;
  }

  CustomTaskMetric[] values() {
    return new CustomTaskMetric[] {
      ScanMetrics.value(ScanMetrics.ROW_GROUPS_SKIPPED, rowGroupsSkipped),
      ScanMetrics.value(ScanMetrics.BYTES_READ, threadBytesRead() - bytesAtStart)
    };
  }

  @SuppressWarnings("deprecation") // the per-thread statistics have no other entry point
  private static long threadBytesRead() {
    long bytes = 0;
    for (FileSystem.Statistics s : FileSystem.getAllStatistics()) {
      bytes += s.getThreadStatistics().getBytesRead();
    }
    return bytes;
  }
}

package io.strata.spark.read;

import io.strata.spark.SparkMetrics;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;

/**
 * What one read task has read so far, across its splits: Parquet row groups and files skipped, and
 * bytes read. A columnar read counts the column chunks it fetches (the requested columns of the row
 * groups kept); a row read counts the whole files it opens. The reader is used on one thread.
 */
final class TaskReadMetrics {

  private long rowGroupsSkipped;
  private long bytesRead;
  private long filesSkippedByFileIndex;

  void skippedRowGroups(long count) {
    rowGroupsSkipped += count;
  }

  void skippedByFileIndex() {
    filesSkippedByFileIndex++;
  }

  void readBytes(long bytes) {
    bytesRead += bytes;
  }

  CustomTaskMetric[] values() {
    return new CustomTaskMetric[] {
      SparkMetrics.value(ScanMetrics.ROW_GROUPS_SKIPPED, rowGroupsSkipped),
      SparkMetrics.value(ScanMetrics.SKIPPED_BY_FILE_INDEX, filesSkippedByFileIndex),
      SparkMetrics.value(ScanMetrics.BYTES_READ, bytesRead)
    };
  }
}

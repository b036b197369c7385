package io.strata.spark.write;

import io.strata.core.table.CommitReport;
import io.strata.core.write.BucketCompactor;
import io.strata.core.write.CommitMessage;
import io.strata.spark.SparkMetrics;
import java.util.List;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;

/**
 * The custom metrics a Strata write shows in the SQL tab of Spark's UI. Tasks report the records
 * they wrote ({@code recordsWritten}, a name Spark also copies into the stage's output metrics);
 * the driver reports, after the commit, the data files and bytes committed and what the commit cost
 * and caused: retries, snapshots and partitions that maintenance expired.
 *
 * <p>Files and bytes are driver metrics on purpose: Spark 4.1 polls a writer's metrics for the last
 * time before {@code DataWriter.commit()}, which closes each task's last file, so a task could only
 * report the files it had rolled so far; the commit messages hold every file with its size.
 */
public final class WriteMetrics {

  private WriteMetrics() {}

  public static final String RECORDS_WRITTEN = "recordsWritten";
  public static final String DATA_FILES_WRITTEN = "dataFilesWritten";
  public static final String DATA_BYTES_WRITTEN = "dataBytesWritten";
  public static final String FILES_COMPACTED = "filesCompacted";
  public static final String COMMIT_RETRIES = "commitRetries";
  public static final String SNAPSHOTS_EXPIRED = "snapshotsExpired";
  public static final String PARTITIONS_EXPIRED = "partitionsExpired";
  public static final String WRITE_TASKS = "writeTasks";
  public static final String MAX_BUCKETS_PER_TASK = "maxBucketsPerTask";

  /** Every metric a write reports. */
  public static CustomMetric[] supported() {
    return new CustomMetric[] {
      new RecordsWritten(),
      new DataFilesWritten(),
      new DataBytesWritten(),
      new FilesCompacted(),
      new CommitRetries(),
      new SnapshotsExpired(),
      new PartitionsExpired(),
      new WriteTasks(),
      new MaxBucketsPerTask()
    };
  }

  /** A task's values: the records it has written so far. */
  public static CustomTaskMetric[] taskValues(long records) {
    return new CustomTaskMetric[] {SparkMetrics.value(RECORDS_WRITTEN, records)};
  }

  /**
   * The driver's values after committing {@code written}, the files of {@code byTask}, with the
   * outcome {@code report}.
   */
  static CustomTaskMetric[] driverValues(
      List<List<CommitMessage>> byTask, List<CommitMessage> written, CommitReport report) {
    long files = 0;
    long bytes = 0;
    long compacted = 0;
    for (CommitMessage m : written) {
      files += m.newFiles().size();
      bytes += BucketCompactor.bytes(m.newFiles());
      compacted += m.compactBefore().size();
    }
    return new CustomTaskMetric[] {
      SparkMetrics.value(DATA_FILES_WRITTEN, files),
      SparkMetrics.value(DATA_BYTES_WRITTEN, bytes),
      SparkMetrics.value(FILES_COMPACTED, compacted),
      SparkMetrics.value(COMMIT_RETRIES, report.commitRetries()),
      SparkMetrics.value(SNAPSHOTS_EXPIRED, report.snapshotsExpired()),
      SparkMetrics.value(PARTITIONS_EXPIRED, report.partitionsExpired()),
      SparkMetrics.value(WRITE_TASKS, byTask.stream().filter(m -> !m.isEmpty()).count()),
      SparkMetrics.value(MAX_BUCKETS_PER_TASK, maxBucketsPerTask(byTask))
    };
  }

  /** The most (partition, bucket) pairs one task wrote: how evenly the write spread its buckets. */
  static long maxBucketsPerTask(List<List<CommitMessage>> byTask) {
    long max = 0;
    for (List<CommitMessage> task : byTask) {
      max =
          Math.max(
              max, task.stream().map(m -> List.of(m.partition(), m.bucket())).distinct().count());
    }
    return max;
  }

  /** Records the tasks wrote. */
  public static final class RecordsWritten extends SparkMetrics.Sum {
    public RecordsWritten() {
      super(RECORDS_WRITTEN, "records written");
    }
  }

  /** Data files committed. */
  public static final class DataFilesWritten extends SparkMetrics.Sum {
    public DataFilesWritten() {
      super(DATA_FILES_WRITTEN, "data files written");
    }
  }

  /** Bytes of the data files committed. */
  public static final class DataBytesWritten extends SparkMetrics.Sum {
    public DataBytesWritten() {
      super(DATA_BYTES_WRITTEN, "data bytes written");
    }
  }

  /** Files the write tasks compacted away (primary-key buckets). */
  public static final class FilesCompacted extends SparkMetrics.Sum {
    public FilesCompacted() {
      super(FILES_COMPACTED, "files compacted by writers");
    }
  }

  /** Commit attempts retried after a concurrent commit won. */
  public static final class CommitRetries extends SparkMetrics.Sum {
    public CommitRetries() {
      super(COMMIT_RETRIES, "commit retries");
    }
  }

  /** Snapshots that post-commit maintenance expired. */
  public static final class SnapshotsExpired extends SparkMetrics.Sum {
    public SnapshotsExpired() {
      super(SNAPSHOTS_EXPIRED, "snapshots expired");
    }
  }

  /** Tasks that wrote files. */
  public static final class WriteTasks extends SparkMetrics.Sum {
    public WriteTasks() {
      super(WRITE_TASKS, "write tasks");
    }
  }

  /** The most buckets one task wrote (a driver value: a sum of one). */
  public static final class MaxBucketsPerTask extends SparkMetrics.Sum {
    public MaxBucketsPerTask() {
      super(MAX_BUCKETS_PER_TASK, "max buckets written by one task");
    }
  }

  /** Partitions that post-commit maintenance expired. */
  public static final class PartitionsExpired extends SparkMetrics.Sum {
    public PartitionsExpired() {
      super(PARTITIONS_EXPIRED, "partitions expired");
    }
  }
}

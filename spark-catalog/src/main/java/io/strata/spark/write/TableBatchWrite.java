package io.strata.spark.write;

import io.strata.core.progress.Progress;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableCommit;
import io.strata.core.write.CommitMessage;
import io.strata.core.write.WriteStart;
import io.strata.spark.SparkJobs;
import java.util.List;
import java.util.UUID;
import org.apache.spark.SparkContext;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.WriterCommitMessage;

/**
 * The driver side shared by every Strata write (INSERT, copy-on-write and delta DML): tasks start
 * their buckets where the latest snapshot left them, and the driver commits what they wrote through
 * the table's one {@link TableCommit}, or deletes it on abort. Subclasses choose only the kind of
 * commit, so the scaffolds cannot drift apart.
 */
public abstract class TableBatchWrite implements BatchWrite {

  protected final FileStoreTable table;
  private final String commitUser = UUID.randomUUID().toString();
  private SparkJobs.Restorer jobDescription;
  private volatile CustomTaskMetric[] driverMetrics = new CustomTaskMetric[0];

  protected TableBatchWrite(FileStoreTable table) {
    this.table = table;
  }

  /**
   * Where the tasks' writers start: buckets continue their sequence numbers, so new key records win
   * over old ones and fixed-bucket append files stay ordered, and key buckets are compacted by the
   * tasks that write them.
   */
  protected final WriteStart writeStart() {
    return WriteStart.latest(table);
  }

  /**
   * What the tasks' messages commit: the files they wrote; a write that also marks rows deleted
   * writes its deletion vectors here, on the driver, once per bucket.
   */
  protected List<CommitMessage> toCommit(WriterCommitMessage[] taskMessages) {
    return StrataWriterCommitMessage.collect(taskMessages);
  }

  /** Commits the files of all tasks with {@code commit}, which then runs maintenance. */
  protected abstract void commit(TableCommit commit, List<CommitMessage> written);

  /**
   * Describes the write job in Spark's UI ("Strata append to db.t") until the commit or abort;
   * called where Spark asks for the writer factory, just before it submits the job.
   */
  protected final void describeJob(String action) {
    restoreJobDescription();
    if (SparkSession.getActiveSession().isEmpty()) {
      return;
    }
    SparkContext spark = SparkSession.getActiveSession().get().sparkContext();
    String previous = spark.getLocalProperty(SparkJobs.DESCRIPTION);
    String text = "Strata " + action + " " + Progress.table(table.root());
    jobDescription = SparkJobs.describe(spark, previous == null ? text : text + ": " + previous);
  }

  @Override
  public final void commit(WriterCommitMessage[] taskMessages) {
    try {
      List<CommitMessage> written = toCommit(taskMessages);
      TableCommit commit = table.newCommit(commitUser);
      commit(commit, written);
      driverMetrics = WriteMetrics.driverValues(written, commit.report());
    } finally {
      restoreJobDescription();
    }
  }

  @Override
  public final void abort(WriterCommitMessage[] taskMessages) {
    try {
      table.newCommit(commitUser).abort(StrataWriterCommitMessage.collect(taskMessages));
    } finally {
      restoreJobDescription();
    }
  }

  /** The driver's metric values once the commit ran; none before. */
  public final CustomTaskMetric[] driverMetrics() {
    return driverMetrics;
  }

  private void restoreJobDescription() {
    if (jobDescription != null) {
      jobDescription.restore();
      jobDescription = null;
    }
  }
}

package io.strata.core.compact;

import io.strata.core.progress.Progress;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.store.FileStore;
import io.strata.core.write.BucketCompactor;
import io.strata.core.write.CommitMessage;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What one compaction run rewrote, over all its buckets: the files (and bytes) it replaced and
 * those it wrote. Logged at INFO when the run has committed, by every compaction path (the serial
 * one, {@code CALL sys.compact} in Spark tasks, sort compaction).
 */
public record CompactionSummary(
    int buckets, int filesBefore, long bytesBefore, int filesAfter, long bytesAfter) {

  private static final Logger LOG = LoggerFactory.getLogger(CompactionSummary.class);

  /** The totals of compactions {@code messages} (their compactBefore and compactAfter files). */
  public static CompactionSummary of(List<CommitMessage> messages) {
    int buckets = 0;
    int filesBefore = 0;
    int filesAfter = 0;
    long bytesBefore = 0;
    long bytesAfter = 0;
    for (CommitMessage m : messages) {
      if (!m.hasCompaction()) {
        continue;
      }
      buckets++;
      filesBefore += m.compactBefore().size();
      bytesBefore += BucketCompactor.bytes(m.compactBefore());
      filesAfter += m.compactAfter().size();
      bytesAfter += BucketCompactor.bytes(m.compactAfter());
    }
    return new CompactionSummary(buckets, filesBefore, bytesBefore, filesAfter, bytesAfter);
  }

  /**
   * Logs the run: {@code how} it ran ("in 4 Spark tasks"), the snapshot it committed (null when
   * nothing needed compaction) and the time since {@code startNanos}.
   */
  public void log(FileStore table, String how, Snapshot committed, long startNanos) {
    String name = Progress.table(table.root());
    if (committed == null) {
      LOG.info(
          "Compaction of {} found nothing to compact, in {}",
          name,
          Progress.elapsedSince(startNanos));
      return;
    }
    LOG.info(
        "Compacted {} of {} {}: {} ({}) into {} ({}), snapshot {}, in {}",
        Progress.count(buckets, "bucket"),
        name,
        how,
        Progress.count(filesBefore, "file"),
        Progress.bytes(bytesBefore),
        Progress.count(filesAfter, "file"),
        Progress.bytes(bytesAfter),
        committed.id(),
        Progress.elapsedSince(startNanos));
  }
}

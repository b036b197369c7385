package io.strata.core.write;

import io.strata.core.data.BinaryRow;
import io.strata.core.manifest.DataFileMeta;
import java.io.Serializable;
import java.util.List;

/**
 * What one writer changed in one (partition, bucket): files it added and files it replaced
 * (copy-on-write rewrites), and what it compacted (files compacted away, files compaction wrote).
 * Sent from executors to the driver's commit, which commits the data change first and the
 * compaction as a COMPACT snapshot after it.
 */
public record CommitMessage(
    BinaryRow partition,
    int bucket,
    int totalBuckets,
    List<DataFileMeta> newFiles,
    List<DataFileMeta> deletedFiles,
    List<DataFileMeta> compactBefore,
    List<DataFileMeta> compactAfter)
    implements Serializable {

  public CommitMessage {
    newFiles = List.copyOf(newFiles);
    deletedFiles = List.copyOf(deletedFiles);
    compactBefore = List.copyOf(compactBefore);
    compactAfter = List.copyOf(compactAfter);
  }

  /** A data change without compaction. */
  public CommitMessage(
      BinaryRow partition,
      int bucket,
      int totalBuckets,
      List<DataFileMeta> newFiles,
      List<DataFileMeta> deletedFiles) {
    this(partition, bucket, totalBuckets, newFiles, deletedFiles, List.of(), List.of());
  }

  /** A compaction alone: {@code before} replaced by {@code after}. */
  public static CommitMessage compaction(
      BucketId bucket, int totalBuckets, List<DataFileMeta> before, List<DataFileMeta> after) {
    return new CommitMessage(
        bucket.partition(), bucket.bucket(), totalBuckets, List.of(), List.of(), before, after);
  }

  public boolean isEmpty() {
    return newFiles.isEmpty()
        && deletedFiles.isEmpty()
        && compactBefore.isEmpty()
        && compactAfter.isEmpty();
  }

  public boolean hasCompaction() {
    return !compactBefore.isEmpty() || !compactAfter.isEmpty();
  }

  /** The data change alone, for the first of the two snapshots. */
  public CommitMessage dataChange() {
    return new CommitMessage(partition, bucket, totalBuckets, newFiles, deletedFiles);
  }

  /** The compaction as a change that adds its output and removes its input. */
  public CommitMessage compactionAsChange() {
    return new CommitMessage(partition, bucket, totalBuckets, compactAfter, compactBefore);
  }
}

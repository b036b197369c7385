package io.strata.core.write;

import io.strata.core.data.BinaryRow;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.IndexFileMeta;
import java.io.Serializable;
import java.util.List;

/**
 * What one writer changed in one (partition, bucket): files it added and files it replaced
 * (copy-on-write rewrites), and what it compacted (files compacted away, files compaction wrote).
 * Sent from executors to the driver's commit, which commits the data change first and the
 * compaction as a COMPACT snapshot after it.
 *
 * <p>In dynamic bucket mode it also carries the bucket's new hash index file ({@code
 * newIndexFiles}) and the one it replaces ({@code deletedIndexFiles}, empty for a new bucket),
 * which commit with the data change.
 *
 * <p>With {@code changelog-producer} {@code input}, a primary-key writer also wrote {@code
 * changelogFiles}: every input record, unmerged, which the data change's snapshot lists in its
 * changelog manifest list.
 */
public record CommitMessage(
    BinaryRow partition,
    int bucket,
    int totalBuckets,
    List<DataFileMeta> newFiles,
    List<DataFileMeta> deletedFiles,
    List<DataFileMeta> compactBefore,
    List<DataFileMeta> compactAfter,
    List<IndexFileMeta> newIndexFiles,
    List<IndexFileMeta> deletedIndexFiles,
    List<DataFileMeta> changelogFiles)
    implements Serializable {

  public CommitMessage {
    newFiles = List.copyOf(newFiles);
    deletedFiles = List.copyOf(deletedFiles);
    compactBefore = List.copyOf(compactBefore);
    compactAfter = List.copyOf(compactAfter);
    newIndexFiles = List.copyOf(newIndexFiles);
    deletedIndexFiles = List.copyOf(deletedIndexFiles);
    changelogFiles = List.copyOf(changelogFiles);
  }

  /** A change without changelog files. */
  public CommitMessage(
      BinaryRow partition,
      int bucket,
      int totalBuckets,
      List<DataFileMeta> newFiles,
      List<DataFileMeta> deletedFiles,
      List<DataFileMeta> compactBefore,
      List<DataFileMeta> compactAfter,
      List<IndexFileMeta> newIndexFiles,
      List<IndexFileMeta> deletedIndexFiles) {
    this(
        partition,
        bucket,
        totalBuckets,
        newFiles,
        deletedFiles,
        compactBefore,
        compactAfter,
        newIndexFiles,
        deletedIndexFiles,
        List.of());
  }

  /** A change without index files. */
  public CommitMessage(
      BinaryRow partition,
      int bucket,
      int totalBuckets,
      List<DataFileMeta> newFiles,
      List<DataFileMeta> deletedFiles,
      List<DataFileMeta> compactBefore,
      List<DataFileMeta> compactAfter) {
    this(
        partition,
        bucket,
        totalBuckets,
        newFiles,
        deletedFiles,
        compactBefore,
        compactAfter,
        List.of(),
        List.of());
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
        && changelogFiles.isEmpty()
        && !hasIndexChange()
        && compactBefore.isEmpty()
        && compactAfter.isEmpty();
  }

  public boolean hasCompaction() {
    return !compactBefore.isEmpty() || !compactAfter.isEmpty();
  }

  /** Whether the bucket's hash index changed. */
  public boolean hasIndexChange() {
    return !newIndexFiles.isEmpty() || !deletedIndexFiles.isEmpty();
  }

  /**
   * The data change alone (with its index change and changelog), for the first of the two
   * snapshots.
   */
  public CommitMessage dataChange() {
    return new CommitMessage(
        partition,
        bucket,
        totalBuckets,
        newFiles,
        deletedFiles,
        List.of(),
        List.of(),
        newIndexFiles,
        deletedIndexFiles,
        changelogFiles);
  }

  /** The compaction as a change that adds its output and removes its input. */
  public CommitMessage compactionAsChange() {
    return new CommitMessage(partition, bucket, totalBuckets, compactAfter, compactBefore);
  }
}

package io.strata.core.write;

import io.strata.core.data.BinaryRow;
import io.strata.core.deletion.DeletionVectorChange;
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
 * <p>With {@code deletion-vectors.enabled} the index files may also be deletion-vector files: the
 * bucket's one new index file and every one it replaces (see {@code DeletionVectorChange}). They
 * belong to the compaction when the message has one (compaction is what drops the vectors of the
 * files it removes), else to the data change.
 *
 * <p>With {@code changelog-producer} {@code input}, a primary-key writer also wrote {@code
 * changelogFiles}: every input record, unmerged, which the data change's snapshot lists in its
 * changelog manifest list. With {@code changelog-producer} {@code lookup}, the compaction wrote
 * {@code compactChangelogFiles}, which the COMPACT snapshot lists.
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
    List<DataFileMeta> changelogFiles,
    List<DataFileMeta> compactChangelogFiles)
    implements Serializable {

  public CommitMessage {
    compactChangelogFiles = List.copyOf(compactChangelogFiles);
    newFiles = List.copyOf(newFiles);
    deletedFiles = List.copyOf(deletedFiles);
    compactBefore = List.copyOf(compactBefore);
    compactAfter = List.copyOf(compactAfter);
    newIndexFiles = List.copyOf(newIndexFiles);
    deletedIndexFiles = List.copyOf(deletedIndexFiles);
    changelogFiles = List.copyOf(changelogFiles);
  }

  /** A change whose compaction wrote no changelog. */
  public CommitMessage(
      BinaryRow partition,
      int bucket,
      int totalBuckets,
      List<DataFileMeta> newFiles,
      List<DataFileMeta> deletedFiles,
      List<DataFileMeta> compactBefore,
      List<DataFileMeta> compactAfter,
      List<IndexFileMeta> newIndexFiles,
      List<IndexFileMeta> deletedIndexFiles,
      List<DataFileMeta> changelogFiles) {
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
        changelogFiles,
        List.of());
  }

  /** This message with the changelog files its compaction wrote. */
  public CommitMessage withCompactChangelog(List<DataFileMeta> files) {
    return new CommitMessage(
        partition,
        bucket,
        totalBuckets,
        newFiles,
        deletedFiles,
        compactBefore,
        compactAfter,
        newIndexFiles,
        deletedIndexFiles,
        changelogFiles,
        files);
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

  /**
   * A compaction alone that also replaces the bucket's deletion-vector index files ({@code
   * vectors}: the vectors of {@code before} dropped).
   */
  public static CommitMessage compaction(
      BucketId bucket,
      int totalBuckets,
      List<DataFileMeta> before,
      List<DataFileMeta> after,
      DeletionVectorChange vectors) {
    return new CommitMessage(
        bucket.partition(),
        bucket.bucket(),
        totalBuckets,
        List.of(),
        List.of(),
        before,
        after,
        vectors.newIndexFiles(),
        vectors.deletedIndexFiles());
  }

  public boolean isEmpty() {
    return newFiles.isEmpty()
        && deletedFiles.isEmpty()
        && changelogFiles.isEmpty()
        && compactChangelogFiles.isEmpty()
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
        indexFilesOfDataChange(newIndexFiles),
        indexFilesOfDataChange(deletedIndexFiles),
        changelogFiles);
  }

  /**
   * The compaction as a change that adds its output and removes its input, with the deletion
   * vectors it rewrote and the changelog it wrote.
   */
  public CommitMessage compactionAsChange() {
    return new CommitMessage(
        partition,
        bucket,
        totalBuckets,
        compactAfter,
        compactBefore,
        List.of(),
        List.of(),
        deletionVectorFiles(newIndexFiles),
        deletionVectorFiles(deletedIndexFiles),
        compactChangelogFiles);
  }

  private List<IndexFileMeta> indexFilesOfDataChange(List<IndexFileMeta> files) {
    if (!hasCompaction()) {
      return files;
    }
    return files.stream()
        .filter(f -> !IndexFileMeta.DELETION_VECTORS.equals(f.indexType()))
        .toList();
  }

  private static List<IndexFileMeta> deletionVectorFiles(List<IndexFileMeta> files) {
    return files.stream()
        .filter(f -> IndexFileMeta.DELETION_VECTORS.equals(f.indexType()))
        .toList();
  }
}

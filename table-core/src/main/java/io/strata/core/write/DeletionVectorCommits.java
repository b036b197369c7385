package io.strata.core.write;

import io.strata.core.deletion.BucketDeletionVectors;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.IndexFileMeta;
import io.strata.core.store.FileStore;
import java.util.List;

/**
 * The commit message of a compaction of a key bucket with deletion vectors: the files it replaced
 * and wrote, and, when its vectors changed, the bucket's new index file replacing the old ones;
 * they commit together in the COMPACT snapshot.
 */
public final class DeletionVectorCommits {

  private DeletionVectorCommits() {}

  /** A compaction alone (a compaction task's). */
  public static CommitMessage compaction(
      FileStore table,
      BucketId bucket,
      int totalBuckets,
      List<DataFileMeta> before,
      List<DataFileMeta> after,
      BucketDeletionVectors vectors) {
    List<List<IndexFileMeta>> change = indexChange(table, vectors);
    return new CommitMessage(
        bucket.partition(),
        bucket.bucket(),
        totalBuckets,
        List.of(),
        List.of(),
        before,
        after,
        change.get(0),
        change.get(1));
  }

  /** The new index files and those they replace, when the vectors changed; both empty if not. */
  static List<List<IndexFileMeta>> indexChange(FileStore table, BucketDeletionVectors vectors) {
    throw new UnsupportedOperationException("awaiting the DV foundation");
  }
}

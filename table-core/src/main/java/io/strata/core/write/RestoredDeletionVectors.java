package io.strata.core.write;

import io.strata.core.deletion.BucketDeletionVectors;
import io.strata.core.deletion.DeletionFileIndex;
import io.strata.core.manifest.IndexManifestEntry;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.store.FileStore;
import java.util.List;

/**
 * The deletion vectors of the buckets a task compacts, as the write's base snapshot holds them: its
 * index manifest is read once per task, a bucket's vectors when the bucket is first written.
 */
final class RestoredDeletionVectors {

  private final FileStore table;
  private final Long snapshotId;
  private List<IndexManifestEntry> entries;

  RestoredDeletionVectors(FileStore table, Long snapshotId) {
    this.table = table;
    this.snapshotId = snapshotId;
  }

  BucketDeletionVectors of(BucketId bucket) {
    if (entries == null) {
      entries = entriesOf(table, snapshotId);
    }
    return BucketDeletionVectors.load(
        DeletionFileIndex.of(entries, table.indexFilePaths()),
        bucket.partition(),
        bucket.bucket(),
        table.deletionVectorIndexFile());
  }

  private static List<IndexManifestEntry> entriesOf(FileStore table, Long snapshotId) {
    Snapshot snapshot = snapshotId == null ? null : table.snapshotManager().snapshot(snapshotId);
    return snapshot == null || snapshot.indexManifest() == null
        ? List.of()
        : table.manifestFiles().readIndexManifest(snapshot.indexManifest());
  }
}

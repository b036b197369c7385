package io.strata.core.index;

import io.strata.core.data.BinaryRow;
import io.strata.core.manifest.IndexFileMeta;
import io.strata.core.manifest.IndexManifestEntry;
import io.strata.core.options.DynamicBucketOptions;
import io.strata.core.options.Options;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.store.FileStore;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Assigns the keys one task writes to dynamic buckets: each partition's index is restored, when the
 * task first writes to it, from the hash index files the base snapshot's index manifest lists.
 * Correct only when one task writes all rows of a partition (the write clusters by partition) and
 * no other write changes the partition's index meanwhile (the commit checks both).
 */
public final class DynamicBucketAssigner {

  private final FileStore table;
  private final Long snapshotId;
  private final HashIndexFile indexFiles;
  private final long targetRowNum;
  private final int maxBuckets;
  private final Map<BinaryRow, PartitionBucketIndex> partitions = new HashMap<>();
  private Map<BinaryRow, List<IndexManifestEntry>> baseEntries;

  /**
   * @param snapshotId the snapshot whose index the buckets start from, or null to start empty (a
   *     new table, or an overwrite that replaces the partitions it writes)
   */
  public DynamicBucketAssigner(FileStore table, Long snapshotId) {
    this.table = table;
    this.snapshotId = snapshotId;
    this.indexFiles = new HashIndexFile(table.fileIO(), table.indexFilePaths());
    Options options = table.options();
    this.targetRowNum = options.get(DynamicBucketOptions.TARGET_ROW_NUM);
    this.maxBuckets = options.get(DynamicBucketOptions.MAX_BUCKETS);
  }

  /** The bucket of a key of {@code partition} whose serialized trimmed primary key hashes so. */
  public int assign(BinaryRow partition, int keyHash) {
    return partitions.computeIfAbsent(partition, this::restore).assign(keyHash);
  }

  /** A bucket whose keys changed: its new index file and the one it replaces (null when new). */
  public record IndexChange(
      BinaryRow partition, int bucket, IndexFileMeta before, IndexFileMeta after) {}

  /** Writes a new hash index file for every bucket that took new keys. */
  public List<IndexChange> writeChangedIndexes() {
    List<IndexChange> changes = new ArrayList<>();
    for (Map.Entry<BinaryRow, PartitionBucketIndex> e : partitions.entrySet()) {
      PartitionBucketIndex index = e.getValue();
      for (int bucket : index.changedBuckets()) {
        IndexFileMeta written = indexFiles.write(e.getKey(), bucket, index.hashesOf(bucket));
        changes.add(new IndexChange(e.getKey(), bucket, index.baseFile(bucket), written));
      }
    }
    partitions.clear();
    return changes;
  }

  /** Deletes index files written for a commit that will not happen. */
  public void abort(List<IndexChange> changes) {
    changes.forEach(c -> indexFiles.deleteQuietly(c.partition(), c.bucket(), c.after()));
  }

  private PartitionBucketIndex restore(BinaryRow partition) {
    PartitionBucketIndex index = new PartitionBucketIndex(targetRowNum, maxBuckets);
    for (IndexManifestEntry e : baseEntries().getOrDefault(partition, List.of())) {
      index.restore(
          e.bucket(), e.indexFile(), indexFiles.read(partition, e.bucket(), e.indexFile()));
    }
    return index;
  }

  private Map<BinaryRow, List<IndexManifestEntry>> baseEntries() {
    if (baseEntries == null) {
      baseEntries = new HashMap<>();
      Snapshot base = snapshotId == null ? null : table.snapshotManager().snapshot(snapshotId);
      if (base != null && base.indexManifest() != null) {
        for (IndexManifestEntry e : table.manifestFiles().readIndexManifest(base.indexManifest())) {
          if (HashIndexFile.HASH.equals(e.indexFile().indexType())) {
            baseEntries.computeIfAbsent(e.partition(), k -> new ArrayList<>()).add(e);
          }
        }
      }
    }
    return baseEntries;
  }
}

package io.strata.core.write;

import io.strata.core.data.BinaryRowCodec;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.manifest.ManifestFileMeta;
import io.strata.core.predicate.PartitionPredicates;
import io.strata.core.scan.FileStoreScan;
import io.strata.core.store.FileStore;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The live files of a bucket in a write's base snapshot: what a task's compaction of that bucket
 * starts from. A task reads only what the buckets it writes need: when a bucket is first asked for,
 * the manifests whose bucket range and partition stats may hold it, each manifest at most once per
 * task (its entries are kept grouped by bucket for the task's other buckets).
 */
final class RestoredFiles {

  private final FileStore table;
  private final Long snapshotId;
  private final RowType partitionType;
  private List<ManifestFileMeta> manifests;
  private final Map<String, Map<BucketId, List<ManifestEntry>>> readManifests = new HashMap<>();

  RestoredFiles(FileStore table, Long snapshotId) {
    this.table = table;
    this.snapshotId = snapshotId;
    this.partitionType = table.schema().partitionType();
  }

  List<DataFileMeta> of(BucketId bucket) {
    if (snapshotId == null) {
      return List.of();
    }
    FileStoreScan scan = new FileStoreScan(table.manifestFiles(), partitionType);
    if (manifests == null) {
      manifests = scan.manifestsOf(table.snapshotManager().snapshot(snapshotId));
    }
    if (partitionType.size() > 0) {
      Object[] values = BinaryRowCodec.deserialize(partitionType, bucket.partition());
      scan.withPartitionFilter(PartitionPredicates.equalTo(partitionType, values));
    }
    scan.withBucket(bucket.bucket());
    List<ManifestFileMeta> candidates = manifests.stream().filter(scan::mayMatch).toList();
    readMissing(candidates);
    List<List<ManifestEntry>> inOrder = new ArrayList<>();
    for (ManifestFileMeta m : candidates) {
      inOrder.add(readManifests.get(m.fileName()).getOrDefault(bucket, List.of()));
    }
    return FileStoreScan.merge(inOrder).stream().map(ManifestEntry::file).toList();
  }

  /** How many manifests this task has read so far. */
  int manifestsRead() {
    return readManifests.size();
  }

  private void readMissing(List<ManifestFileMeta> candidates) {
    List<ManifestFileMeta> missing =
        candidates.stream().filter(m -> !readManifests.containsKey(m.fileName())).toList();
    FileStoreScan all = new FileStoreScan(table.manifestFiles(), partitionType);
    List<List<ManifestEntry>> entries = all.readEntries(missing);
    for (int i = 0; i < missing.size(); i++) {
      Map<BucketId, List<ManifestEntry>> byBucket = new HashMap<>();
      for (ManifestEntry e : entries.get(i)) {
        byBucket
            .computeIfAbsent(new BucketId(e.partition(), e.bucket()), k -> new ArrayList<>())
            .add(e);
      }
      readManifests.put(missing.get(i).fileName(), byBucket);
    }
  }
}

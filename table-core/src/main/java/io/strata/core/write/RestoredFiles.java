package io.strata.core.write;

import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.scan.FileStoreScan;
import io.strata.core.store.FileStore;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The live files of each bucket in a write's base snapshot, read from its manifests once per task
 * on first use: what a task's compaction starts from.
 */
final class RestoredFiles {

  private final FileStore table;
  private final Long snapshotId;
  private Map<BucketId, List<DataFileMeta>> files;

  RestoredFiles(FileStore table, Long snapshotId) {
    this.table = table;
    this.snapshotId = snapshotId;
  }

  List<DataFileMeta> of(BucketId bucket) {
    if (snapshotId == null) {
      return List.of();
    }
    if (files == null) {
      files = new HashMap<>();
      FileStoreScan scan = new FileStoreScan(table.manifestFiles(), table.schema().partitionType());
      for (ManifestEntry e : scan.liveEntries(table.snapshotManager().snapshot(snapshotId))) {
        files
            .computeIfAbsent(new BucketId(e.partition(), e.bucket()), k -> new ArrayList<>())
            .add(e.file());
      }
    }
    return files.getOrDefault(bucket, List.of());
  }
}

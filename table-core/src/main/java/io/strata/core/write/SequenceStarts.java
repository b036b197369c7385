package io.strata.core.write;

import io.strata.core.commit.FileStoreCommit;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.scan.FileStoreScan;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import java.util.HashMap;
import java.util.Map;

/** The next free sequence number of every bucket of a snapshot (the max in use plus one). */
public final class SequenceStarts {

  private SequenceStarts() {}

  public static Map<BucketId, Long> of(FileStoreTable table, Snapshot snapshot) {
    Map<BucketId, Long> next = new HashMap<>();
    FileStoreScan scan =
        new FileStoreScan(FileStoreCommit.manifestFiles(table), table.schema().partitionType());
    for (ManifestEntry e : scan.liveEntries(snapshot)) {
      next.merge(
          new BucketId(e.partition(), e.bucket()), e.file().maxSequenceNumber() + 1, Math::max);
    }
    return next;
  }
}

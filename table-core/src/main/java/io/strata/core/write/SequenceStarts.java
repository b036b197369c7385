package io.strata.core.write;

import io.strata.core.manifest.ManifestEntry;
import io.strata.core.options.TableOptions;
import io.strata.core.scan.FileStoreScan;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.store.FileStore;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The next free sequence number of every bucket of a snapshot (the max in use plus one), for the
 * tables whose buckets continue their sequence across commits as Paimon 1.3.1 does: primary-key
 * tables and fixed-bucket append tables. Unaware-bucket append tables start every commit at 0.
 */
public final class SequenceStarts {

  private SequenceStarts() {}

  public static Map<BucketId, Long> of(FileStore table, Snapshot snapshot) {
    if (!table.schema().hasPrimaryKey() && table.options().get(TableOptions.BUCKET) <= 0) {
      return Map.of();
    }
    FileStoreScan scan = new FileStoreScan(table.manifestFiles(), table.schema().partitionType());
    return of(scan.liveEntries(snapshot));
  }

  /** The next free sequence number of every bucket of {@code live}, a snapshot's live files. */
  static Map<BucketId, Long> of(List<ManifestEntry> live) {
    Map<BucketId, Long> next = new HashMap<>();
    for (ManifestEntry e : live) {
      next.merge(
          new BucketId(e.partition(), e.bucket()), e.file().maxSequenceNumber() + 1, Math::max);
    }
    return next;
  }
}

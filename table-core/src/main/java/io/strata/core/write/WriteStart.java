package io.strata.core.write;

import io.strata.core.manifest.ManifestEntry;
import io.strata.core.options.TableOptions;
import io.strata.core.scan.FileStoreScan;
import io.strata.core.scan.TableScan;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.store.FileStore;
import java.io.Serializable;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a write starts, handed from the driver to its tasks: the snapshot it builds on, the next
 * free sequence number of each bucket, and whether tasks compact the key buckets they write (as
 * Paimon's writers do; not for {@code write-only} tables or overwrites, which replace the files a
 * compaction would start from).
 *
 * @param snapshotId the base snapshot, or null for an empty table
 * @param restoreKeyIndex whether dynamic buckets start from the base snapshot's hash indexes (false
 *     for overwrites, which replace the partitions they write, key index included)
 * @param partitionBuckets the bucket count of each partition of a postponed-bucket or fixed-bucket
 *     table, as of the base snapshot; null for other tables
 */
public record WriteStart(
    Long snapshotId,
    Map<BucketId, Long> nextSequences,
    boolean compact,
    boolean restoreKeyIndex,
    PartitionBuckets partitionBuckets)
    implements Serializable {

  public WriteStart {
    nextSequences = new HashMap<>(nextSequences);
  }

  /** A write on top of the latest snapshot that compacts as the table's options say. */
  public static WriteStart latest(FileStore table) {
    Snapshot latest = table.snapshotManager().latest();
    boolean compact =
        table.schema().hasPrimaryKey() && !table.options().get(TableOptions.WRITE_ONLY);
    Long id = latest == null ? null : latest.id();
    if (!TableScan.postponesBuckets(table) && !hasFixedBuckets(table)) {
      return new WriteStart(id, SequenceStarts.of(table, latest), compact, true, null);
    }
    // One read of the live files gives both the sequence numbers and the bucket counts.
    List<ManifestEntry> live =
        latest == null
            ? List.of()
            : new FileStoreScan(table.manifestFiles(), table.schema().partitionType())
                .liveEntries(latest);
    return new WriteStart(
        id, SequenceStarts.of(live), compact, true, PartitionBuckets.of(table, live));
  }

  /** A fixed number of buckets, which an ALTER TABLE may change (dynamic buckets have none). */
  private static boolean hasFixedBuckets(FileStore table) {
    return table.options().get(TableOptions.BUCKET) > 0;
  }

  /** Only sequence numbers: the tasks write and never compact. */
  public static WriteStart withoutCompaction(Map<BucketId, Long> nextSequences) {
    return new WriteStart(null, nextSequences, false, true, null);
  }

  /** The same start, without compaction. */
  public WriteStart withoutCompaction() {
    return new WriteStart(snapshotId, nextSequences, false, restoreKeyIndex, partitionBuckets);
  }

  /**
   * The start of an overwrite: no compaction, and dynamic buckets start empty in the partitions
   * written, whose files and key index the commit replaces. A fixed-bucket table's partitions are
   * written with the table's bucket count, whatever their old files had: that is how a partition is
   * rescaled after {@code ALTER TABLE ... SET ('bucket' = ...)}. A postponed-bucket table's keep
   * theirs.
   */
  public WriteStart forOverwrite(FileStore table) {
    PartitionBuckets buckets =
        partitionBuckets == null || TableScan.postponesBuckets(table)
            ? partitionBuckets
            : partitionBuckets.forOverwrite();
    return new WriteStart(snapshotId, nextSequences, false, false, buckets);
  }

  public long nextSequence(BucketId bucket) {
    return nextSequences.getOrDefault(bucket, 0L);
  }
}

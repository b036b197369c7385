package io.strata.core.partition;

import io.strata.core.commit.FileStoreCommit;
import io.strata.core.data.BinaryRow;
import io.strata.core.data.BinaryRowCodec;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.scan.FileStoreScan;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.store.FileStore;
import io.strata.core.types.RowType;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Lists the live partitions of a table and drops whole partitions. */
public final class Partitions {

  private Partitions() {}

  /** The live partitions of the latest snapshot, in order of first appearance. */
  public static List<PartitionEntry> live(FileStore table) {
    return live(table, table.snapshotManager().latest());
  }

  /** The live partitions of {@code snapshot} (null: none), in order of first appearance. */
  public static List<PartitionEntry> live(FileStore table, Snapshot snapshot) {
    RowType partitionType = table.schema().partitionType();
    FileStoreScan scan = new FileStoreScan(table.manifestFiles(), partitionType);
    Map<BinaryRow, Object[]> decoded = new LinkedHashMap<>();
    Map<List<Object>, Totals> byValues = new LinkedHashMap<>();
    for (ManifestEntry e : scan.liveEntries(snapshot)) {
      Object[] values =
          decoded.computeIfAbsent(e.partition(), p -> BinaryRowCodec.deserialize(partitionType, p));
      byValues.computeIfAbsent(Arrays.asList(values), k -> new Totals(values)).add(e);
    }
    List<PartitionEntry> result = new ArrayList<>(byValues.size());
    byValues.values().forEach(t -> result.add(t.toEntry()));
    return result;
  }

  /**
   * Removes every live file of these partitions in one OVERWRITE snapshot of DELETE entries; the
   * data files stay on disk until snapshot expiration removes them.
   *
   * @return the snapshot, or null when none of them has live files any more
   */
  public static Snapshot drop(
      FileStore table, Collection<PartitionEntry> partitions, String commitUser, Clock clock) {
    return drop(new FileStoreCommit(table, commitUser, clock), partitions);
  }

  /** {@link #drop(FileStore, Collection, String, Clock)} through an existing commit. */
  public static Snapshot drop(FileStoreCommit commit, Collection<PartitionEntry> partitions) {
    Set<BinaryRow> rows = new HashSet<>();
    partitions.forEach(p -> rows.addAll(p.rows()));
    if (rows.isEmpty()) {
      return null;
    }
    return commit.dropPartitions(rows);
  }

  private static final class Totals {
    final Object[] values;
    final Set<BinaryRow> rows = new HashSet<>();
    long records;
    long bytes;
    long files;
    Long lastCreation;

    Totals(Object[] values) {
      this.values = values;
    }

    void add(ManifestEntry e) {
      rows.add(e.partition());
      records += e.file().rowCount();
      bytes += e.file().fileSize();
      files++;
      Long created = e.file().creationTimeMillis();
      if (created != null && (lastCreation == null || created > lastCreation)) {
        lastCreation = created;
      }
    }

    PartitionEntry toEntry() {
      return new PartitionEntry(values, rows, records, bytes, files, lastCreation);
    }
  }
}

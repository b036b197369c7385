package io.strata.core.compact;

import io.strata.core.deletion.DeletionFileIndex;
import io.strata.core.levels.CompactStrategy;
import io.strata.core.levels.CompactUnit;
import io.strata.core.levels.CompactionPicker;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.options.TableOptions;
import io.strata.core.predicate.Predicate;
import io.strata.core.scan.FileStoreScan;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.store.FileStore;
import io.strata.core.write.BucketId;
import io.strata.core.write.TableWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Plans a compaction from the latest snapshot's manifests, opening no data file: one {@link
 * CompactionTask} per (partition, bucket) whose files the strategy picks, in manifest order.
 */
public final class CompactionPlanner {

  private final FileStore table;

  public CompactionPlanner(FileStore table) {
    this.table = table;
  }

  /** The tasks for the buckets of partitions matching {@code partitionFilter} (null = all). */
  public List<CompactionTask> plan(Predicate partitionFilter, CompactStrategy strategy) {
    if (table.schema().hasPrimaryKey()) {
      // Key compaction would have to mark replaced rows (lookup); append tasks drop vectors.
      TableWriter.checkNoDeletionVectors(table);
    }
    Snapshot latest = table.snapshotManager().latest();
    if (latest == null) {
      return List.of();
    }
    FileStoreScan scan =
        new FileStoreScan(table.manifestFiles(), table.schema().partitionType())
            .withPartitionFilter(partitionFilter);
    Map<BucketId, List<ManifestEntry>> buckets = new LinkedHashMap<>();
    for (ManifestEntry e : scan.liveEntries(latest)) {
      buckets
          .computeIfAbsent(new BucketId(e.partition(), e.bucket()), k -> new ArrayList<>())
          .add(e);
    }
    CompactionPicker picker = new CompactionPicker(table.options(), table.schema().hasPrimaryKey());
    boolean reclaim =
        !table.schema().hasPrimaryKey()
            && table.options().get(TableOptions.DELETION_VECTORS_ENABLED);
    DeletionFileIndex deletions =
        reclaim
            ? DeletionFileIndex.of(latest, table.manifestFiles(), table.paths())
            : DeletionFileIndex.EMPTY;
    DeletedRowsPick deletedRows = new DeletedRowsPick(table);
    List<CompactionTask> tasks = new ArrayList<>();
    for (Map.Entry<BucketId, List<ManifestEntry>> b : buckets.entrySet()) {
      List<ManifestEntry> entries = b.getValue();
      List<DataFileMeta> files = entries.stream().map(ManifestEntry::file).toList();
      CompactUnit unit = picker.pick(strategy, files);
      if (reclaim) {
        BucketId id = b.getKey();
        unit =
            deletedRows.pick(
                strategy, unit, files, deletions.deletionFiles(id.partition(), id.bucket()));
      }
      if (unit != null) {
        BucketId id = b.getKey();
        tasks.add(
            new CompactionTask(
                id.partition(), id.bucket(), entries.get(0).totalBuckets(), strategy, unit));
      }
    }
    return tasks;
  }
}

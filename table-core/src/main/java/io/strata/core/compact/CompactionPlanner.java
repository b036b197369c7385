package io.strata.core.compact;

import io.strata.core.deletion.DeletionFileIndex;
import io.strata.core.levels.CompactStrategy;
import io.strata.core.levels.CompactUnit;
import io.strata.core.levels.CompactionPicker;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.merge.RecordLevelExpiration;
import io.strata.core.options.TableOptions;
import io.strata.core.predicate.Predicate;
import io.strata.core.scan.FileStatsReader;
import io.strata.core.scan.FileStoreScan;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.store.FileStore;
import io.strata.core.types.DataField;
import io.strata.core.write.BucketCompactor;
import io.strata.core.write.BucketId;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

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
    // Key buckets keep their vectors by lookup compaction; append tasks drop the vectors.
    boolean keyVectors =
        table.schema().hasPrimaryKey()
            && table.options().get(TableOptions.DELETION_VECTORS_ENABLED);
    boolean byLookup = BucketCompactor.mergesByLookup(table);
    Snapshot latest = table.snapshotManager().latest();
    if (latest == null) {
      return List.of();
    }
    FileStoreScan scan =
        new FileStoreScan(table.manifestFiles(), table.schema().partitionType())
            .withPartitionFilter(partitionFilter);
    Map<BucketId, List<ManifestEntry>> buckets = new LinkedHashMap<>();
    for (ManifestEntry e : scan.liveEntries(latest)) {
      if (e.bucket() == PostponedFilesMove.POSTPONE_BUCKET) {
        continue; // moved into buckets by PostponedFilesMove first
      }
      buckets
          .computeIfAbsent(new BucketId(e.partition(), e.bucket()), k -> new ArrayList<>())
          .add(e);
    }
    CompactionPicker picker =
        new CompactionPicker(table.options(), table.schema().hasPrimaryKey())
            .withExpiredRecords(holdingExpiredRecords(table, System.currentTimeMillis()));
    boolean reclaim =
        !table.schema().hasPrimaryKey()
            && table.options().get(TableOptions.DELETION_VECTORS_ENABLED);
    DeletionFileIndex deletions =
        reclaim || keyVectors
            ? DeletionFileIndex.of(latest, table.manifestFiles(), table.indexFilePaths())
            : DeletionFileIndex.EMPTY;
    DeletedRowsPick deletedRows = new DeletedRowsPick(table);
    List<CompactionTask> tasks = new ArrayList<>();
    for (Map.Entry<BucketId, List<ManifestEntry>> b : buckets.entrySet()) {
      BucketId id = b.getKey();
      List<ManifestEntry> entries = b.getValue();
      List<DataFileMeta> files = entries.stream().map(ManifestEntry::file).toList();
      CompactUnit unit =
          keyVectors && strategy == CompactStrategy.FULL
              ? fullWithVectors(
                  picker, files, f -> deletions.lookup(id.partition(), id.bucket(), f))
              : picker.pick(strategy, files);
      if (reclaim) {
        unit =
            deletedRows.pick(
                strategy, unit, files, deletions.deletionFiles(id.partition(), id.bucket()));
      }
      if (unit == null) {
        continue;
      }
      CompactionTask.LookupBase base =
          byLookup ? new CompactionTask.LookupBase(latest.id(), others(files, unit)) : null;
      tasks.add(
          new CompactionTask(
              id.partition(), id.bucket(), entries.get(0).totalBuckets(), strategy, unit, base));
    }
    return tasks;
  }

  /**
   * A full compaction of a key bucket with deletion vectors: a bucket already wholly in the top
   * level rewrites only its files with a vector (or with retractions), dropping the vectors, as
   * Paimon does; any other bucket is rewritten whole into the top level.
   */
  private CompactUnit fullWithVectors(
      CompactionPicker picker, List<DataFileMeta> files, Function<String, Object> vectorOf) {
    int top = TableOptions.topLevel(table.options());
    if (files.stream().anyMatch(f -> f.level() != top)) {
      return picker.pick(CompactStrategy.FULL, files);
    }
    List<DataFileMeta> rewritten =
        files.stream()
            .filter(
                f ->
                    vectorOf.apply(f.fileName()) != null
                        || f.deleteRowCount() == null
                        || f.deleteRowCount() > 0)
            .toList();
    return rewritten.isEmpty() ? null : new CompactUnit(rewritten, top, true);
  }

  private static List<DataFileMeta> others(List<DataFileMeta> files, CompactUnit unit) {
    Set<String> inUnit = new HashSet<>();
    unit.files().forEach(f -> inUnit.add(f.fileName()));
    return files.stream().filter(f -> !inUnit.contains(f.fileName())).toList();
  }

  /**
   * Which files may hold records that {@code record-level.expire-time} expired as of {@code
   * nowMillis}: those whose statistics put the time column's minimum before it (none where the
   * statistics say nothing about the column, or without an expiration).
   */
  static java.util.function.Predicate<DataFileMeta> holdingExpiredRecords(
      FileStore table, long nowMillis) {
    RecordLevelExpiration expiration =
        RecordLevelExpiration.of(table.options(), table.schema().rowType(), nowMillis);
    if (expiration == null) {
      return f -> false;
    }
    List<DataField> fields = table.schema().fields();
    int column = 0;
    while (fields.get(column).id() != expiration.fieldId()) {
      column++;
    }
    int timeColumn = column;
    FileStatsReader stats = new FileStatsReader(table.schemaManager(), table.schema());
    return f -> {
      FileStatsReader.FileStats fileStats = stats.read(f);
      return fileStats != null && expiration.expired(fileStats.min()[timeColumn]);
    };
  }
}

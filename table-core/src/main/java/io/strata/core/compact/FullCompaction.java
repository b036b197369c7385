package io.strata.core.compact;

import io.strata.core.commit.FileStoreCommit;
import io.strata.core.format.CloseableIterator;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.options.MergeEngine;
import io.strata.core.options.TableOptions;
import io.strata.core.predicate.Predicate;
import io.strata.core.read.MergeSplitReader;
import io.strata.core.read.TableRead;
import io.strata.core.scan.FileStoreScan;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.split.DataSplit;
import io.strata.core.store.FileStore;
import io.strata.core.write.BucketId;
import io.strata.core.write.CommitMessage;
import io.strata.core.write.CompactionRewriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Full compaction: every bucket of a primary-key table is merged into its top level (deleted keys
 * dropped); every append bucket with several files is rewritten into as few files as the target
 * size allows. Committed as one COMPACT snapshot, only if something changed.
 */
public final class FullCompaction {

  private final FileStore table;
  private final String commitUser;
  private final Clock clock;

  public FullCompaction(FileStore table, String commitUser, Clock clock) {
    this.table = table;
    this.commitUser = commitUser;
    this.clock = clock;
  }

  /**
   * Compacts the buckets of partitions matching {@code partitionFilter} (null = all).
   *
   * @return the COMPACT snapshot, or null when nothing needed compaction
   */
  public Snapshot run(Predicate partitionFilter) {
    return run(partitionFilter, Strategy.FULL);
  }

  /**
   * FULL: every key bucket into its top level; append buckets merge all their small files. MINOR:
   * key buckets as automatic (universal) compaction picks; append buckets only once they hold
   * {@code compaction.min.file-num} consecutive small files.
   */
  public enum Strategy {
    FULL,
    MINOR
  }

  public Snapshot run(Predicate partitionFilter, Strategy strategy) {
    if (!table.schema().hasPrimaryKey()) {
      int minFiles =
          strategy == Strategy.FULL ? 2 : table.options().get(TableOptions.COMPACTION_MIN_FILE_NUM);
      return run(partitionFilter, files -> smallFileRun(files, minFiles));
    }
    if (strategy == Strategy.MINOR) {
      return run(partitionFilter, universal()::pick);
    }
    int top = TableOptions.topLevel(table.options());
    return run(
        partitionFilter,
        files -> needsCompaction(files) ? new CompactUnit(files, top, true) : null);
  }

  /**
   * The first run of at least {@code minFiles} consecutive (in write order) files smaller than
   * {@code target-file-size}; consecutive, so the output's sequence numbers overlap no other file.
   */
  private CompactUnit smallFileRun(List<DataFileMeta> files, int minFiles) {
    long target = TableOptions.targetFileSize(table.options(), table.schema().hasPrimaryKey());
    List<DataFileMeta> ordered = new ArrayList<>(files);
    ordered.sort(Comparator.comparingLong(DataFileMeta::minSequenceNumber));
    List<DataFileMeta> run = new ArrayList<>();
    for (DataFileMeta f : ordered) {
      if (f.fileSize() < target) {
        run.add(f);
        continue;
      }
      if (run.size() >= minFiles) {
        break;
      }
      run.clear();
    }
    return run.size() >= minFiles ? new CompactUnit(run, 0, true) : null;
  }

  private UniversalCompaction universal() {
    return new UniversalCompaction(
        TableOptions.topLevel(table.options()),
        table.options().get(TableOptions.NUM_SORTED_RUN_COMPACTION_TRIGGER),
        table.options().get(TableOptions.COMPACTION_MAX_SIZE_AMPLIFICATION_PERCENT),
        table.options().get(TableOptions.COMPACTION_SIZE_RATIO));
  }

  /**
   * Automatic compaction after writes: compacts the buckets of a primary-key table whose number of
   * sorted runs (each level-0 file, plus each non-empty higher level) reached {@code
   * num-sorted-run.compaction-trigger}, into their top level.
   */
  public Snapshot runTriggered() {
    if (!table.schema().hasPrimaryKey()) {
      return null;
    }
    int trigger = table.options().get(TableOptions.NUM_SORTED_RUN_COMPACTION_TRIGGER);
    int top = TableOptions.topLevel(table.options());
    if (table.options().get(TableOptions.MERGE_ENGINE) == MergeEngine.FIRST_ROW) {
      // Readers skip level 0 of first-row tables, so new rows become visible by compaction.
      return run(
          null,
          files ->
              files.stream().anyMatch(f -> f.level() == 0)
                  ? new CompactUnit(files, top, true)
                  : null);
    }
    return run(null, universal()::pick);
  }

  static int sortedRuns(List<DataFileMeta> files) {
    int levelZero = 0;
    java.util.Set<Integer> levels = new java.util.HashSet<>();
    for (DataFileMeta f : files) {
      if (f.level() == 0) {
        levelZero++;
      } else {
        levels.add(f.level());
      }
    }
    return levelZero + levels.size();
  }

  private Snapshot run(
      Predicate partitionFilter,
      java.util.function.Function<List<DataFileMeta>, CompactUnit> pick) {
    Snapshot latest = table.snapshotManager().latest();
    if (latest == null) {
      return null;
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
    List<CommitMessage> messages = new ArrayList<>();
    CompactionRewriter rewriter = new CompactionRewriter(table);
    try {
      for (Map.Entry<BucketId, List<ManifestEntry>> b : buckets.entrySet()) {
        CompactUnit unit = pick.apply(b.getValue().stream().map(ManifestEntry::file).toList());
        if (unit == null) {
          continue;
        }
        List<DataFileMeta> files = unit.files();
        int totalBuckets = b.getValue().get(0).totalBuckets();
        DataSplit split =
            new DataSplit(
                latest.id(),
                b.getKey().partition(),
                b.getKey().bucket(),
                totalBuckets,
                files,
                false);
        List<DataFileMeta> output =
            table.schema().hasPrimaryKey()
                ? compactKeyValues(rewriter, b.getKey(), split, unit)
                : compactAppend(rewriter, b.getKey(), split);
        messages.add(
            new CommitMessage(
                b.getKey().partition(), b.getKey().bucket(), totalBuckets, output, files));
      }
    } catch (RuntimeException e) {
      new FileStoreCommit(table, commitUser, clock).abort(messages);
      throw e;
    }
    if (messages.isEmpty()) {
      return null;
    }
    return new FileStoreCommit(table, commitUser, clock).commit(messages, CommitKind.COMPACT);
  }

  private boolean needsCompaction(List<DataFileMeta> files) {
    if (!table.schema().hasPrimaryKey()) {
      return files.size() > 1;
    }
    int top = TableOptions.topLevel(table.options());
    return files.size() > 1
        || files.get(0).level() != top
        || files.get(0).deleteRowCount() == null
        || files.get(0).deleteRowCount() > 0;
  }

  private List<DataFileMeta> compactKeyValues(
      CompactionRewriter rewriter, BucketId bucket, DataSplit split, CompactUnit unit) {
    MergeSplitReader merged = new MergeSplitReader(table, split, table.schema().rowType());
    try (MergeSplitReader reader =
        unit.dropDeletes() ? merged.emittingKeyValues() : merged.emittingKeyValuesAndDeletes()) {
      return rewriter.writeKeyValues(bucket, reader, unit.outputLevel());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private List<DataFileMeta> compactAppend(
      CompactionRewriter rewriter, BucketId bucket, DataSplit split) {
    List<DataFileMeta> ordered = new ArrayList<>(split.files());
    ordered.sort(Comparator.comparingLong(DataFileMeta::minSequenceNumber));
    DataSplit inOrder =
        new DataSplit(
            split.snapshotId(),
            split.partition(),
            split.bucket(),
            split.totalBuckets(),
            ordered,
            true);
    try (CloseableIterator<Object[]> rows =
        TableRead.open(table, inOrder, table.schema().rowType())) {
      return rewriter.writeRows(bucket, rows, ordered.get(0).minSequenceNumber());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

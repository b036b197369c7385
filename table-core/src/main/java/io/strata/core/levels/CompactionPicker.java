package io.strata.core.levels;

import io.strata.core.manifest.DataFileMeta;
import io.strata.core.options.ChangelogProducer;
import io.strata.core.options.MergeEngine;
import io.strata.core.options.Options;
import io.strata.core.options.TableOptions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;

/** Picks the files of one bucket to compact under a {@link CompactStrategy}, from table options. */
public final class CompactionPicker {

  private final Options options;
  private final boolean primaryKey;
  private final int topLevel;

  /** Whether a file may hold records that {@code record-level.expire-time} expired. */
  private Predicate<DataFileMeta> holdsExpired = f -> false;

  public CompactionPicker(Options options, boolean primaryKey) {
    this.options = options;
    this.primaryKey = primaryKey;
    this.topLevel = TableOptions.topLevel(options);
  }

  /**
   * Makes a full compaction rewrite a bucket's lone top-level file when {@code holdsExpired} says
   * it may hold expired records, which the rewrite drops (Paimon's full compaction does the same).
   */
  public CompactionPicker withExpiredRecords(Predicate<DataFileMeta> holdsExpired) {
    this.holdsExpired = holdsExpired;
    return this;
  }

  /** What to compact in a bucket holding {@code files}, or null when it stays as it is. */
  public CompactUnit pick(CompactStrategy strategy, List<DataFileMeta> files) {
    if (files.isEmpty()) {
      return null;
    }
    if (!primaryKey) {
      return switch (strategy) {
        case FULL -> smallFileRun(files, 2);
        case MINOR -> smallFileRun(files, options.get(TableOptions.COMPACTION_MIN_FILE_NUM));
        case AUTO -> null;
      };
    }
    return switch (strategy) {
      case FULL -> needsFullCompaction(files) ? new CompactUnit(files, topLevel, true) : null;
      case MINOR -> universal().pick(files);
      case AUTO -> auto(files);
    };
  }

  /** Whether a bucket has reached {@code num-sorted-run.stop-trigger} sorted runs. */
  public boolean mustCompactBeforeWriting(List<DataFileMeta> files) {
    return primaryKey
        && UniversalCompaction.sortedRunCount(files) >= TableOptions.stopTrigger(options);
  }

  private CompactUnit auto(List<DataFileMeta> files) {
    if (options.get(TableOptions.DELETION_VECTORS_ENABLED)) {
      // Readers skip level 0 of deletion-vector tables: writers compact all of it up.
      return universal().pickForcingUpLevel0(files);
    }
    if (options.get(TableOptions.MERGE_ENGINE) == MergeEngine.FIRST_ROW) {
      // Readers skip level 0 of first-row tables, so new rows become visible by compaction.
      return files.stream().anyMatch(f -> f.level() == 0)
          ? new CompactUnit(files, topLevel, true)
          : null;
    }
    if (options.get(TableOptions.CHANGELOG_PRODUCER) == ChangelogProducer.LOOKUP
        || options.get(TableOptions.FORCE_LOOKUP)) {
      // Lookup writers leave no level-0 file: its changes become changelog as it is compacted.
      return universal().pickForcingUpLevel0(files);
    }
    return universal().pick(files);
  }

  private UniversalCompaction universal() {
    return new UniversalCompaction(
        topLevel,
        options.get(TableOptions.NUM_SORTED_RUN_COMPACTION_TRIGGER),
        options.get(TableOptions.COMPACTION_MAX_SIZE_AMPLIFICATION_PERCENT),
        options.get(TableOptions.COMPACTION_SIZE_RATIO));
  }

  private boolean needsFullCompaction(List<DataFileMeta> files) {
    DataFileMeta only = files.get(0);
    return files.size() > 1
        || only.level() != topLevel
        || only.deleteRowCount() == null
        || only.deleteRowCount() > 0
        || holdsExpired.test(only);
  }

  /**
   * The first run of at least {@code minFiles} consecutive (in write order) files smaller than
   * {@code target-file-size}; consecutive, so the output's sequence numbers overlap no other file.
   */
  private CompactUnit smallFileRun(List<DataFileMeta> files, int minFiles) {
    long target = TableOptions.targetFileSize(options, false);
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
}

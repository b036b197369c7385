package io.strata.core.write;

import io.strata.core.deletion.BucketDeletionVectors;
import io.strata.core.levels.CompactStrategy;
import io.strata.core.levels.CompactUnit;
import io.strata.core.levels.CompactionPicker;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.options.TableOptions;
import io.strata.core.store.FileStore;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The compaction state of one key bucket in one write task: the files it started from, what its
 * compactions replaced and what they wrote. A file written by an earlier compaction of the same
 * task and compacted again is deleted at once, never committed.
 */
final class CompactingBucket {

  private final FileStore table;
  private final BucketId bucket;
  private final int totalBuckets;
  private final List<DataFileMeta> restored;
  private final CompactionPicker picker;
  private final List<DataFileMeta> before = new ArrayList<>();
  private final List<DataFileMeta> after = new ArrayList<>();
  private final List<DataFileMeta> changelog = new ArrayList<>();

  /** Whether compactions look up older rows ({@link BucketCompactor#mergesByLookup}). */
  private final boolean byLookup;

  /** The bucket's deletion vectors, which its compactions maintain; null without vectors. */
  private final BucketDeletionVectors vectors;

  CompactingBucket(
      FileStore table,
      BucketId bucket,
      int totalBuckets,
      List<DataFileMeta> restored,
      BucketDeletionVectors vectors) {
    this.table = table;
    this.bucket = bucket;
    this.totalBuckets = totalBuckets;
    this.restored = List.copyOf(restored);
    this.picker = new CompactionPicker(table.options(), true);
    this.vectors = vectors;
    this.byLookup = BucketCompactor.mergesByLookup(table);
  }

  /** After a flush: compacts now when the bucket reached {@code num-sorted-run.stop-trigger}. */
  void compactIfStopped(List<DataFileMeta> newFiles) {
    List<DataFileMeta> live = live(newFiles);
    if (!picker.mustCompactBeforeWriting(live)) {
      return;
    }
    CompactUnit unit = picker.pick(CompactStrategy.AUTO, live);
    // A stop trigger set below the compaction trigger: the picker waits, so compact it all.
    compact(
        unit != null ? unit : new CompactUnit(live, TableOptions.topLevel(table.options()), true));
  }

  /** Before the commit: compacts as the writers' automatic compaction picks. */
  void compactAuto(List<DataFileMeta> newFiles) {
    CompactUnit unit = picker.pick(CompactStrategy.AUTO, live(newFiles));
    if (unit != null) {
      compact(unit);
    }
    // With deletion vectors nothing of level 0 may stay: reads would not see it; with a lookup
    // changelog every commit's changes must be written now. Every pick then takes the newest
    // level-0 files, so this ends.
    while (byLookup && hasLevelZero(live(newFiles))) {
      compact(picker.pick(CompactStrategy.AUTO, live(newFiles)));
    }
  }

  private static boolean hasLevelZero(List<DataFileMeta> files) {
    return files.stream().anyMatch(f -> f.level() == 0);
  }

  /** The bucket's deletion vectors as the compactions left them; null without vectors. */
  BucketDeletionVectors vectors() {
    return vectors;
  }

  List<DataFileMeta> before() {
    return List.copyOf(before);
  }

  List<DataFileMeta> after() {
    return List.copyOf(after);
  }

  /** The changelog files the compactions wrote ({@code changelog-producer} lookup, full). */
  List<DataFileMeta> changelog() {
    return List.copyOf(changelog);
  }

  /** Deletes every file the compactions wrote. */
  void abort() {
    after.forEach(this::delete);
    after.clear();
    changelog.forEach(this::delete);
    changelog.clear();
  }

  private List<DataFileMeta> live(List<DataFileMeta> newFiles) {
    Set<String> replaced = new HashSet<>();
    before.forEach(f -> replaced.add(f.fileName()));
    List<DataFileMeta> live = new ArrayList<>();
    for (DataFileMeta f : restored) {
      if (!replaced.contains(f.fileName())) {
        live.add(f);
      }
    }
    for (DataFileMeta f : newFiles) {
      if (!replaced.contains(f.fileName())) {
        live.add(f);
      }
    }
    live.addAll(after);
    return live;
  }

  private void compact(CompactUnit unit) {
    List<DataFileMeta> output;
    if (byLookup) {
      BucketCompactor.Compacted out =
          new BucketCompactor(table)
              .rewriteByLookup(bucket, totalBuckets, unit, others(unit), vectors);
      output = out.files();
      changelog.addAll(out.changelog());
    } else {
      BucketCompactor.Compacted out =
          new BucketCompactor(table).rewriteKeys(bucket, totalBuckets, unit);
      output = out.files();
      changelog.addAll(out.changelog());
    }
    for (DataFileMeta f : unit.files()) {
      if (after.removeIf(a -> a.fileName().equals(f.fileName()))) {
        delete(f);
      } else {
        before.add(f);
      }
    }
    after.addAll(output);
  }

  /** The bucket's live files outside {@code unit}, where older rows of its keys may be. */
  private List<DataFileMeta> others(CompactUnit unit) {
    Set<String> inUnit = new HashSet<>();
    unit.files().forEach(f -> inUnit.add(f.fileName()));
    List<DataFileMeta> others = new ArrayList<>();
    for (DataFileMeta f : live(List.of())) {
      if (!inUnit.contains(f.fileName())) {
        others.add(f);
      }
    }
    return others;
  }

  private void delete(DataFileMeta f) {
    try {
      table
          .dataFilePaths()
          .delete(bucket.partition(), bucket.bucket(), f.fileName(), f.externalPath());
    } catch (IOException ignored) {
      // An orphan at worst; remove_orphan_files cleans it.
    }
  }
}

package io.strata.core.scan;

import io.strata.core.errors.CoreErrors;
import io.strata.core.options.ChangelogProducer;
import io.strata.core.options.ConfigOption;
import io.strata.core.options.IncrementalBetweenScanMode;
import io.strata.core.options.Options;
import io.strata.core.options.ScanOptions;
import io.strata.core.options.TableOptions;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.snapshot.SnapshotManager;
import io.strata.core.snapshot.Tag;
import io.strata.core.snapshot.TagPeriod;
import io.strata.core.store.FileStore;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a batch incremental read covers, resolved from its options as Paimon 1.3.1 resolves them:
 *
 * <ul>
 *   <li>{@code incremental-between} = two existing tags: the rows that differ between their
 *       versions ({@link Kind#DIFF}); else two snapshot ids, the start exclusive and the end
 *       inclusive, read as {@code incremental-between-scan-mode} says.
 *   <li>{@code incremental-between-timestamp}: the same between the latest snapshots committed at
 *       or before each time.
 *   <li>{@code incremental-to-auto-tag}: the diff from the latest automatic tag of an earlier
 *       period to this one.
 * </ul>
 *
 * A range holding no snapshot (start = end, a table without snapshots, times outside every commit,
 * a missing automatic tag) reads nothing ({@link Kind#EMPTY}), as in Paimon.
 *
 * @param startId the snapshot after which changes count (exclusive)
 * @param endId the last snapshot whose changes count
 * @param before the version compared from ({@link Kind#DIFF} only; a tag's copy may have expired)
 * @param after the version compared to ({@link Kind#DIFF} only)
 */
public record IncrementalRange(
    Kind kind, long startId, long endId, Snapshot before, Snapshot after) {

  /** How the range is read. */
  public enum Kind {
    EMPTY,
    /** The files the APPEND snapshots of the range added, each record as written. */
    DELTA,
    /** The changelog files of the snapshots of the range, OVERWRITE ones skipped. */
    CHANGELOG,
    /** The rows that differ between {@code before} and {@code after}. */
    DIFF
  }

  private static final List<ConfigOption<String>> OPTIONS =
      List.of(
          ScanOptions.INCREMENTAL_BETWEEN,
          ScanOptions.INCREMENTAL_BETWEEN_TIMESTAMP,
          ScanOptions.INCREMENTAL_TO_AUTO_TAG);

  private static final IncrementalRange EMPTY_RANGE =
      new IncrementalRange(Kind.EMPTY, 0, 0, null, null);

  /** Whether these read options (merged over the table's) ask for an incremental read. */
  public static boolean requested(Options options) {
    for (ConfigOption<String> o : OPTIONS) {
      if (options.contains(o)) {
        return true;
      }
    }
    return false;
  }

  /** The keys of the incremental options set in {@code options}. */
  public static List<String> given(Options options) {
    List<String> keys = new ArrayList<>();
    for (ConfigOption<String> o : OPTIONS) {
      if (options.contains(o)) {
        keys.add(o.key());
      }
    }
    return keys;
  }

  /**
   * The range {@code options} (read options merged over the table's) ask for; they must ask for one
   * ({@link #requested}) and choose no version otherwise.
   */
  public static IncrementalRange resolve(FileStore table, Options options) {
    List<String> conflicting = given(options);
    for (ConfigOption<?> selector : SnapshotSelector.SELECTORS) {
      if (options.contains(selector)) {
        conflicting.add(selector.key());
      }
    }
    if (conflicting.size() > 1) {
      throw CoreErrors.conflictingVersionOptions(conflicting);
    }
    if (options.contains(ScanOptions.INCREMENTAL_BETWEEN)) {
      return betweenVersions(table, options);
    }
    if (options.contains(ScanOptions.INCREMENTAL_BETWEEN_TIMESTAMP)) {
      return betweenTimestamps(table, options);
    }
    return toAutomaticTag(table, options.get(ScanOptions.INCREMENTAL_TO_AUTO_TAG));
  }

  private static IncrementalRange betweenVersions(FileStore table, Options options) {
    String value = options.get(ScanOptions.INCREMENTAL_BETWEEN);
    String[] ends = twoEnds(ScanOptions.INCREMENTAL_BETWEEN.key(), value);
    Map<String, Tag> tags = table.tagManager().tags();
    Tag startTag = tags.get(ends[0]);
    Tag endTag = tags.get(ends[1]);
    if (startTag != null && endTag != null) {
      Snapshot before = startTag.snapshot();
      Snapshot after = endTag.snapshot();
      if (after.id() < before.id()) {
        throw CoreErrors.incrementalTagEndBeforeStart(ends[0], before.id(), ends[1], after.id());
      }
      return before.id() == after.id()
          ? EMPTY_RANGE
          : new IncrementalRange(Kind.DIFF, before.id(), after.id(), before, after);
    }
    long start;
    long end;
    try {
      start = Long.parseLong(ends[0]);
      end = Long.parseLong(ends[1]);
    } catch (NumberFormatException e) {
      throw CoreErrors.incrementalNeitherTagsNorIds(
          ends[0], ends[1], new ArrayList<>(tags.keySet()));
    }
    if (end < start) {
      throw CoreErrors.incrementalEndBeforeStart("snapshotId", start, end);
    }
    SnapshotManager snapshots = table.snapshotManager();
    if (snapshots.earliestId().isEmpty() || start == end) {
      return EMPTY_RANGE;
    }
    IncrementalBetweenScanMode mode = options.get(ScanOptions.INCREMENTAL_BETWEEN_SCAN_MODE);
    if (mode == IncrementalBetweenScanMode.DIFF) {
      SnapshotSelector selector = new SnapshotSelector(table);
      return new IncrementalRange(
          Kind.DIFF, start, end, selector.bySnapshotId(start), selector.bySnapshotId(end));
    }
    long earliest = snapshots.earliestId().getAsLong();
    long latest = snapshots.latestId().getAsLong();
    if (start < earliest - 1 || end > latest) {
      throw CoreErrors.incrementalRangeUnavailable(start, end, earliest, latest);
    }
    return new IncrementalRange(changesKind(options, mode), start, end, null, null);
  }

  private static IncrementalRange betweenTimestamps(FileStore table, Options options) {
    String value = options.get(ScanOptions.INCREMENTAL_BETWEEN_TIMESTAMP);
    String[] ends = value.split(",");
    if (ends.length != 2) {
      throw CoreErrors.invalidIncrementalTimestamp(value);
    }
    long startMillis;
    long endMillis;
    try {
      startMillis = Long.parseLong(ends[0].trim());
      endMillis = Long.parseLong(ends[1].trim());
    } catch (NumberFormatException e) {
      try {
        // Paimon reads timestamp text in the JVM's zone.
        startMillis = SnapshotSelector.parseTimestamp(ends[0], ZoneId.systemDefault());
        endMillis = SnapshotSelector.parseTimestamp(ends[1], ZoneId.systemDefault());
      } catch (IllegalArgumentException invalid) {
        throw CoreErrors.invalidIncrementalTimestamp(value);
      }
    }
    SnapshotManager snapshots = table.snapshotManager();
    if (snapshots.earliestId().isEmpty()) {
      return EMPTY_RANGE;
    }
    if (endMillis < startMillis) {
      throw CoreErrors.incrementalEndBeforeStart("timestamp", startMillis, endMillis);
    }
    Snapshot earliest = snapshots.snapshot(snapshots.earliestId().getAsLong());
    Snapshot latest = snapshots.latest();
    if (startMillis == endMillis
        || startMillis > latest.timeMillis()
        || endMillis < earliest.timeMillis()) {
      return EMPTY_RANGE;
    }
    SnapshotSelector selector = new SnapshotSelector(table);
    Snapshot startAt = selector.latestAtOrBefore(startMillis);
    Snapshot endAt = selector.latestAtOrBefore(endMillis);
    if (endAt == null) {
      endAt = latest;
    }
    IncrementalBetweenScanMode mode = options.get(ScanOptions.INCREMENTAL_BETWEEN_SCAN_MODE);
    if (mode == IncrementalBetweenScanMode.DIFF) {
      Snapshot before = startAt == null ? earliest : startAt;
      return new IncrementalRange(Kind.DIFF, before.id(), endAt.id(), before, endAt);
    }
    // Changes of the earliest snapshot count when the start is before it.
    long startId =
        startAt == null || earliest.timeMillis() > startMillis ? earliest.id() - 1 : startAt.id();
    return new IncrementalRange(changesKind(options, mode), startId, endAt.id(), null, null);
  }

  private static IncrementalRange toAutomaticTag(FileStore table, String tagName) {
    TagPeriod period = TagPeriod.of(table.options());
    if (!period.isAutomatic(tagName)) {
      throw CoreErrors.notAutomaticTag(tagName);
    }
    Optional<Tag> end = table.tagManager().tag(tagName);
    if (end.isEmpty()) {
      return EMPTY_RANGE;
    }
    LocalDateTime endPeriod = period.start(tagName);
    String previous = null;
    LocalDateTime previousPeriod = null;
    for (String name : table.tagManager().names()) {
      if (!period.isAutomatic(name)) {
        continue;
      }
      LocalDateTime start = period.start(name);
      if (start.isBefore(endPeriod) && (previousPeriod == null || start.isAfter(previousPeriod))) {
        previous = name;
        previousPeriod = start;
      }
    }
    if (previous == null) {
      return EMPTY_RANGE;
    }
    Snapshot before = table.tagManager().tag(previous).orElseThrow().snapshot();
    Snapshot after = end.get().snapshot();
    return new IncrementalRange(Kind.DIFF, before.id(), after.id(), before, after);
  }

  private static Kind changesKind(Options options, IncrementalBetweenScanMode mode) {
    return switch (mode) {
      case DELTA -> Kind.DELTA;
      case CHANGELOG -> Kind.CHANGELOG;
      case AUTO ->
          options.get(TableOptions.CHANGELOG_PRODUCER) == ChangelogProducer.NONE
              ? Kind.DELTA
              : Kind.CHANGELOG;
      case DIFF -> Kind.DIFF;
    };
  }

  private static String[] twoEnds(String key, String value) {
    String[] ends = value.split(",");
    if (ends.length != 2 || ends[0].isBlank() || ends[1].isBlank()) {
      throw CoreErrors.incrementalNotTwoVersions(key, value);
    }
    return new String[] {ends[0].trim(), ends[1].trim()};
  }
}

package io.strata.core.tag;

import io.strata.core.errors.CoreErrors;
import io.strata.core.options.Durations;
import io.strata.core.options.Options;
import io.strata.core.options.TagCreationMode;
import io.strata.core.options.TagOptions;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.snapshot.SnapshotManager;
import io.strata.core.snapshot.Tag;
import io.strata.core.snapshot.TagPeriod;
import io.strata.core.store.FileStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Automatic tags, run after each commit, as Paimon 1.3.1 creates them so that either engine
 * continues the other's tags.
 *
 * <p>{@code process-time} and {@code watermark} walk the snapshots after the one the latest
 * automatic tag names. The first snapshot whose time (its commit time, or its watermark) is at
 * least {@code tag.creation-delay} past the end of the period after that tag gets the tag of the
 * period before its own; with {@code tag.automatic-completion}, of the next period in turn instead,
 * so no period is skipped. A table with no automatic tag starts at its earliest snapshot. Snapshots
 * without a watermark are passed over in {@code watermark} mode.
 *
 * <p>{@code batch} tags every batch write, as {@code tag.batch.customized-name} or, as Paimon names
 * them, {@code batch-write-<day of the snapshot's commit>}, so a day's writes replace one tag.
 *
 * <p>Automatic tags beyond {@code tag.num-retained-max} (oldest snapshot first) and tags whose
 * retention elapsed are deleted.
 */
public final class AutoTags {

  private static final String BATCH_PREFIX = "batch-write-";

  private static final Comparator<Map.Entry<String, Tag>> BY_SNAPSHOT_THEN_NAME =
      Comparator.comparingLong((Map.Entry<String, Tag> e) -> e.getValue().snapshot().id())
          .thenComparing(Map.Entry::getKey);

  private final FileStore table;
  private final Clock clock;
  private final Options options;

  public AutoTags(FileStore table, Clock clock) {
    this.table = table;
    this.clock = clock;
    this.options = table.options();
  }

  public void run() {
    TagCreationMode mode = options.get(TagOptions.AUTOMATIC_CREATION);
    Snapshot latest = table.snapshotManager().latest();
    if (latest == null) {
      return;
    }
    Duration retained = options.get(TagOptions.DEFAULT_TIME_RETAINED);
    TagOperations ops = new TagOperations(table, clock);
    if (mode == TagCreationMode.PROCESS_TIME || mode == TagCreationMode.WATERMARK) {
      tagPeriods(ops, mode, latest, retained);
    } else if (mode == TagCreationMode.BATCH) {
      String custom = options.get(TagOptions.BATCH_CUSTOMIZED_NAME);
      String name = custom != null ? custom : batchName(latest);
      ops.tagAutomatically(name, latest.id(), retained);
      trimBatchTags(ops);
    }
    ops.expire(null);
  }

  private void tagPeriods(
      TagOperations ops, TagCreationMode mode, Snapshot latest, Duration retained) {
    TagPeriod period = TagPeriod.of(options);
    Duration delay = options.get(TagOptions.CREATION_DELAY);
    if (delay.compareTo(period.length()) >= 0) {
      throw CoreErrors.tagCreationDelayNotBelowPeriod(
          Durations.format(delay), Durations.format(period.length()));
    }
    boolean completion = options.get(TagOptions.AUTOMATIC_COMPLETION);
    SnapshotTime time = snapshotTime(mode);
    SnapshotManager snapshots = table.snapshotManager();
    Map.Entry<String, Tag> last = lastAutomaticTag(period);
    LocalDateTime nextTag = last == null ? null : period.next(period.start(last.getKey()));
    long from = last == null ? 1 : last.getValue().snapshot().id() + 1;
    from = Math.max(from, snapshots.earliestId().orElse(from));
    LocalDateTime latestTime = time.of(latest);
    // Commit times and watermarks only grow (each commit keeps the larger watermark): when the
    // latest snapshot has none or is not due, no snapshot before it is either.
    if (from > latest.id()
        || latestTime == null
        || (nextTag != null && !due(latestTime, nextTag, period, delay))) {
      return;
    }
    for (long id = from; id <= latest.id(); id++) {
      if (!snapshots.exists(id)) {
        continue;
      }
      Snapshot snapshot = id == latest.id() ? latest : snapshots.snapshot(id);
      LocalDateTime at = time.of(snapshot);
      if (at == null || (nextTag != null && !due(at, nextTag, period, delay))) {
        continue;
      }
      LocalDateTime tagged = completion && nextTag != null ? nextTag : period.previousStart(at);
      String name = period.name(tagged);
      if (!table.tagManager().exists(name)) {
        ops.tagAutomatically(name, id, retained);
      }
      nextTag = period.next(tagged);
    }
    // Once, not after each tag as Paimon trims: tags made later in the walk are newer, so the
    // oldest beyond the maximum are the same ones.
    trimPeriodTags(ops, period);
  }

  /** Whether a snapshot at {@code time} comes after the period after {@code nextTag}, and delay. */
  private static boolean due(
      LocalDateTime time, LocalDateTime nextTag, TagPeriod period, Duration delay) {
    return !time.minus(delay).isBefore(period.next(nextTag));
  }

  /** A snapshot's time in the table's zone for {@code mode}, or null when it has none. */
  private interface SnapshotTime {
    LocalDateTime of(Snapshot snapshot);
  }

  private SnapshotTime snapshotTime(TagCreationMode mode) {
    if (mode == TagCreationMode.WATERMARK) {
      ZoneId zone = ZoneId.of(options.get(TagOptions.WATERMARK_TIME_ZONE));
      return s ->
          s.watermark() == null || s.watermark() == Long.MIN_VALUE
              ? null
              : LocalDateTime.ofInstant(Instant.ofEpochMilli(s.watermark()), zone);
    }
    ZoneId zone = processTimeZone();
    return s -> LocalDateTime.ofInstant(Instant.ofEpochMilli(s.timeMillis()), zone);
  }

  /** {@code sink.process-time-zone}, else the clock's: the zone commit times are named in. */
  private ZoneId processTimeZone() {
    String zone = options.get(TagOptions.PROCESS_TIME_ZONE);
    return zone == null ? clock.getZone() : ZoneId.of(zone);
  }

  /**
   * The automatic tag of the latest period, or null. Paimon takes the automatic tag of the newest
   * snapshot; automatic tags are created period after period on ever newer snapshots, so that is
   * the same tag, found here without reading every tag at every commit.
   */
  private Map.Entry<String, Tag> lastAutomaticTag(TagPeriod period) {
    String last = null;
    LocalDateTime lastStart = null;
    for (String name : table.tagManager().names()) {
      if (period.isAutomatic(name)) {
        LocalDateTime start = period.start(name);
        if (lastStart == null || start.isAfter(lastStart)) {
          last = name;
          lastStart = start;
        }
      }
    }
    if (last == null) {
      return null;
    }
    Optional<Tag> tag = table.tagManager().tag(last);
    return tag.isEmpty() ? null : Map.entry(last, tag.get()); // deleted meanwhile: start over
  }

  /** Deletes the automatic tags of the oldest snapshots beyond {@code tag.num-retained-max}. */
  private void trimPeriodTags(TagOperations ops, TagPeriod period) {
    Integer max = options.get(TagOptions.NUM_RETAINED_MAX);
    if (max == null) {
      return;
    }
    List<Map.Entry<String, Tag>> automatic = new ArrayList<>();
    for (Map.Entry<String, Tag> e : table.tagManager().tags().entrySet()) {
      if (period.isAutomatic(e.getKey())) {
        automatic.add(e);
      }
    }
    automatic.sort(BY_SNAPSHOT_THEN_NAME);
    if (automatic.size() > max) {
      ops.delete(
          automatic.subList(0, automatic.size() - max).stream().map(Map.Entry::getKey).toList());
    }
  }

  /** Paimon's name: the day the snapshot committed, in the process time zone as Paimon's. */
  String batchName(Snapshot snapshot) {
    return BATCH_PREFIX
        + Instant.ofEpochMilli(snapshot.timeMillis())
            .atZone(processTimeZone())
            .toLocalDate()
            .format(DateTimeFormatter.ISO_LOCAL_DATE);
  }

  /**
   * Deletes the oldest day's batch tags beyond {@code tag.num-retained-max}. Paimon 1.3.1 counts
   * every tag of the table here, so its batch writes may delete tags a user made; Strata counts
   * only the tags its batch writes name.
   */
  private void trimBatchTags(TagOperations ops) {
    Integer max = options.get(TagOptions.NUM_RETAINED_MAX);
    if (max == null) {
      return;
    }
    List<String> batchTags = new ArrayList<>();
    for (String name : table.tagManager().names()) {
      if (isBatchName(name)) {
        batchTags.add(name);
      }
    }
    batchTags.sort(null); // ISO dates sort chronologically
    if (batchTags.size() > max) {
      ops.delete(batchTags.subList(0, batchTags.size() - max));
    }
  }

  private static boolean isBatchName(String name) {
    if (!name.startsWith(BATCH_PREFIX)) {
      return false;
    }
    try {
      DateTimeFormatter.ISO_LOCAL_DATE.parse(name.substring(BATCH_PREFIX.length()));
      return true;
    } catch (DateTimeParseException e) {
      return false;
    }
  }
}

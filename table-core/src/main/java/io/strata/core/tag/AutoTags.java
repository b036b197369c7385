package io.strata.core.tag;

import io.strata.core.options.Options;
import io.strata.core.options.TagCreationMode;
import io.strata.core.options.TagOptions;
import io.strata.core.options.TagPeriodFormatter;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.snapshot.Tag;
import io.strata.core.store.FileStore;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Automatic tags, run after each commit: {@code process-time} tags the latest snapshot once per
 * completed {@code tag.creation-period} (named after that period, e.g. {@code 2026-01-31} or {@code
 * 2026-01-31 13}); {@code batch} tags every batch write; automatic tags beyond {@code
 * tag.num-retained-max} and tags whose retention elapsed are deleted.
 */
public final class AutoTags {

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
    LocalDateTime now = LocalDateTime.now(clock);
    Duration retained = options.get(TagOptions.DEFAULT_TIME_RETAINED);
    TagOperations ops = new TagOperations(table, clock);
    if (mode == TagCreationMode.PROCESS_TIME) {
      String name = periodName(lastCompletedPeriodStart(now));
      if (!table.tagManager().exists(name)) {
        ops.create(name, latest.id(), retained);
      }
      trimPeriodTags(ops);
    } else if (mode == TagCreationMode.BATCH) {
      String custom = options.get(TagOptions.BATCH_CUSTOMIZED_NAME);
      String name =
          custom != null ? custom : now.format(DateTimeFormatter.ofPattern("yyyyMMddHHmmss"));
      if (table.tagManager().exists(name)) {
        ops.replace(name, latest.id(), retained);
      } else {
        ops.create(name, latest.id(), retained);
      }
    }
    ops.expire(null);
  }

  private Duration period() {
    return options.get(TagOptions.CREATION_PERIOD).length();
  }

  LocalDateTime lastCompletedPeriodStart(LocalDateTime now) {
    Duration period = period();
    LocalDateTime start =
        period.toDays() >= 1 ? now.truncatedTo(ChronoUnit.DAYS) : now.truncatedTo(ChronoUnit.HOURS);
    if (period.toHours() == 2) {
      start = start.withHour(start.getHour() - start.getHour() % 2);
    }
    return start.minus(period);
  }

  private DateTimeFormatter formatter() {
    boolean dashes = options.get(TagOptions.PERIOD_FORMATTER) == TagPeriodFormatter.WITH_DASHES;
    boolean daily = period().toDays() >= 1;
    return DateTimeFormatter.ofPattern(
        daily ? (dashes ? "yyyy-MM-dd" : "yyyyMMdd") : (dashes ? "yyyy-MM-dd HH" : "yyyyMMdd HH"));
  }

  String periodName(LocalDateTime periodStart) {
    return periodStart.format(formatter());
  }

  /** Deletes the oldest period tags beyond {@code tag.num-retained-max}. */
  private void trimPeriodTags(TagOperations ops) {
    Integer max = options.get(TagOptions.NUM_RETAINED_MAX);
    if (max == null) {
      return;
    }
    List<String> periodTags = new ArrayList<>();
    for (Map.Entry<String, Tag> e : table.tagManager().tags().entrySet()) {
      if (isPeriodName(e.getKey())) {
        periodTags.add(e.getKey());
      }
    }
    periodTags.sort(null); // period names sort chronologically
    if (periodTags.size() > max) {
      ops.delete(periodTags.subList(0, periodTags.size() - max));
    }
  }

  private boolean isPeriodName(String name) {
    try {
      formatter().parse(name);
      return true;
    } catch (DateTimeParseException e) {
      return false;
    }
  }
}

package io.strata.core.scan;

import io.strata.core.errors.CoreErrors;
import io.strata.core.options.ConfigOption;
import io.strata.core.options.ExpireOptions;
import io.strata.core.options.Options;
import io.strata.core.options.ScanOptions;
import io.strata.core.schema.TableSchema;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.snapshot.SnapshotManager;
import io.strata.core.snapshot.Tag;
import io.strata.core.store.FileStore;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.Predicate;

/**
 * Picks the snapshot a read sees: latest, or one chosen by {@code scan.snapshot-id}, {@code
 * scan.tag-name}, {@code scan.timestamp-millis}, {@code scan.timestamp}, {@code scan.version} (a
 * tag of that name wins over a snapshot id) or {@code scan.watermark}. A chosen snapshot comes with
 * its own schema, the latest with the table's latest schema. {@code scan.file-creation-time-millis}
 * reads the latest snapshot (its files are filtered by the scan), so it takes none of the others.
 */
public final class SnapshotSelector {

  static final List<ConfigOption<?>> SELECTORS =
      List.of(
          ScanOptions.SNAPSHOT_ID,
          ScanOptions.TAG_NAME,
          ScanOptions.TIMESTAMP_MILLIS,
          ScanOptions.TIMESTAMP,
          ScanOptions.VERSION,
          ScanOptions.WATERMARK,
          ScanOptions.FILE_CREATION_TIME_MILLIS);

  private final FileStore table;
  private final SnapshotManager snapshots;

  public SnapshotSelector(FileStore table) {
    this.table = table;
    this.snapshots = table.snapshotManager();
  }

  /** A table as of one snapshot (null snapshot: the table has no commit yet). */
  public record TableVersion(FileStore table, Snapshot snapshot) {}

  public TableVersion select(Options readOptions, ZoneId sessionZone) {
    List<ConfigOption<?>> given = new ArrayList<>();
    for (ConfigOption<?> o : SELECTORS) {
      if (readOptions.contains(o)) {
        given.add(o);
      }
    }
    if (given.size() > 1) {
      throw CoreErrors.conflictingVersionOptions(given.stream().map(ConfigOption::key).toList());
    }
    if (given.isEmpty()) {
      // The latest snapshot is read with the latest schema: ALTER TABLE adds no snapshot.
      return new TableVersion(table, snapshots.latest());
    }
    ConfigOption<?> selector = given.get(0);
    if (selector == ScanOptions.FILE_CREATION_TIME_MILLIS) {
      return new TableVersion(table, snapshots.latest());
    } else if (selector == ScanOptions.WATERMARK) {
      return at(byWatermarkAtOrAfter(readOptions.get(ScanOptions.WATERMARK)));
    } else if (selector == ScanOptions.SNAPSHOT_ID) {
      return at(bySnapshotId(readOptions.get(ScanOptions.SNAPSHOT_ID)));
    } else if (selector == ScanOptions.TAG_NAME) {
      return at(byTag(readOptions.get(ScanOptions.TAG_NAME)));
    } else if (selector == ScanOptions.TIMESTAMP_MILLIS) {
      return at(byTimestamp(readOptions.get(ScanOptions.TIMESTAMP_MILLIS)));
    } else if (selector == ScanOptions.TIMESTAMP) {
      return at(byTimestamp(parseTimestamp(readOptions.get(ScanOptions.TIMESTAMP), sessionZone)));
    }
    return at(byVersion(readOptions.get(ScanOptions.VERSION)));
  }

  private TableVersion at(Snapshot snapshot) {
    if (snapshot == null || snapshot.schemaId() == table.schema().id()) {
      return new TableVersion(table, snapshot);
    }
    return new TableVersion(table.withSchema(schemaAt(table, snapshot)), snapshot);
  }

  /**
   * The schema {@code table} is read with at {@code snapshot}, as Paimon travels in time: the
   * columns of the snapshot's schema, the table's current options (so that, e.g., a later {@code
   * ignore-delete} applies to older versions too).
   */
  public static TableSchema schemaAt(FileStore table, Snapshot snapshot) {
    return table.schemaManager().schema(snapshot.schemaId()).withOptions(table.schema().options());
  }

  /** A tag name if such a tag exists, else a snapshot id. */
  public Snapshot byVersion(String version) {
    if (table.tagManager().exists(version)) {
      return byTag(version);
    }
    try {
      return bySnapshotId(Long.parseLong(version.trim()));
    } catch (NumberFormatException e) {
      return byTag(version);
    }
  }

  public Snapshot bySnapshotId(long id) {
    if (snapshots.exists(id)) {
      return snapshots.snapshot(id);
    }
    OptionalLong earliest = snapshots.earliestId();
    OptionalLong latest = snapshots.latestId();
    if (earliest.isEmpty()) {
      throw CoreErrors.noSnapshotYet(id);
    }
    throw CoreErrors.snapshotOutOfRange(
        id,
        earliest.getAsLong(),
        latest.getAsLong(),
        id < earliest.getAsLong() ? expiredHint() : "");
  }

  private String expiredHint() {
    Options options = table.options();
    return " Snapshot "
        + "history is kept by table options '"
        + ExpireOptions.SNAPSHOT_TIME_RETAINED.key()
        + "' (now "
        + io.strata.core.options.Durations.format(options.get(ExpireOptions.SNAPSHOT_TIME_RETAINED))
        + ") and '"
        + ExpireOptions.SNAPSHOT_NUM_RETAINED_MIN.key()
        + "' (now "
        + options.get(ExpireOptions.SNAPSHOT_NUM_RETAINED_MIN)
        + "); create a tag to keep a version forever.";
  }

  public Snapshot byTag(String name) {
    return table
        .tagManager()
        .tag(name)
        .map(Tag::snapshot)
        .orElseThrow(
            () ->
                CoreErrors.tagNotFound(name, new ArrayList<>(table.tagManager().tags().keySet())));
  }

  /**
   * The latest snapshot committed at or before {@code millis}, or null when there is none (no
   * snapshot, or all were committed later).
   */
  public Snapshot latestAtOrBefore(long millis) {
    OptionalLong earliestId = snapshots.earliestId();
    OptionalLong latestId = snapshots.latestId();
    if (earliestId.isEmpty()) {
      return null;
    }
    return boundary(earliestId.getAsLong(), latestId.getAsLong(), s -> s.timeMillis() <= millis)
        .lastIn();
  }

  /** The latest snapshot committed at or before {@code millis}, by binary search. */
  public Snapshot byTimestamp(long millis) {
    OptionalLong earliestId = snapshots.earliestId();
    OptionalLong latestId = snapshots.latestId();
    if (earliestId.isEmpty()) {
      throw CoreErrors.noSnapshotAtOrBefore(millis);
    }
    Snapshot earliest = snapshots.snapshot(earliestId.getAsLong());
    if (earliest.timeMillis() > millis) {
      throw CoreErrors.noSnapshotAtOrBefore(millis, earliest.timeMillis());
    }
    return boundary(earliestId.getAsLong(), latestId.getAsLong(), s -> s.timeMillis() <= millis)
        .lastIn();
  }

  /**
   * The latest snapshot whose watermark is at or before {@code watermark}; snapshots without one
   * (Strata's batch writes record none, Paimon's streaming writes do) are passed over.
   */
  public Snapshot byWatermark(long watermark) {
    OptionalLong earliestId = snapshots.earliestId();
    OptionalLong latestId = snapshots.latestId();
    Long earliestWatermark = null;
    if (earliestId.isPresent()) {
      for (long id = latestId.getAsLong(); id >= earliestId.getAsLong(); id--) {
        if (!snapshots.exists(id)) {
          continue;
        }
        Long w = snapshots.snapshot(id).watermark();
        if (w == null || w == Long.MIN_VALUE) {
          continue;
        }
        if (w <= watermark) {
          return snapshots.snapshot(id);
        }
        earliestWatermark = w;
      }
    }
    throw CoreErrors.noSnapshotAtOrBeforeWatermark(watermark, earliestWatermark);
  }

  /**
   * The earliest snapshot whose watermark is at or after {@code watermark}, as Paimon's {@code
   * scan.watermark} reads. Watermarks only grow from snapshot to snapshot (each commit keeps the
   * larger of its own and the one before), so the search halves the range.
   */
  public Snapshot byWatermarkAtOrAfter(long watermark) {
    OptionalLong earliestId = snapshots.earliestId();
    Snapshot latest = snapshots.latest();
    Long latestWatermark = latest == null ? null : latest.watermark();
    if (!reaches(latestWatermark, watermark)) {
      throw CoreErrors.noSnapshotAtOrAfterWatermark(watermark, latestWatermark);
    }
    return boundary(earliestId.getAsLong(), latest.id(), s -> !reaches(s.watermark(), watermark))
        .firstOut();
  }

  private static boolean reaches(Long snapshotWatermark, long watermark) {
    return snapshotWatermark != null
        && snapshotWatermark != Long.MIN_VALUE
        && snapshotWatermark >= watermark;
  }

  /** The last snapshot in a prefix and the first after it; either is null when there is none. */
  private record Boundary(Snapshot lastIn, Snapshot firstOut) {}

  /**
   * Where the snapshots with ids in [lo, hi] stop satisfying {@code inPrefix}, by binary search:
   * commit times and watermarks only grow, so the snapshots that satisfy such a test come first.
   */
  private Boundary boundary(long lo, long hi, Predicate<Snapshot> inPrefix) {
    Snapshot lastIn = null;
    Snapshot firstOut = null;
    while (lo <= hi) {
      long mid = lo + (hi - lo) / 2;
      Snapshot s = nearestExisting(mid, hi);
      if (s == null) {
        hi = mid - 1;
      } else if (inPrefix.test(s)) {
        lastIn = s;
        lo = s.id() + 1;
      } else {
        firstOut = s;
        hi = mid - 1;
      }
    }
    return new Boundary(lastIn, firstOut);
  }

  /** The first snapshot with id in [from, to], or null: snapshot files can have gaps. */
  private Snapshot nearestExisting(long from, long to) {
    for (long id = from; id <= to; id++) {
      if (snapshots.exists(id)) {
        return snapshots.snapshot(id);
      }
    }
    return null;
  }

  static long parseTimestamp(String text, ZoneId zone) {
    String t = text.trim().replace('T', ' ');
    for (String pattern :
        List.of("yyyy-MM-dd HH:mm:ss.SSS", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd HH:mm")) {
      try {
        return LocalDateTime.parse(t, DateTimeFormatter.ofPattern(pattern))
            .atZone(zone)
            .toInstant()
            .toEpochMilli();
      } catch (DateTimeParseException ignored) {
        // Try the next form.
      }
    }
    try {
      return java.time.LocalDate.parse(t).atStartOfDay(zone).toInstant().toEpochMilli();
    } catch (DateTimeParseException e) {
      throw CoreErrors.invalidScanTimestamp(text);
    }
  }
}

package io.strata.core.scan;

import io.strata.core.errors.CoreErrors;
import io.strata.core.options.Options;
import io.strata.core.options.ScanOptions;
import io.strata.core.options.StartupMode;
import io.strata.core.snapshot.ChangelogManager;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.snapshot.SnapshotManager;
import io.strata.core.store.FileStore;
import java.util.List;
import java.util.OptionalLong;

/**
 * The first {@link StreamPosition} of a streaming read, chosen by {@code scan.mode}. With {@code
 * scan.tag-name} (and mode {@code default}, {@code from-snapshot} or {@code from-snapshot-full}
 * without {@code scan.snapshot-id}), the stream reads the tag's snapshot whole, then the changes of
 * every later snapshot, as Paimon's streaming read from a tag does.
 */
public final class StreamStart {

  private final FileStore table;
  private final SnapshotManager snapshots;

  public StreamStart(FileStore table) {
    this.table = table;
    this.snapshots = table.snapshotManager();
  }

  /** Where a stream with these read options (merged over the table's) starts now. */
  public StreamPosition resolve(Options readOptions) {
    Options options = table.options().with(readOptions.toMap());
    if (options.contains(ScanOptions.WATERMARK)) {
      throw CoreErrors.batchOnlyReadOption(ScanOptions.WATERMARK.key());
    }
    OptionalLong latest = snapshots.latestId();
    long next = latest.isPresent() ? latest.getAsLong() + 1 : 1;
    String consumer = options.get(ScanOptions.CONSUMER_ID);
    if (consumer != null && !options.get(ScanOptions.CONSUMER_IGNORE_PROGRESS)) {
      // As Paimon's streams do: a new query of a known consumer goes on where it stopped, from
      // the earliest change still kept if expiration went past it.
      OptionalLong progress = table.consumerManager().nextSnapshot(consumer);
      if (progress.isPresent()) {
        return StreamPosition.changesOf(Math.max(progress.getAsLong(), earliestChange(next)));
      }
    }
    StartupMode mode = mode(options);
    if (startsAtTag(mode, options)) {
      return StreamPosition.wholeOf(
          new SnapshotSelector(table).byTag(options.get(ScanOptions.TAG_NAME)).id());
    }
    return switch (mode) {
      case DEFAULT, LATEST_FULL, FULL ->
          latest.isPresent()
              ? StreamPosition.wholeOf(latest.getAsLong())
              : StreamPosition.changesOf(next);
      case LATEST -> StreamPosition.changesOf(next);
      case FROM_SNAPSHOT -> StreamPosition.changesOf(changesFrom(snapshotId(options), next));
      case FROM_SNAPSHOT_FULL ->
          StreamPosition.wholeOf(
              new SnapshotSelector(table).bySnapshotId(snapshotId(options)).id());
      case FROM_TIMESTAMP -> StreamPosition.changesOf(firstAtOrAfter(millis(options), next));
    };
  }

  private static StartupMode mode(Options options) {
    StartupMode mode = options.get(ScanOptions.MODE);
    if (mode != StartupMode.DEFAULT) {
      return mode;
    }
    if (options.contains(ScanOptions.SNAPSHOT_ID) || options.contains(ScanOptions.TAG_NAME)) {
      return StartupMode.FROM_SNAPSHOT;
    }
    if (options.contains(ScanOptions.TIMESTAMP_MILLIS)) {
      return StartupMode.FROM_TIMESTAMP;
    }
    return StartupMode.LATEST_FULL;
  }

  private static boolean startsAtTag(StartupMode mode, Options options) {
    return options.contains(ScanOptions.TAG_NAME)
        && !options.contains(ScanOptions.SNAPSHOT_ID)
        && (mode == StartupMode.FROM_SNAPSHOT || mode == StartupMode.FROM_SNAPSHOT_FULL);
  }

  private static long snapshotId(Options options) {
    if (!options.contains(ScanOptions.SNAPSHOT_ID)) {
      throw CoreErrors.streamModeNeedsOption(
          options.get(ScanOptions.MODE).value(), ScanOptions.SNAPSHOT_ID.key());
    }
    return options.get(ScanOptions.SNAPSHOT_ID);
  }

  private static long millis(Options options) {
    if (!options.contains(ScanOptions.TIMESTAMP_MILLIS)) {
      throw CoreErrors.streamModeNeedsOption(
          StartupMode.FROM_TIMESTAMP.value(), ScanOptions.TIMESTAMP_MILLIS.key());
    }
    return options.get(ScanOptions.TIMESTAMP_MILLIS);
  }

  /**
   * A snapshot not committed yet may be waited for; an expired one is refused, unless the table
   * keeps its changelog ({@code changelog/changelog-N}), which streams read instead.
   */
  /** The earliest snapshot whose changes are kept, as a snapshot or a kept changelog. */
  private long earliestChange(long next) {
    long earliest = snapshots.earliestId().orElse(next);
    List<Long> changelogs = new ChangelogManager(table.fileIO(), table.paths()).listIds();
    return changelogs.isEmpty() ? earliest : Math.min(earliest, changelogs.get(0));
  }

  private long changesFrom(long id, long next) {
    if (id >= next
        || snapshots.exists(id)
        || new ChangelogManager(table.fileIO(), table.paths()).exists(id)) {
      return id;
    }
    return new SnapshotSelector(table).bySnapshotId(id).id(); // throws: out of range
  }

  /** The first snapshot committed at or after {@code millis}, or the next one to come. */
  private long firstAtOrAfter(long millis, long next) {
    OptionalLong earliest = snapshots.earliestId();
    if (earliest.isEmpty()) {
      return next;
    }
    Snapshot first = snapshots.snapshot(earliest.getAsLong());
    if (first.timeMillis() >= millis) {
      return first.id();
    }
    // The snapshot after the last one committed before millis.
    return new SnapshotSelector(table).byTimestamp(millis - 1).id() + 1;
  }
}

package io.strata.core.scan;

import io.strata.core.data.BinaryRow;
import io.strata.core.errors.CoreErrors;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.manifest.ManifestFileMeta;
import io.strata.core.options.ChangelogProducer;
import io.strata.core.options.Durations;
import io.strata.core.options.ExpireOptions;
import io.strata.core.options.Options;
import io.strata.core.options.ScanOptions;
import io.strata.core.options.TableOptions;
import io.strata.core.snapshot.ChangelogManager;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.snapshot.SnapshotManager;
import io.strata.core.snapshot.Tag;
import io.strata.core.split.AppendOnlySplitGenerator;
import io.strata.core.split.DataSplit;
import io.strata.core.split.SplitGenerator;
import io.strata.core.store.FileStore;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Plans the steps of a streaming read ({@link StreamPosition}): the splits of a whole snapshot, as
 * a batch read plans them, or of the files one snapshot added (its delta manifest list).
 *
 * <p>Which snapshots have changes: APPEND ones; COMPACT ones rewrite existing rows and add none;
 * OVERWRITE ones only with {@code streaming-read-overwrite} (as Paimon's streaming source). An
 * append table's added files pack as in a batch read. A primary-key table's added files make one
 * split per bucket, ordered by sequence number and never packed across buckets; each file is read
 * on its own ({@code TableRead.openChanges}), so every change reaches the stream in commit order.
 *
 * <p>With a {@code changelog-producer} other than {@code none}, a primary-key table's stream emits
 * the changelog files of every snapshot that has them (its {@code changelogManifestList}), in the
 * order they were written, and nothing of the others, as Paimon's streaming reads do: with {@code
 * input} the APPEND snapshots' writers produced them (every input record, unmerged); with {@code
 * lookup} and {@code full-compaction} the compactions did (the COMPACT snapshots', a key's old and
 * new rows as -U/+U, +I or -D).
 *
 * <p>Example: snapshot 7 (APPEND) added files f1 (bucket 0, seq 10-19) and f2 (bucket 1, seq 3-5)
 * to a key table: the changes of 7 are two splits, [f1] and [f2].
 */
public final class StreamScan {

  private final FileStore table;
  private final Options options;
  private final SnapshotManager snapshots;

  /** Whether snapshots emit their changelog files rather than their added files. */
  private final boolean readsChangelog;

  public StreamScan(FileStore table, Options readOptions) {
    TableScan.checkReadable(table);
    this.table = table;
    this.options = table.options().with(readOptions.toMap());
    this.snapshots = table.snapshotManager();
    ChangelogProducer producer = options.get(TableOptions.CHANGELOG_PRODUCER);
    this.readsChangelog = table.schema().hasPrimaryKey() && producer != ChangelogProducer.NONE;
    if (TableScan.postponesBuckets(table) && !readsChangelog) {
      // Paimon streams the files its writers add to bucket-postpone/, unsorted rows Strata does
      // not read; with a changelog producer the changes come from the real buckets.
      throw CoreErrors.postponedBucketsStream(table.root().getName());
    }
  }

  /** The latest snapshot id, or 0 when the table has none: positions up to it can be planned. */
  public long latestId() {
    OptionalLong latest = snapshots.latestId();
    return latest.isPresent() ? latest.getAsLong() : 0;
  }

  /**
   * The splits of the step at {@code position} (all of them, whatever its split index); the
   * snapshot must be committed, and fails the stream when it has expired.
   */
  public List<DataSplit> plan(StreamPosition position) {
    if (position.full()) {
      return new TableScan(table, options).plan(wholeSnapshot(position.snapshotId())).splits();
    }
    Snapshot snapshot = snapshot(position.snapshotId());
    if (readsChangelog) {
      return snapshot.changelogManifestList() == null
          ? List.of()
          : changes(snapshot, snapshot.changelogManifestList(), FileOrder.AS_WRITTEN);
    }
    if (!emitsChanges(snapshot)) {
      return List.of();
    }
    return changes(snapshot, snapshot.deltaManifestList(), FileOrder.BY_SEQUENCE);
  }

  /** How a key bucket's change files are ordered for reading. */
  private enum FileOrder {
    /** By first sequence number: added level-0 files. */
    BY_SEQUENCE,
    /** As the manifest lists them: changelog files, written in sequence order. */
    AS_WRITTEN
  }

  /** The snapshot to read whole: itself, or a tag's copy once it has expired (a tag start). */
  private Snapshot wholeSnapshot(long id) {
    if (!snapshots.exists(id)) {
      for (Tag tag : table.tagManager().tags().values()) {
        if (tag.snapshot().id() == id) {
          return tag.snapshot();
        }
      }
    }
    return snapshot(id);
  }

  private Snapshot snapshot(long id) {
    if (snapshots.exists(id)) {
      return snapshots.snapshot(id);
    }
    // An expired snapshot whose changelog the table keeps longer still has its changes.
    ChangelogManager changelogs = new ChangelogManager(table.fileIO(), table.paths());
    if (changelogs.exists(id)) {
      return changelogs.changelog(id);
    }
    OptionalLong earliest = snapshots.earliestId();
    throw CoreErrors.streamSnapshotExpired(
        table.root().getName(),
        id,
        earliest.isPresent() ? earliest.getAsLong() : latestId() + 1,
        ExpireOptions.SNAPSHOT_TIME_RETAINED.key()
            + " is "
            + Durations.format(table.options().get(ExpireOptions.SNAPSHOT_TIME_RETAINED))
            + ", "
            + ExpireOptions.SNAPSHOT_NUM_RETAINED_MIN.key()
            + " is "
            + table.options().get(ExpireOptions.SNAPSHOT_NUM_RETAINED_MIN));
  }

  private boolean emitsChanges(Snapshot snapshot) {
    return snapshot.commitKind() == CommitKind.APPEND
        || (snapshot.commitKind() == CommitKind.OVERWRITE
            && options.get(ScanOptions.STREAMING_READ_OVERWRITE));
  }

  private List<DataSplit> changes(Snapshot snapshot, String manifestList, FileOrder order) {
    FileStoreScan scan = new FileStoreScan(table.manifestFiles(), table.schema().partitionType());
    List<ManifestFileMeta> delta = table.manifestFiles().readManifestList(manifestList);
    Map<BucketKey, List<ManifestEntry>> buckets = new LinkedHashMap<>();
    boolean onlyRealBuckets = TableScan.postponesBuckets(table);
    for (ManifestEntry e : FileStoreScan.merge(scan.readEntries(delta))) {
      if (onlyRealBuckets && e.bucket() < 0) {
        continue;
      }
      buckets
          .computeIfAbsent(new BucketKey(e.partition(), e.bucket()), k -> new ArrayList<>())
          .add(e);
    }
    List<DataSplit> splits = new ArrayList<>();
    for (Map.Entry<BucketKey, List<ManifestEntry>> b : buckets.entrySet()) {
      int totalBuckets = b.getValue().get(0).totalBuckets();
      List<DataFileMeta> files =
          new ArrayList<>(b.getValue().stream().map(ManifestEntry::file).toList());
      for (List<DataFileMeta> group : groups(files, order)) {
        splits.add(
            new DataSplit(
                snapshot.id(),
                b.getKey().partition(),
                b.getKey().bucket(),
                totalBuckets,
                group,
                !table.schema().hasPrimaryKey()));
      }
    }
    return splits;
  }

  private List<List<DataFileMeta>> groups(List<DataFileMeta> files, FileOrder order) {
    if (table.schema().hasPrimaryKey()) {
      if (order == FileOrder.BY_SEQUENCE) {
        files.sort(Comparator.comparingLong(DataFileMeta::minSequenceNumber));
      }
      return List.of(files);
    }
    SplitGenerator packing =
        new AppendOnlySplitGenerator(
            options.get(ScanOptions.SPLIT_TARGET_SIZE),
            options.get(ScanOptions.SPLIT_OPEN_FILE_COST));
    return packing.split(files).stream().map(SplitGenerator.SplitGroup::files).toList();
  }

  private record BucketKey(BinaryRow partition, int bucket) {}
}

package io.strata.core.scan;

import io.strata.core.data.BinaryRow;
import io.strata.core.deletion.DeletionFile;
import io.strata.core.errors.CoreErrors;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.FileKind;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.manifest.ManifestFileMeta;
import io.strata.core.options.Options;
import io.strata.core.options.ScanOptions;
import io.strata.core.predicate.Predicate;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.split.AppendOnlySplitGenerator;
import io.strata.core.split.DataSplit;
import io.strata.core.split.IncrementalSplit;
import io.strata.core.split.SplitGenerator;
import io.strata.core.store.FileStore;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Plans a batch incremental read ({@link IncrementalRange}), as Paimon 1.3.1 plans it:
 *
 * <ul>
 *   <li>{@code DELTA}: the files that the APPEND snapshots of the range added (their delta manifest
 *       lists); {@code CHANGELOG}: the changelog files of every snapshot of the range but OVERWRITE
 *       ones. Each bucket's files of all those snapshots are read record by record: an append
 *       table's rows, a primary-key table's records unmerged (upserts, or every kind in {@code
 *       $audit_log}).
 *   <li>{@code DIFF}: per bucket, the files of the two versions, less those both have; a
 *       primary-key bucket's rows are merged on each side and compared key by key, an append
 *       bucket's later files are read.
 * </ul>
 *
 * <p>Example: snapshots 6 (APPEND, file f1 in bucket 0) and 7 (COMPACT) with range (5, 7] in delta
 * mode: one split, [f1]; snapshot 7 added no change.
 */
public final class IncrementalScan {

  private final FileStore table;
  private final Options options;
  private Predicate partitionFilter;

  public IncrementalScan(FileStore table, Options readOptions) {
    TableScan.checkReadable(table);
    this.table = table;
    this.options = table.options().with(readOptions.toMap());
  }

  /** A filter bound to the partition row type. */
  public IncrementalScan withPartitionFilter(Predicate filter) {
    this.partitionFilter = filter;
    return this;
  }

  public List<IncrementalSplit> plan(IncrementalRange range) {
    return switch (range.kind()) {
      case EMPTY -> List.of();
      case DELTA, CHANGELOG -> changes(range);
      case DIFF -> diff(range.before(), range.after());
    };
  }

  private List<IncrementalSplit> changes(IncrementalRange range) {
    boolean changelog = range.kind() == IncrementalRange.Kind.CHANGELOG;
    boolean postponed = TableScan.postponesBuckets(table);
    if (postponed && !changelog) {
      throw CoreErrors.incrementalPostponedBuckets(table.root().getName());
    }
    FileStoreScan scan =
        new FileStoreScan(table.manifestFiles(), table.schema().partitionType())
            .withPartitionFilter(partitionFilter);
    // The manifests of all snapshots of the range are read together, in parallel, in order.
    List<ManifestFileMeta> manifests = new ArrayList<>();
    List<Long> manifestSnapshots = new ArrayList<>();
    List<String> manifestLists = new ArrayList<>();
    for (long id = range.startId() + 1; id <= range.endId(); id++) {
      Snapshot snapshot = table.snapshotManager().snapshot(id);
      String list = changelog ? changelogList(snapshot) : deltaList(snapshot);
      if (list == null) {
        continue;
      }
      for (ManifestFileMeta m : table.manifestFiles().readManifestList(list)) {
        manifests.add(m);
        manifestSnapshots.add(id);
        manifestLists.add(list);
      }
    }
    Map<BucketKey, List<ManifestEntry>> buckets = new LinkedHashMap<>();
    List<List<ManifestEntry>> read = scan.readEntries(manifests);
    for (int i = 0; i < read.size(); i++) {
      for (ManifestEntry e : read.get(i)) {
        if (e.kind() != FileKind.ADD) {
          throw CoreErrors.incrementalDeltaDeletes(manifestSnapshots.get(i), manifestLists.get(i));
        }
        if (postponed && e.bucket() < 0) {
          continue;
        }
        buckets.computeIfAbsent(BucketKey.of(e), k -> new ArrayList<>()).add(e);
      }
    }
    List<IncrementalSplit> splits = new ArrayList<>();
    boolean primaryKey = table.schema().hasPrimaryKey();
    for (Map.Entry<BucketKey, List<ManifestEntry>> b : buckets.entrySet()) {
      List<DataFileMeta> files = b.getValue().stream().map(ManifestEntry::file).toList();
      int totalBuckets = b.getValue().get(0).totalBuckets();
      // A key bucket's records are read one file after the other, unmerged; order is irrelevant.
      List<List<DataFileMeta>> groups = primaryKey ? List.of(files) : packed(files);
      for (List<DataFileMeta> group : groups) {
        splits.add(
            IncrementalSplit.changes(
                new DataSplit(
                    range.endId(),
                    b.getKey().partition(),
                    b.getKey().bucket(),
                    totalBuckets,
                    group,
                    !primaryKey)));
      }
    }
    return splits;
  }

  private static String deltaList(Snapshot snapshot) {
    return snapshot.commitKind() == CommitKind.APPEND ? snapshot.deltaManifestList() : null;
  }

  private static String changelogList(Snapshot snapshot) {
    return snapshot.commitKind() == CommitKind.OVERWRITE ? null : snapshot.changelogManifestList();
  }

  private List<List<DataFileMeta>> packed(List<DataFileMeta> files) {
    SplitGenerator packing =
        new AppendOnlySplitGenerator(
            options.get(ScanOptions.SPLIT_TARGET_SIZE),
            options.get(ScanOptions.SPLIT_OPEN_FILE_COST));
    return packing.split(files).stream().map(SplitGenerator.SplitGroup::files).toList();
  }

  /**
   * The buckets whose files differ between the versions. A file both versions read with the same
   * deletion vector holds the same rows in both and is left out of both sides; with different
   * vectors it stays on both sides, so that rows deleted in between show.
   */
  private List<IncrementalSplit> diff(Snapshot before, Snapshot after) {
    Map<BucketKey, BucketFiles> beforeFiles = bucketFiles(before);
    Map<BucketKey, BucketFiles> afterFiles = bucketFiles(after);
    Set<BucketKey> keys = new LinkedHashSet<>(afterFiles.keySet());
    keys.addAll(beforeFiles.keySet());
    boolean primaryKey = table.schema().hasPrimaryKey();
    List<IncrementalSplit> splits = new ArrayList<>();
    for (BucketKey key : keys) {
      BucketFiles earlier = beforeFiles.getOrDefault(key, BucketFiles.EMPTY);
      BucketFiles later = afterFiles.getOrDefault(key, BucketFiles.EMPTY);
      BucketFiles onlyEarlier = earlier.without(later);
      BucketFiles onlyLater = later.without(earlier);
      if (onlyLater.files.isEmpty() && (!primaryKey || onlyEarlier.files.isEmpty())) {
        continue;
      }
      int totalBuckets = later.files.isEmpty() ? earlier.totalBuckets : later.totalBuckets;
      DataSplit afterSplit =
          new DataSplit(
              after.id(),
              key.partition(),
              key.bucket(),
              totalBuckets,
              onlyLater.files,
              !primaryKey,
              onlyLater.deletionFilesOrEmpty());
      splits.add(
          new IncrementalSplit(
              afterSplit, onlyEarlier.files, onlyEarlier.deletionFilesOrEmpty(), true));
    }
    return splits;
  }

  /** The files a plain read of {@code snapshot} reads, by bucket, with their deletion vectors. */
  private Map<BucketKey, BucketFiles> bucketFiles(Snapshot snapshot) {
    Map<BucketKey, BucketFiles> buckets = new LinkedHashMap<>();
    TableScan.Plan plan =
        new TableScan(table, options).withPartitionFilter(partitionFilter).plan(snapshot);
    for (DataSplit split : plan.splits()) {
      BucketFiles files =
          buckets.computeIfAbsent(
              new BucketKey(split.partition(), split.bucket()),
              k -> new BucketFiles(split.totalBuckets()));
      for (int i = 0; i < split.files().size(); i++) {
        files.add(split.files().get(i), split.deletionFile(i));
      }
    }
    return buckets;
  }

  /** One bucket's files of one version, each with its deletion vector or null. */
  private static final class BucketFiles {

    static final BucketFiles EMPTY = new BucketFiles(0);

    final int totalBuckets;
    final List<DataFileMeta> files = new ArrayList<>();
    final List<DeletionFile> deletionFiles = new ArrayList<>();

    BucketFiles(int totalBuckets) {
      this.totalBuckets = totalBuckets;
    }

    void add(DataFileMeta file, DeletionFile deletionFile) {
      files.add(file);
      deletionFiles.add(deletionFile);
    }

    /** These files but those {@code other} has with the same deletion vector. */
    BucketFiles without(BucketFiles other) {
      Map<String, DeletionFile> others = new LinkedHashMap<>();
      Map<String, DataFileMeta> otherFiles = new LinkedHashMap<>();
      for (int i = 0; i < other.files.size(); i++) {
        others.put(other.files.get(i).fileName(), other.deletionFiles.get(i));
        otherFiles.put(other.files.get(i).fileName(), other.files.get(i));
      }
      BucketFiles kept = new BucketFiles(totalBuckets);
      for (int i = 0; i < files.size(); i++) {
        DataFileMeta f = files.get(i);
        boolean shared =
            sameFile(f, otherFiles.get(f.fileName()))
                && Objects.equals(deletionFiles.get(i), others.get(f.fileName()));
        if (!shared) {
          kept.add(f, deletionFiles.get(i));
        }
      }
      return kept;
    }

    /**
     * Whether two versions list the same file at the same level (a file's metadata holds arrays, so
     * records of two manifest reads are not {@code equals}).
     */
    private static boolean sameFile(DataFileMeta a, DataFileMeta b) {
      return b != null
          && a.fileName().equals(b.fileName())
          && a.level() == b.level()
          && a.fileSize() == b.fileSize()
          && a.rowCount() == b.rowCount();
    }

    List<DeletionFile> deletionFilesOrEmpty() {
      for (DeletionFile d : deletionFiles) {
        if (d != null) {
          return deletionFiles;
        }
      }
      return List.of();
    }
  }

  private record BucketKey(BinaryRow partition, int bucket) {
    static BucketKey of(ManifestEntry e) {
      return new BucketKey(e.partition(), e.bucket());
    }
  }
}

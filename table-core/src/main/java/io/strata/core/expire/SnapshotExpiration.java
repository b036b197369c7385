package io.strata.core.expire;

import io.strata.core.io.FileTaskPool;
import io.strata.core.manifest.FileKind;
import io.strata.core.manifest.FileSource;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.manifest.ManifestFileMeta;
import io.strata.core.manifest.ManifestFiles;
import io.strata.core.options.ChangelogProducer;
import io.strata.core.options.ExpireOptions;
import io.strata.core.options.Options;
import io.strata.core.options.TableOptions;
import io.strata.core.progress.Progress;
import io.strata.core.scan.FileStoreScan;
import io.strata.core.snapshot.ChangelogManager;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.snapshot.SnapshotManager;
import io.strata.core.store.FileStore;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.LongStream;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Expires old snapshots. Candidates start at {@code max(latest - retainMax + 1, earliest)} (older
 * ones always go), stop before the newest {@code retainMin}, before any consumer's next snapshot,
 * after {@code limit} snapshots, and at the first snapshot whose next snapshot was committed after
 * {@code olderThan} (a snapshot ages from when it was superseded).
 *
 * <p>Deletion reads only the delta manifests of the snapshots after each expired one: their DELETE
 * entries name the files only expired snapshots held. Files any tag holds are kept. The changelog
 * files of each expired snapshot ({@code changelog-producer} {@code input}) go too, unless a tag
 * holds that snapshot (orphan removal counts a tag's changelog files as live). Then index files and
 * index manifests only expired snapshots read ({@link ExpiredIndexFiles}), then unreferenced
 * manifests and manifest lists go, then the snapshot files in ascending order, then EARLIEST moves.
 * Interrupted at any point, every retained snapshot and tag stays readable and a rerun finishes the
 * job.
 */
public final class SnapshotExpiration {

  private static final Logger LOG = LoggerFactory.getLogger(SnapshotExpiration.class);

  private final FileStore table;
  private final SnapshotManager snapshots;
  private final ManifestFiles manifests;

  /** Whether expired snapshots leave their changelog behind ({@link #expire}). */
  private boolean keepsChangelog;

  /**
   * Whether that changelog is the files writes added ({@link #changelogIsWrittenFiles}): expired
   * snapshots then keep their manifest lists and the written files they removed.
   */
  private boolean keepsWrittenFiles;

  public SnapshotExpiration(FileStore table) {
    this.table = table;
    this.snapshots = table.snapshotManager();
    this.manifests = table.manifestFiles();
  }

  /**
   * Expires what {@code config} allows; the number of snapshots expired. When the changelog
   * outlives the snapshots ({@link #changelogOutlivesSnapshots}), each expired snapshot's changelog
   * is kept as {@code changelog/changelog-N}, and then the changelog expires by its own retention
   * ({@link ChangelogExpiration}).
   */
  public int expire(ExpireConfig config) {
    keepsChangelog = changelogOutlivesSnapshots(table.options());
    keepsWrittenFiles = keepsChangelog && changelogIsWrittenFiles(table);
    int expired = expireSnapshots(config);
    if (keepsChangelog) {
      new ChangelogExpiration(table).expire();
    }
    return expired;
  }

  private int expireSnapshots(ExpireConfig config) {
    OptionalLong latestId = snapshots.latestId();
    OptionalLong earliestId = snapshots.earliestId();
    if (latestId.isEmpty()) {
      return 0;
    }
    long latest = latestId.getAsLong();
    long earliest = earliestId.getAsLong();
    long min = Math.max(latest - config.retainMax() + 1, earliest);
    long maxExclusive = latest - config.retainMin() + 1;
    maxExclusive = Math.min(maxExclusive, Consumers.minNextSnapshot(table).orElse(Long.MAX_VALUE));
    maxExclusive = Math.min(maxExclusive, earliest + config.limit());
    for (long id = min; id < maxExclusive; id++) {
      if (!snapshots.exists(id + 1)
          || snapshots.snapshot(id + 1).timeMillis() >= config.olderThanMillis()) {
        maxExclusive = id;
        break;
      }
    }
    if (maxExclusive <= earliest) {
      return 0;
    }
    long start = System.nanoTime();
    Deleted deleted = expireUntil(earliest, maxExclusive);
    int expired = (int) (maxExclusive - earliest);
    LOG.info(
        "Expired {} ({}..{}) of {}, deleted {}, {} and {} in {}",
        Progress.count(expired, "snapshot"),
        earliest,
        maxExclusive - 1,
        Progress.table(table.root()),
        Progress.count(deleted.dataFiles(), "data file"),
        Progress.count(deleted.indexFiles(), "index file"),
        Progress.count(deleted.manifests(), "manifest"),
        Progress.elapsedSince(start));
    return expired;
  }

  /**
   * What one expiration deleted: data files, index files (deletion vectors, hash indexes) and
   * metadata files (manifests, manifest lists and index manifests). Files already gone (a rerun)
   * are not counted.
   */
  record Deleted(int dataFiles, int indexFiles, int manifests) {}

  /**
   * Expires snapshots [earliest, endExclusive) in phases, each finished before the next starts:
   * unused data files, then unused manifests and manifest lists, then the snapshot files in
   * ascending order, then EARLIEST. Reads and deletes within a phase run on the file task pool.
   */
  private Deleted expireUntil(long earliest, long endExclusive) {
    FileTaskPool pool = FileTasks.of(table);
    Map<Long, Snapshot> range = readSnapshots(pool, earliest, endExclusive);
    TaggedFiles tagged = new TaggedFiles(table, manifests, endExclusive, pool);
    List<Snapshot> expired = range.values().stream().filter(s -> s.id() < endExclusive).toList();
    Unused unusedData = unusedDataFiles(pool, range, earliest, tagged);
    List<ManifestEntry> unused = new ArrayList<>(unusedData.files());
    if (!keepsChangelog) {
      unused.addAll(unusedChangelogFiles(pool, expired, tagged));
    }
    AtomicInteger dataFiles = new AtomicInteger();
    pool.forEach(unused, e -> count(dataFiles, deleteDataFile(e)));
    pool.forEach(unusedData.replacedExtraFiles(), this::deleteReplacedExtraFiles);
    // Index files (deletion vectors) go with the data files, before any manifest that names them.
    ExpiredIndexFiles index =
        new ExpiredIndexFiles(table, manifests, snapshots.snapshot(endExclusive));
    // Serially: expired snapshots often share one index manifest, which delete() remembers.
    expired.forEach(index::delete);
    Set<String> keptManifests = tagged.manifestFiles();
    keptManifests.addAll(referencedManifests(snapshots.snapshot(endExclusive)));
    ChangelogManager changelogs = new ChangelogManager(table.fileIO(), table.paths());
    if (keepsWrittenFiles) {
      // changelog-N streams the files its delta manifests added; its base list stays with them.
      pool.map(expired, this::referencedManifests).forEach(keptManifests::addAll);
    } else if (keepsChangelog) {
      for (Snapshot s : expired) {
        if (s.changelogManifestList() != null) {
          keptManifests.add(s.changelogManifestList());
          keptManifests.addAll(manifestsOfListIfExists(s.changelogManifestList()));
        }
      }
    }
    Set<String> unusedManifests = new LinkedHashSet<>();
    pool.map(expired, this::referencedManifests).forEach(unusedManifests::addAll);
    unusedManifests.removeAll(keptManifests);
    AtomicInteger manifestFiles = new AtomicInteger(index.deletedManifests());
    pool.forEach(
        unusedManifests, name -> count(manifestFiles, deleteQuietly(table.paths().manifest(name))));
    for (long id = earliest; id < endExclusive; id++) {
      Snapshot s = range.get(id);
      if (keepsChangelog && s != null) {
        changelogs.keep(s); // before its snapshot goes, so a stream always finds one of the two
      }
      deleteQuietly(table.paths().snapshot(id));
    }
    snapshots.writeEarliestHint(endExclusive);
    if (table.options().get(ExpireOptions.SNAPSHOT_CLEAN_EMPTY_DIRECTORIES)) {
      Set<String> emptiedBuckets = new HashSet<>();
      for (ManifestEntry e : unused) {
        emptiedBuckets.add(table.dataFilePaths().bucketDir(e.partition(), e.bucket()).toString());
      }
      EmptyDirectories.clean(table, emptiedBuckets);
    }
    return new Deleted(dataFiles.get(), index.deletedFiles(), manifestFiles.get());
  }

  private static void count(AtomicInteger counter, boolean deleted) {
    if (deleted) {
      counter.incrementAndGet();
    }
  }

  /** The snapshots of [earliest, endInclusive] that exist, by id in ascending order. */
  private Map<Long, Snapshot> readSnapshots(FileTaskPool pool, long earliest, long endInclusive) {
    List<Long> ids = LongStream.rangeClosed(earliest, endInclusive).boxed().toList();
    Map<Long, Snapshot> range = new TreeMap<>();
    for (Snapshot s : pool.map(ids, id -> snapshots.exists(id) ? snapshots.snapshot(id) : null)) {
      if (s != null) {
        range.put(s.id(), s);
      }
    }
    return range;
  }

  /**
   * Files that only expired snapshots held: the DELETE entries of the delta manifests of every
   * snapshot after {@code earliest} up to the first retained one, unless a tag holds them.
   */
  private Unused unusedDataFiles(
      FileTaskPool pool, Map<Long, Snapshot> range, long earliest, TaggedFiles tagged) {
    List<Snapshot> later = range.values().stream().filter(s -> s.id() > earliest).toList();
    List<List<String>> deltas = pool.map(later, this::deltaManifests);
    Set<String> seen = new HashSet<>();
    List<List<String>> unseen =
        deltas.stream().map(names -> names.stream().filter(seen::add).toList()).toList();
    List<Unused> perSnapshot =
        pool.map(
            unseen,
            names -> {
              List<ManifestEntry> delta =
                  names.stream().flatMap(n -> readManifestIfExists(n).stream()).toList();
              return new Unused(
                  removedFiles(delta).stream()
                      .filter(e -> !tagged.holds(e))
                      .filter(e -> !(keepsWrittenFiles && writtenByAWrite(e)))
                      .toList(),
                  replacedExtraFiles(delta).stream()
                      .filter(r -> !(keepsWrittenFiles && writtenByAWrite(r.entry())))
                      .map(
                          r ->
                              new ReplacedExtraFiles(
                                  r.entry(), tagged.unlistedExtraFiles(r.entry(), r.names())))
                      .filter(r -> !r.names().isEmpty())
                      .toList());
            });
    return new Unused(
        perSnapshot.stream().flatMap(u -> u.files().stream()).toList(),
        perSnapshot.stream().flatMap(u -> u.replacedExtraFiles().stream()).toList());
  }

  /** Data files no retained version needs, and index files a later version of an entry replaced. */
  private record Unused(List<ManifestEntry> files, List<ReplacedExtraFiles> replacedExtraFiles) {}

  /**
   * The files one snapshot's delta removes: its DELETE entries, except a file it adds again.
   * Paimon's compaction moves a file that needs no rewrite to a higher level that way (DELETE at
   * the old level, ADD at the new one): the file stays live and must stay on disk.
   */
  static List<ManifestEntry> removedFiles(List<ManifestEntry> delta) {
    Map<ManifestEntry.FileKey, ManifestEntry> removed = new LinkedHashMap<>();
    for (ManifestEntry e : delta) {
      if (e.kind() == FileKind.DELETE) {
        removed.put(e.fileKey(), e);
      } else {
        removed.remove(e.fileKey());
      }
    }
    return new ArrayList<>(removed.values());
  }

  /**
   * The extra files (file indexes) of an entry that {@code entry}'s file lost when one snapshot
   * deleted it and added it again: {@code rewrite_file_index} gives a file a new index that way.
   */
  record ReplacedExtraFiles(ManifestEntry entry, List<String> names) {}

  /** The extra files one snapshot's delta replaced on files it deleted and added again. */
  static List<ReplacedExtraFiles> replacedExtraFiles(List<ManifestEntry> delta) {
    Map<ManifestEntry.FileKey, ManifestEntry> deleted = new LinkedHashMap<>();
    List<ReplacedExtraFiles> replaced = new ArrayList<>();
    for (ManifestEntry e : delta) {
      if (e.kind() == FileKind.DELETE) {
        deleted.put(e.fileKey(), e);
        continue;
      }
      ManifestEntry before = deleted.remove(e.fileKey());
      if (before != null) {
        List<String> gone =
            before.file().extraFiles().stream()
                .filter(x -> !e.file().extraFiles().contains(x))
                .toList();
        if (!gone.isEmpty()) {
          replaced.add(new ReplacedExtraFiles(before, gone));
        }
      }
    }
    return replaced;
  }

  /**
   * Whether the table's changelog is the files its writes add (an append table, or {@code
   * changelog-producer} = {@code none}): a stream reads them from the delta manifests.
   */
  static boolean changelogIsWrittenFiles(FileStore table) {
    return !table.schema().hasPrimaryKey()
        || table.options().get(TableOptions.CHANGELOG_PRODUCER) == ChangelogProducer.NONE;
  }

  /** A file a write added (Paimon counts a file of unknown source as one), not a compaction. */
  static boolean writtenByAWrite(ManifestEntry e) {
    return e.file().fileSource() == null || e.file().fileSource() == FileSource.APPEND;
  }

  /** The changelog files of expired snapshots that no tag holds. */
  private List<ManifestEntry> unusedChangelogFiles(
      FileTaskPool pool, List<Snapshot> expired, TaggedFiles tagged) {
    Set<String> taggedManifests = tagged.manifestFiles();
    List<String> lists =
        expired.stream()
            .map(Snapshot::changelogManifestList)
            .filter(list -> list != null && !taggedManifests.contains(list))
            .toList();
    Set<String> changelogManifests =
        new LinkedHashSet<>(pool.flatMap(lists, this::manifestsOfListIfExists));
    return pool.flatMap(changelogManifests, this::readManifestIfExists);
  }

  private List<String> deltaManifests(Snapshot snapshot) {
    return manifestsOfListIfExists(snapshot.deltaManifestList());
  }

  private List<String> manifestsOfListIfExists(String manifestList) {
    return manifestsOfListIfExists(manifests, manifestList);
  }

  /** The manifests a list names; none when the list is gone (an interrupted earlier run). */
  static List<String> manifestsOfListIfExists(ManifestFiles manifests, String manifestList) {
    try {
      return manifests.readManifestList(manifestList).stream()
          .map(ManifestFileMeta::fileName)
          .toList();
    } catch (UncheckedIOException e) {
      if (e.getCause() instanceof FileNotFoundException) {
        return List.of(); // an interrupted earlier run already removed it
      }
      throw e;
    }
  }

  private List<ManifestEntry> readManifestIfExists(String name) {
    return readManifestIfExists(manifests, name);
  }

  /** A manifest's entries; none when it is gone (an interrupted earlier run). */
  static List<ManifestEntry> readManifestIfExists(ManifestFiles manifests, String name) {
    try {
      return manifests.readManifest(name);
    } catch (UncheckedIOException e) {
      if (e.getCause() instanceof FileNotFoundException) {
        return List.of(); // an interrupted earlier run already removed it
      }
      throw e;
    }
  }

  /** Names of the manifest lists and manifests a snapshot reads. */
  static Set<String> referencedManifests(Snapshot s, ManifestFiles manifests) {
    Set<String> names = new HashSet<>();
    for (String list :
        new String[] {s.baseManifestList(), s.deltaManifestList(), s.changelogManifestList()}) {
      if (list == null) {
        continue;
      }
      names.add(list);
      try {
        for (ManifestFileMeta m : manifests.readManifestList(list)) {
          names.add(m.fileName());
        }
      } catch (UncheckedIOException e) {
        if (!(e.getCause() instanceof FileNotFoundException)) {
          throw e;
        }
      }
    }
    return names;
  }

  private Set<String> referencedManifests(Snapshot s) {
    return referencedManifests(s, manifests);
  }

  /**
   * Whether the table keeps its changelog longer than its snapshots ({@code changelog.*} retention
   * above the snapshots'): expiration then moves an expired snapshot's changelog to {@code
   * changelog/changelog-N} and keeps its files, as Paimon's does.
   */
  static boolean changelogOutlivesSnapshots(Options options) {
    Integer min = options.get(ExpireOptions.CHANGELOG_NUM_RETAINED_MIN);
    Integer max = options.get(ExpireOptions.CHANGELOG_NUM_RETAINED_MAX);
    Duration time = options.get(ExpireOptions.CHANGELOG_TIME_RETAINED);
    return (min != null && min > options.get(ExpireOptions.SNAPSHOT_NUM_RETAINED_MIN))
        || (max != null && max > options.get(ExpireOptions.SNAPSHOT_NUM_RETAINED_MAX))
        || (time != null && time.compareTo(options.get(ExpireOptions.SNAPSHOT_TIME_RETAINED)) > 0);
  }

  private void deleteReplacedExtraFiles(ReplacedExtraFiles r) {
    CommittedDataFiles.deleteExtraFiles(table, r.entry(), r.names(), "while expiring snapshots");
  }

  /** Whether the file was there and is now deleted. */
  private boolean deleteDataFile(ManifestEntry e) {
    return CommittedDataFiles.delete(table, e, "while expiring snapshots");
  }

  private boolean deleteQuietly(Path path) {
    return deleteIfPresent(table, path);
  }

  /**
   * Deletes a file expiration no longer needs; one already gone (a rerun) is fine.
   *
   * @return whether the file was there and is now deleted
   */
  static boolean deleteIfPresent(FileStore table, Path path) {
    try {
      return table.fileIO().delete(path);
    } catch (FileNotFoundException e) {
      // Already gone: a rerun after an interrupted expiration.
      return false;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot delete " + path + " while expiring snapshots", e);
    }
  }

  /** Live data files of a snapshot; used by tests and tag protection. */
  static List<ManifestEntry> liveFiles(FileStore table, ManifestFiles manifests, Snapshot s) {
    return new FileStoreScan(manifests, table.schema().partitionType()).liveEntries(s);
  }
}

package io.strata.core.commit;

import com.fasterxml.jackson.databind.JsonNode;
import io.strata.core.data.BinaryRow;
import io.strata.core.data.BinaryRowCodec;
import io.strata.core.errors.CoreErrors;
import io.strata.core.index.HashIndexFile;
import io.strata.core.json.PaimonJson;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.FileKind;
import io.strata.core.manifest.IndexManifestEntry;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.manifest.ManifestFileMeta;
import io.strata.core.manifest.ManifestFiles;
import io.strata.core.options.Options;
import io.strata.core.options.TableOptions;
import io.strata.core.predicate.Predicate;
import io.strata.core.progress.Progress;
import io.strata.core.scan.FileStoreScan;
import io.strata.core.scan.TableScan;
import io.strata.core.schema.TableSchema;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.store.FileStore;
import io.strata.core.types.RowType;
import io.strata.core.write.BucketId;
import io.strata.core.write.CommitMessage;
import io.strata.core.write.PartitionBuckets;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one commit loop: build delta manifests, a base manifest list from the latest snapshot, and
 * publish {@code snapshot-N} atomically; a lost race re-plans on the new latest snapshot and
 * retries with backoff. A commit that finally fails deletes every file it wrote, data included.
 *
 * <p>Changelog files the writers produced ({@code changelog-producer} {@code input}) go into their
 * own manifests and manifest list, named by the snapshot's {@code changelogManifestList}, with
 * their row count as {@code changelogRecordCount}; the data change's snapshot carries them.
 *
 * <p>With {@code lock.enabled} each attempt, from reading the latest snapshot to publishing the
 * next, holds the table's {@link CommitLock}.
 */
public final class FileStoreCommit {

  private static final Logger LOG = LoggerFactory.getLogger(FileStoreCommit.class);

  private final FileStore table;
  private final String commitUser;
  private final Clock clock;
  private final ManifestFiles manifestFiles;
  private final ManifestMerger merger;
  private final int maxRetries;
  private final CommitLock lock;
  private RetryBackoff backoff = RetryBackoff.exponential();
  private long commitIdentifier = Snapshot.BATCH_COMMIT_IDENTIFIER;
  private int retries;

  /** A commit of {@code commitUser} stamped by the table's clock. */
  public FileStoreCommit(FileStore table, String commitUser) {
    this(table, commitUser, table.clock());
  }

  public FileStoreCommit(FileStore table, String commitUser, Clock clock) {
    this.table = table;
    this.commitUser = commitUser;
    this.clock = clock;
    Options options = table.options();
    this.manifestFiles = table.manifestFiles();
    this.merger =
        new ManifestMerger(
            manifestFiles,
            options.get(TableOptions.MANIFEST_MERGE_MIN_COUNT),
            options.get(TableOptions.MANIFEST_TARGET_FILE_SIZE));
    this.maxRetries = options.get(TableOptions.COMMIT_MAX_RETRIES);
    this.lock = CommitLock.of(table);
  }

  /**
   * Stamps the snapshots with {@code identifier} (a streaming write's batch id) instead of the
   * batch identifier, so a replayed batch can tell it has committed.
   */
  public FileStoreCommit withCommitIdentifier(long identifier) {
    this.commitIdentifier = identifier;
    return this;
  }

  /** How many attempts lost a race and were retried, over every commit this object made. */
  public int retries() {
    return retries;
  }

  /** Waits with {@code backoff} between attempts instead of the default exponential one. */
  public FileStoreCommit withBackoff(RetryBackoff backoff) {
    this.backoff = backoff;
    return this;
  }

  /**
   * Commits added and replaced files as a snapshot of {@code kind}, then what the writers compacted
   * as a COMPACT snapshot, as Paimon's writers do. When there was a data change and its compaction
   * loses to a concurrent one, the data change stands and the compaction output is deleted; a
   * compaction alone fails.
   *
   * @return the last snapshot committed, or null when there was nothing to commit
   */
  public Snapshot commit(List<CommitMessage> messages, CommitKind kind) {
    List<CommitMessage> data = new ArrayList<>();
    List<CommitMessage> compactions = new ArrayList<>();
    Set<List<Object>> compactedBuckets = new HashSet<>();
    for (CommitMessage m : messages) {
      data.add(m.dataChange());
      if (!m.hasCompaction()) {
        continue;
      }
      // Two tasks never share a bucket (writes cluster by bucket); if they did, their compactions
      // would both replace the same files, so only the first one commits.
      if (compactedBuckets.add(List.of(m.partition(), m.bucket()))) {
        compactions.add(m.compactionAsChange());
      } else {
        deleteCompactionOutput(m);
        deleteFiles(m, m.compactChangelogFiles());
      }
    }
    Snapshot committed;
    try {
      committed = run(data, kind, null);
    } catch (RuntimeException e) {
      abort(compactions);
      throw e;
    }
    if (compactions.isEmpty()) {
      return committed;
    }
    try {
      Snapshot compacted = run(compactions, CommitKind.COMPACT, null);
      return compacted != null ? compacted : committed;
    } catch (RuntimeException e) {
      if (committed == null) {
        throw e;
      }
      LOG.warn(
          "The compaction written with snapshot {} of {} was not committed; the data change"
              + " stands and a later write compacts again.",
          committed.id(),
          table.root(),
          e);
      return committed;
    }
  }

  /**
   * Replaces every live file whose partition matches {@code partitionFilter} (null = the whole
   * table) with the files of {@code messages}, as an OVERWRITE snapshot.
   */
  public Snapshot overwrite(List<CommitMessage> messages, Predicate partitionFilter) {
    return run(messages, CommitKind.OVERWRITE, new OverwriteScope(partitionFilter, null));
  }

  /**
   * Replaces the partitions that {@code messages} write (Spark's dynamic partition overwrite), as
   * an OVERWRITE snapshot; other partitions stay.
   */
  public Snapshot overwritePartitions(List<CommitMessage> messages) {
    Set<BinaryRow> written = new HashSet<>();
    for (CommitMessage m : messages) {
      if (!m.newFiles().isEmpty()) {
        written.add(m.partition());
      }
    }
    return run(messages, CommitKind.OVERWRITE, new OverwriteScope(null, written));
  }

  /**
   * Removes every live file of exactly these partitions (rows as the manifests encode them) as an
   * OVERWRITE snapshot of DELETE entries; no data file is deleted now.
   *
   * @return the new snapshot, or null when none of them has live files
   */
  public Snapshot dropPartitions(Set<BinaryRow> partitions) {
    return run(List.of(), CommitKind.OVERWRITE, new OverwriteScope(null, Set.copyOf(partitions)));
  }

  /**
   * Which live files an overwrite removes: those matching the filter (null = any) and, when {@code
   * partitions} is not null, lying in one of them.
   */
  private record OverwriteScope(Predicate partitionFilter, Set<BinaryRow> partitions) {

    boolean covers(ManifestEntry live) {
      return partitions == null || partitions.contains(live.partition());
    }

    /** Whether the overwrite replaces {@code partition} (its files and its key index). */
    boolean replaces(BinaryRow partition, RowType partitionType) {
      return (partitions == null || partitions.contains(partition))
          && (partitionFilter == null
              || partitionFilter.test(BinaryRowCodec.deserialize(partitionType, partition)));
    }
  }

  private Snapshot run(List<CommitMessage> messages, CommitKind kind, OverwriteScope overwrite) {
    List<CommitMessage> toCommit = overwrite == null ? messages : withoutCompactions(messages);
    try {
      return retrying(latest -> tryCommitOnce(latest, toCommit, kind, overwrite));
    } catch (RuntimeException e) {
      abort(toCommit);
      throw e;
    }
  }

  /**
   * Rewrites every manifest of the latest snapshot into as few as {@code manifest.target-file-size}
   * allows, an ADD and its DELETE cancelled, as a COMPACT snapshot that changes no data (Paimon's
   * {@code compact_manifest}). Nothing is committed when the manifests hold no DELETE and the
   * rewrite would not make them fewer.
   *
   * @return the new snapshot, or null when there was nothing to compact
   */
  public Snapshot compactManifests() {
    return retrying(this::tryCompactManifestsOnce);
  }

  /** Runs attempts on the latest snapshot, each under the lock, until one does not lose a race. */
  private Snapshot retrying(Function<Snapshot, Attempt> attemptOn) {
    long start = System.nanoTime();
    for (int attempt = 0; ; attempt++) {
      Attempt result = lock.runWithLock(() -> attemptOn.apply(table.snapshotManager().latest()));
      if (result.outcome() == Outcome.COMMITTED) {
        logCommitted(result, attempt, start);
      }
      if (result.outcome() != Outcome.LOST_RACE) {
        return result.snapshot();
      }
      if (attempt >= maxRetries) {
        // The snapshot that took the id this attempt wanted.
        throw CoreErrors.commitRetriesExhausted(
            table.root().toString(), maxRetries + 1, result.wantedId());
      }
      retries++;
      backoff(attempt);
    }
  }

  private enum Outcome {
    COMMITTED,
    NOTHING_TO_COMMIT,
    LOST_RACE
  }

  /**
   * One attempt's outcome, the snapshot id it tried to create, and the data files its snapshot adds
   * and removes.
   */
  private record Attempt(
      Outcome outcome, Snapshot snapshot, long wantedId, int added, int removed) {

    static Attempt of(Outcome outcome, long wantedId) {
      return new Attempt(outcome, null, wantedId, 0, 0);
    }
  }

  private void logCommitted(Attempt result, int retried, long startNanos) {
    Snapshot s = result.snapshot();
    LOG.info(
        "Committed snapshot {} ({}) of {}: {} added, {} removed, {} records, after {} in {}",
        s.id(),
        s.commitKind(),
        Progress.table(table.root()),
        Progress.count(result.added(), "file"),
        Progress.count(result.removed(), "file"),
        s.deltaRecordCount(),
        Progress.count(retried, "retry", "retries"),
        Progress.elapsedSince(startNanos));
  }

  /** One attempt on top of {@code latest}. */
  private Attempt tryCommitOnce(
      Snapshot latest, List<CommitMessage> messages, CommitKind kind, OverwriteScope overwrite) {
    FileStoreScan scan = new FileStoreScan(manifestFiles, table.schema().partitionType());
    List<ManifestEntry> delta = new ArrayList<>();
    if (overwrite != null) {
      scan.withPartitionFilter(overwrite.partitionFilter());
      for (ManifestEntry live : scan.liveEntries(latest)) {
        if (!overwrite.covers(live)) {
          continue;
        }
        delta.add(
            new ManifestEntry(
                FileKind.DELETE,
                live.partition(),
                live.bucket(),
                live.totalBuckets(),
                live.file()));
      }
    } else {
      checkReplacedFilesAreLive(latest, messages);
      if (TableScan.postponesBuckets(table)
          || (table.options().get(TableOptions.BUCKET) > 0
              && table.schemaManager().bucketCountChangedFrom(table.schema()))) {
        checkBucketCounts(latest, messages);
      }
    }
    for (CommitMessage m : messages) {
      for (DataFileMeta f : m.deletedFiles()) {
        if (overwrite == null) {
          delta.add(
              new ManifestEntry(FileKind.DELETE, m.partition(), m.bucket(), m.totalBuckets(), f));
        }
      }
      for (DataFileMeta f : m.newFiles()) {
        delta.add(new ManifestEntry(FileKind.ADD, m.partition(), m.bucket(), m.totalBuckets(), f));
      }
    }
    if (delta.isEmpty() && messages.stream().noneMatch(CommitMessage::hasIndexChange)) {
      return Attempt.of(Outcome.NOTHING_TO_COMMIT, 0);
    }
    long schemaId = commitSchema(messages).id();
    int added = (int) delta.stream().filter(e -> e.kind() == FileKind.ADD).count();
    return publish(
        latest,
        written -> {
          String indexManifest = indexManifest(latest, messages, overwrite, delta, written);
          Snapshot snapshot = buildSnapshot(latest, schemaId, delta, kind, indexManifest, written);
          return withChangelog(snapshot, changelogEntries(messages), written);
        },
        added,
        delta.size() - added);
  }

  /** Writes the manifests of a snapshot, naming each in {@code written}, and builds it. */
  private interface SnapshotWriter {

    /**
     * @return the snapshot, or null when it would change nothing
     */
    Snapshot write(List<String> written) throws IOException;
  }

  /**
   * Publishes the snapshot {@code writer} builds on {@code latest}; the manifests it wrote are
   * deleted unless they become part of the table.
   */
  private Attempt publish(Snapshot latest, SnapshotWriter writer, int added, int removed) {
    List<String> written = new ArrayList<>();
    try {
      Snapshot snapshot = writer.write(written);
      if (snapshot == null) {
        cleanup(written);
        return Attempt.of(Outcome.NOTHING_TO_COMMIT, 0);
      }
      if (table.snapshotManager().tryCommit(snapshot)) {
        return new Attempt(Outcome.COMMITTED, snapshot, snapshot.id(), added, removed);
      }
    } catch (IOException e) {
      cleanup(written);
      throw new UncheckedIOException("Cannot commit to " + table.root(), e);
    } catch (RuntimeException e) {
      cleanup(written);
      throw e;
    }
    cleanup(written);
    return Attempt.of(Outcome.LOST_RACE, latest == null ? 1 : latest.id() + 1);
  }

  private Attempt tryCompactManifestsOnce(Snapshot latest) {
    if (latest == null) {
      return Attempt.of(Outcome.NOTHING_TO_COMMIT, 0);
    }
    List<ManifestFileMeta> manifests =
        new ArrayList<>(manifestFiles.readManifestList(latest.baseManifestList()));
    manifests.addAll(manifestFiles.readManifestList(latest.deltaManifestList()));
    boolean deletes = manifests.stream().anyMatch(m -> m.numDeletedFiles() > 0);
    if (!deletes && manifests.size() <= 1) {
      return Attempt.of(Outcome.NOTHING_TO_COMMIT, 0);
    }
    List<List<ManifestEntry>> entries = new ArrayList<>();
    for (ManifestFileMeta m : manifests) {
      entries.add(manifestFiles.readManifest(m.fileName()));
    }
    return publish(
        latest,
        written -> {
          List<ManifestFileMeta> merged =
              manifestFiles.writeManifests(FileStoreScan.merge(entries));
          merged.forEach(m -> written.add(m.fileName()));
          if (!deletes && merged.size() >= manifests.size()) {
            return null;
          }
          ManifestFiles.WrittenList baseList = manifestFiles.writeManifestList(merged);
          written.add(baseList.fileName());
          ManifestFiles.WrittenList deltaList = manifestFiles.writeManifestList(List.of());
          written.add(deltaList.fileName());
          return new Snapshot(
              Snapshot.CURRENT_VERSION,
              latest.id() + 1,
              latest.schemaId(),
              baseList.fileName(),
              baseList.size(),
              deltaList.fileName(),
              deltaList.size(),
              null,
              null,
              latest.indexManifest(),
              commitUser,
              commitIdentifier,
              CommitKind.COMPACT,
              clock.millis(),
              Map.of(),
              latest.totalRecordCount(),
              0L,
              0L,
              latest.watermark(),
              latest.statistics(),
              latest.properties(),
              latest.nextRowId());
        },
        0,
        0);
  }

  /**
   * The schema the snapshot records: the writer's, or the table's newer one when a schema change
   * happened while the write ran and the files written are still valid under it.
   */
  private TableSchema commitSchema(List<CommitMessage> messages) {
    TableSchema latest = table.schemaManager().latestSince(table.schema());
    if (latest != table.schema() && messages.stream().anyMatch(m -> !m.newFiles().isEmpty())) {
      SchemaConflicts.check(table.root(), table.schema(), latest);
    }
    return latest;
  }

  /**
   * The index manifest of the new snapshot: the latest one, or a new one when the commit changes
   * dynamic-bucket hash indexes or deletion vectors, or overwrites partitions that have them.
   */
  private String indexManifest(
      Snapshot latest,
      List<CommitMessage> messages,
      OverwriteScope overwrite,
      List<ManifestEntry> delta,
      List<String> written) {
    String current = latest == null ? null : latest.indexManifest();
    List<IndexManifestEntry> live =
        current == null ? List.of() : manifestFiles.readIndexManifest(current);
    RowType partitionType = table.schema().partitionType();
    java.util.function.Predicate<BinaryRow> replaced =
        overwrite == null ? null : p -> overwrite.replaces(p, partitionType);
    DeletionVectorChanges vectors = new DeletionVectorChanges(table.root().toString());
    if (overwrite == null) {
      vectors.checkRemovedFiles(live, messages);
    }
    boolean keys = KeyIndexChanges.changesIndex(live, messages, replaced);
    boolean deletions = DeletionVectorChanges.changesIndex(live, messages, replaced);
    if (!keys && !deletions) {
      return current;
    }
    List<IndexManifestEntry> next =
        keys ? new KeyIndexChanges(table.root().toString()).apply(live, messages, replaced) : live;
    if (deletions) {
      Map<BucketId, Set<String>> liveAfter =
          DeletionVectorChanges.needsLiveFiles(messages) ? liveAfter(latest, delta) : Map.of();
      next = vectors.apply(next, messages, replaced, liveAfter);
    }
    if (next.isEmpty()) {
      return null;
    }
    String name = manifestFiles.writeIndexManifest(next);
    written.add(name);
    return name;
  }

  /** The data file names of each bucket once {@code delta} applies on {@code latest}. */
  private Map<BucketId, Set<String>> liveAfter(Snapshot latest, List<ManifestEntry> delta) {
    Map<BucketId, Set<String>> live = new HashMap<>();
    List<ManifestEntry> entries =
        new ArrayList<>(
            new FileStoreScan(manifestFiles, table.schema().partitionType()).liveEntries(latest));
    entries.addAll(delta);
    for (ManifestEntry e : entries) {
      Set<String> files =
          live.computeIfAbsent(new BucketId(e.partition(), e.bucket()), k -> new HashSet<>());
      if (e.kind() == FileKind.ADD) {
        files.add(e.file().fileName());
      } else {
        files.remove(e.file().fileName());
      }
    }
    return live;
  }

  private Snapshot buildSnapshot(
      Snapshot latest,
      long schemaId,
      List<ManifestEntry> delta,
      CommitKind kind,
      String indexManifest,
      List<String> written) {
    long nextRowId = latest == null || latest.nextRowId() == null ? 0L : latest.nextRowId();
    if (table.options().get(TableOptions.ROW_TRACKING_ENABLED)) {
      RowTrackingAssignment assigned =
          RowTrackingAssignment.of(delta, latest == null ? 1 : latest.id() + 1, nextRowId);
      delta = assigned.delta();
      nextRowId = assigned.nextRowId();
    }
    List<ManifestFileMeta> deltaManifests = manifestFiles.writeManifests(delta);
    deltaManifests.forEach(m -> written.add(m.fileName()));
    List<ManifestFileMeta> base = new ArrayList<>();
    if (latest != null) {
      base.addAll(manifestFiles.readManifestList(latest.baseManifestList()));
      base.addAll(manifestFiles.readManifestList(latest.deltaManifestList()));
    }
    base = merger.merge(base, written);
    ManifestFiles.WrittenList baseList = manifestFiles.writeManifestList(base);
    written.add(baseList.fileName());
    ManifestFiles.WrittenList deltaList = manifestFiles.writeManifestList(deltaManifests);
    written.add(deltaList.fileName());
    long deltaRecords = 0;
    for (ManifestEntry e : delta) {
      deltaRecords += e.kind() == FileKind.ADD ? e.file().rowCount() : -e.file().rowCount();
    }
    long previousTotal =
        latest == null || latest.totalRecordCount() == null ? 0 : latest.totalRecordCount();
    return new Snapshot(
        Snapshot.CURRENT_VERSION,
        latest == null ? 1 : latest.id() + 1,
        schemaId,
        baseList.fileName(),
        baseList.size(),
        deltaList.fileName(),
        deltaList.size(),
        null,
        null,
        indexManifest,
        commitUser,
        commitIdentifier,
        kind,
        clock.millis(),
        Map.of(),
        previousTotal + deltaRecords,
        deltaRecords,
        0L,
        latest == null ? null : latest.watermark(),
        latest == null ? null : inheritedStatistics(latest, schemaId),
        null,
        nextRowId);
  }

  /**
   * The table statistics (Paimon's {@code ANALYZE TABLE}, {@code statistics/<file>}) a new snapshot
   * keeps, as Paimon's commits keep them: those of the latest snapshot while the schema they were
   * computed on is still the table's; none once it changed, or if the file is unreadable.
   */
  private String inheritedStatistics(Snapshot latest, long schemaId) {
    String name = latest.statistics();
    if (name == null) {
      return null;
    }
    try {
      Path file = table.paths().statisticsFile(name);
      JsonNode stats = PaimonJson.parse(table.fileIO().readUtf8(file));
      long statsSchema = PaimonJson.requiredLong(stats, "schemaId", "table statistics " + file);
      if (statsSchema == schemaId) {
        return name;
      }
      LOG.info(
          "The schema of {} changed since its statistics {} (schema {}, now {}); the new snapshot"
              + " keeps none, as Paimon's would. Analyze the table again.",
          table.root(),
          name,
          statsSchema,
          schemaId);
    } catch (IOException | RuntimeException e) {
      LOG.warn(
          "Cannot read the statistics {} of {}; the new snapshot keeps none.",
          name,
          table.root(),
          e);
    }
    return null;
  }

  private static List<ManifestEntry> changelogEntries(List<CommitMessage> messages) {
    List<ManifestEntry> entries = new ArrayList<>();
    for (CommitMessage m : messages) {
      for (DataFileMeta f : m.changelogFiles()) {
        entries.add(
            new ManifestEntry(FileKind.ADD, m.partition(), m.bucket(), m.totalBuckets(), f));
      }
    }
    return entries;
  }

  /** {@code snapshot} with a changelog manifest list of {@code changelog}, when there is one. */
  private Snapshot withChangelog(
      Snapshot snapshot, List<ManifestEntry> changelog, List<String> written) {
    if (changelog.isEmpty()) {
      return snapshot;
    }
    List<ManifestFileMeta> manifests = manifestFiles.writeManifests(changelog);
    manifests.forEach(m -> written.add(m.fileName()));
    ManifestFiles.WrittenList list = manifestFiles.writeManifestList(manifests);
    written.add(list.fileName());
    long records = changelog.stream().mapToLong(e -> e.file().rowCount()).sum();
    return snapshot.withChangelog(list.fileName(), list.size(), records);
  }

  /**
   * Every file a commit deletes must be live as the writer saw it: the same file at the same level
   * with the same file index. Paimon tells manifest entries apart by their index too, so a DELETE
   * of a file whose index a concurrent {@code rewrite_file_index} changed would leave Paimon's
   * readers both versions.
   */
  private void checkReplacedFilesAreLive(Snapshot latest, List<CommitMessage> messages) {
    Map<ManifestEntry.Identifier, DataFileMeta> replaced = new LinkedHashMap<>();
    for (CommitMessage m : messages) {
      for (DataFileMeta f : m.deletedFiles()) {
        replaced.put(
            new ManifestEntry.Identifier(m.partition(), m.bucket(), f.level(), f.fileName()), f);
      }
    }
    if (replaced.isEmpty()) {
      return;
    }
    Map<ManifestEntry.Identifier, DataFileMeta> live = new HashMap<>();
    for (ManifestEntry e :
        new FileStoreScan(manifestFiles, table.schema().partitionType()).liveEntries(latest)) {
      live.put(e.identifier(), e.file());
    }
    for (Map.Entry<ManifestEntry.Identifier, DataFileMeta> r : replaced.entrySet()) {
      ManifestEntry.Identifier id = r.getKey();
      DataFileMeta now = live.get(id);
      long latestId = latest == null ? 0 : latest.id();
      if (now == null) {
        throw CommitConflictException.replacedFileRemoved(
            table.root().toString(), id.fileName(), id.bucket(), latestId);
      }
      if (!now.extraFiles().equals(r.getValue().extraFiles())
          || !Arrays.equals(now.embeddedIndex(), r.getValue().embeddedIndex())) {
        throw CommitConflictException.replacedFileIndexChanged(
            table.root().toString(), id.fileName(), id.bucket(), latestId);
      }
    }
  }

  /**
   * Each partition of a postponed-bucket or rescaled fixed-bucket table has one bucket count: a
   * write that chose its partitions' counts before another commit gave a partition its first
   * buckets, or rewrote it with another count, fails, instead of leaving that partition's keys in
   * two bucket layouts.
   */
  private void checkBucketCounts(Snapshot latest, List<CommitMessage> messages) {
    Map<BinaryRow, Integer> written = new HashMap<>();
    for (CommitMessage m : messages) {
      if (m.bucket() >= 0 && !m.newFiles().isEmpty()) {
        written.put(m.partition(), m.totalBuckets());
      }
    }
    if (written.isEmpty() || latest == null) {
      return;
    }
    // The files this commit deletes do not count: a rescale replaces a partition's old layout.
    Set<ManifestEntry.FileKey> deleted = new HashSet<>();
    for (CommitMessage m : messages) {
      for (DataFileMeta f : m.deletedFiles()) {
        deleted.add(new ManifestEntry.FileKey(m.partition(), m.bucket(), f.fileName()));
      }
    }
    FileStoreScan scan = new FileStoreScan(manifestFiles, table.schema().partitionType());
    List<ManifestEntry> remaining = new ArrayList<>();
    for (ManifestEntry e : scan.liveEntries(latest)) {
      if (!deleted.contains(e.fileKey())) {
        remaining.add(e);
      }
    }
    Map<BinaryRow, Integer> live = PartitionBuckets.liveCounts(table, remaining);
    for (Map.Entry<BinaryRow, Integer> w : written.entrySet()) {
      Integer existing = live.get(w.getKey());
      if (existing != null && !existing.equals(w.getValue())) {
        throw CommitConflictException.bucketCountChanged(
            table.root().toString(),
            PartitionBuckets.describe(table, w.getKey()),
            w.getValue(),
            existing,
            latest.id());
      }
    }
  }

  private void cleanup(List<String> manifestsWritten) {
    manifestsWritten.forEach(manifestFiles::deleteQuietly);
  }

  /**
   * An overwrite replaces what the compactions started from, so their output is deleted and only
   * the data change commits.
   */
  private List<CommitMessage> withoutCompactions(List<CommitMessage> messages) {
    List<CommitMessage> data = new ArrayList<>();
    for (CommitMessage m : messages) {
      if (m.hasCompaction()) {
        deleteCompactionOutput(m);
      }
      data.add(m.dataChange());
    }
    return data;
  }

  /**
   * Deletes the data files of a commit that will never happen: new, changelog and compacted ones.
   */
  public void abort(List<CommitMessage> messages) {
    HashIndexFile indexFiles = new HashIndexFile(table.fileIO(), table.indexFilePaths());
    for (CommitMessage m : messages) {
      deleteWritten(m, m.newFiles(), m.deletedFiles());
      deleteFiles(m, m.changelogFiles());
      deleteCompactionOutput(m);
      deleteFiles(m, m.compactChangelogFiles());
      m.newIndexFiles().forEach(f -> indexFiles.deleteQuietly(m.partition(), m.bucket(), f));
    }
  }

  private void deleteFiles(CommitMessage m, List<DataFileMeta> files) {
    for (DataFileMeta f : files) {
      try {
        table
            .dataFilePaths()
            .deleteWithExtraFiles(
                m.partition(), m.bucket(), f.fileName(), f.externalPath(), f.extraFiles());
      } catch (IOException ignored) {
        // An orphan at worst; remove_orphan_files cleans it.
      }
    }
  }

  private void deleteCompactionOutput(CommitMessage m) {
    deleteWritten(m, m.compactAfter(), m.compactBefore());
  }

  /**
   * Deletes the files {@code written} that will not commit. One that is also among {@code replaced}
   * (a file given a new index, or moved to another level without a rewrite) is live and stays: only
   * the extra files it did not have before go.
   */
  private void deleteWritten(
      CommitMessage m, List<DataFileMeta> written, List<DataFileMeta> replaced) {
    Map<String, DataFileMeta> inputs = new HashMap<>();
    replaced.forEach(f -> inputs.put(f.fileName(), f));
    List<DataFileMeta> newFiles = new ArrayList<>();
    for (DataFileMeta f : written) {
      DataFileMeta input = inputs.get(f.fileName());
      if (input == null) {
        newFiles.add(f);
        continue;
      }
      List<String> newExtras =
          f.extraFiles().stream().filter(x -> !input.extraFiles().contains(x)).toList();
      try {
        table
            .dataFilePaths()
            .deleteExtraFiles(m.partition(), m.bucket(), f.fileName(), f.externalPath(), newExtras);
      } catch (IOException ignored) {
        // An orphan at worst; remove_orphan_files cleans it.
      }
    }
    deleteFiles(m, newFiles);
  }

  private void backoff(int attempt) {
    try {
      backoff.await(attempt);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while retrying a commit", e);
    }
  }
}

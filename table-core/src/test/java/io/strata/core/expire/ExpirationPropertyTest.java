package io.strata.core.expire;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.commit.FileStoreCommit;
import io.strata.core.compact.FullCompaction;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.manifest.ManifestFiles;
import io.strata.core.merge.RowKind;
import io.strata.core.options.Options;
import io.strata.core.scan.FileStoreScan;
import io.strata.core.scan.TableScan;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.snapshot.Tag;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.tag.TagOperations;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.write.SequenceStarts;
import io.strata.core.write.TableWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Randomized model test of snapshot expiration (issue 6): random writes (appends; upserts and
 * deletes with every row kind on a partitioned primary-key table with 2 buckets), full compactions,
 * tag creations on random live snapshots, tag deletions, occasional rollbacks, and expirations with
 * random retainMin / retainMax / olderThan / limit. Snapshot times come from a manual clock, so
 * nothing sleeps. After every step every retained snapshot and every tag reads exactly what it read
 * when it was created, the latest snapshot matches an in-memory model of the table, and each
 * expiration removed exactly the snapshots the documented rule selects. At the end, with all tags
 * deleted and everything but the latest snapshot expired, expiration and tag deletion must have
 * left no unreferenced file, and after orphan removal only schema files, snapshot files and hints,
 * the latest snapshot's manifest lists and manifests and its data files remain. Assertion messages
 * carry the seed and the last steps; replay one with {@code -Dstrata.proptest.seed=S}.
 */
class ExpirationPropertyTest {

  /** Steps per run; {@code -Dstrata.proptest.steps=N} runs longer. */
  private static final int STEPS = Integer.getInteger("strata.proptest.steps", 40);

  private static final String[] PARTITIONS = {"a", "b", "c"};
  private static final int KEYS = 12;

  @TempDir Path dir;

  /**
   * The seeds run by default; {@code -Dstrata.proptest.seeds=N} runs seeds 1..N instead, and {@code
   * -Dstrata.proptest.seed=S} only seed S (to replay a failure).
   */
  static Stream<Long> seeds() {
    Long one = Long.getLong("strata.proptest.seed");
    if (one != null) {
      return Stream.of(one);
    }
    Integer count = Integer.getInteger("strata.proptest.seeds");
    if (count != null) {
      return java.util.stream.LongStream.rangeClosed(1, count).boxed();
    }
    return Stream.of(1L, 2L, 20261201L, 0xC0FFEEL);
  }

  /** A clock the test moves forward itself: snapshots get distinct, controlled times. */
  static final class ManualClock extends Clock {
    long now = 1_700_000_000_000L;

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return Instant.ofEpochMilli(now);
    }

    @Override
    public long millis() {
      return now;
    }
  }

  static final RowType COLUMNS =
      new RowType(
          List.of(
              new DataField(0, "k", DataTypes.BIGINT()),
              new DataField(1, "p", DataTypes.STRING()),
              new DataField(2, "v", DataTypes.STRING())));

  @ParameterizedTest(name = "primary-key table, seed {0}")
  @MethodSource("seeds")
  void primaryKeyTable(long seed) throws Exception {
    new Run(seed, true).run();
  }

  @ParameterizedTest(name = "append table, seed {0}")
  @MethodSource("seeds")
  void appendTable(long seed) throws Exception {
    new Run(seed, false).run();
  }

  /** One randomized run against one table. */
  final class Run {
    final long seed;
    final boolean primaryKey;
    final Random random;
    final ManualClock clock = new ManualClock();
    final FileStoreTable table;
    final List<String> log = new ArrayList<>();

    /** Primary-key model: (p, k) → row. */
    final Map<String, String> keyed = new TreeMap<>();

    /** Append model: every row written. */
    final List<String> appended = new ArrayList<>();

    final Map<Long, List<String>> snapshotRows = new HashMap<>();
    final Map<Long, Long> snapshotTimes = new HashMap<>();
    final Map<String, List<String>> tagRows = new LinkedHashMap<>();
    final Map<String, Long> tagSnapshots = new HashMap<>();
    final Map<String, VerifiedRead> verified = new HashMap<>();
    ManifestFiles manifests;
    int tagCounter;
    int valueCounter;

    Run(long seed, boolean primaryKey) {
      this.seed = seed;
      this.primaryKey = primaryKey;
      this.random = new Random(seed * 31 + (primaryKey ? 1 : 0));
      WarehouseCatalog catalog = TableTestSupport.catalog(dir);
      Map<String, String> options = new HashMap<>();
      options.put("manifest.merge-min-count", Integer.toString(2 + random.nextInt(4)));
      options.put("snapshot.clean-empty-directories", Boolean.toString(random.nextBoolean()));
      if (primaryKey) {
        options.put("primary-key", "p,k");
        options.put("bucket", "2");
      }
      this.table =
          TableTestSupport.create(
              catalog, primaryKey ? "pk" : "append", COLUMNS, List.of("p"), options);
      this.manifests = table.manifestFiles();
    }

    String context() {
      int from = Math.max(0, log.size() - 12);
      return "seed="
          + seed
          + (primaryKey ? " (primary-key)" : " (append)")
          + ", last steps:\n  "
          + String.join("\n  ", log.subList(from, log.size()));
    }

    void run() throws Exception {
      for (int step = 0; step < STEPS; step++) {
        int op = random.nextInt(100);
        if (table.snapshotManager().latestId().isEmpty() || op < 40) {
          write(step);
        } else if (op < 52) {
          compact(step);
        } else if (op < 66) {
          createTag(step);
        } else if (op < 74) {
          deleteTag(step);
        } else if (op < 78) {
          rollback(step);
        } else {
          expire(step);
        }
        checkInvariants();
      }
      finalCheck();
    }

    // ---------------------------------------------------------------- operations

    void write(int step) {
      clock.now += 1 + random.nextInt(1000);
      int n = 1 + random.nextInt(8);
      TableWriter writer =
          new TableWriter(table, SequenceStarts.of(table, table.snapshotManager().latest()));
      StringBuilder what = new StringBuilder();
      for (int i = 0; i < n; i++) {
        long k = random.nextInt(KEYS);
        String p = PARTITIONS[random.nextInt(PARTITIONS.length)];
        String v = "v" + valueCounter++;
        RowKind kind = RowKind.INSERT;
        if (primaryKey) {
          int r = random.nextInt(10);
          kind =
              r < 5
                  ? RowKind.INSERT
                  : r < 7 ? RowKind.UPDATE_AFTER : r < 9 ? RowKind.DELETE : RowKind.UPDATE_BEFORE;
          String key = p + "/" + k;
          if (kind.isRetract()) {
            keyed.remove(key);
          } else {
            keyed.put(key, render(k, p, v));
          }
        } else {
          appended.add(render(k, p, v));
        }
        writer.write(new Object[] {k, p, v}, kind);
        what.append(kind.name().charAt(0)).append(p).append(k).append(' ');
      }
      Snapshot s =
          new FileStoreCommit(table, "test", clock)
              .commit(writer.prepareCommit(), CommitKind.APPEND);
      assertThat(s).as("a write of %s rows commits; %s", n, context()).isNotNull();
      recordSnapshot(s);
      log.add(step + ": write " + what.toString().trim() + " -> snapshot " + s.id());
    }

    void compact(int step) {
      clock.now += 1 + random.nextInt(1000);
      Snapshot s = new FullCompaction(table, "test", clock).run(null);
      if (s != null) {
        recordSnapshot(s);
      }
      log.add(step + ": full compaction -> " + (s == null ? "nothing" : "snapshot " + s.id()));
    }

    void createTag(int step) throws IOException {
      List<Long> ids = table.snapshotManager().listIds();
      long id = ids.get(random.nextInt(ids.size()));
      String name = "t" + tagCounter++;
      new TagOperations(table, clock).create(name, id, null);
      tagRows.put(name, snapshotRows.get(id));
      tagSnapshots.put(name, id);
      log.add(step + ": create tag " + name + " on snapshot " + id);
    }

    /** Rolls back to a random retained snapshot or tag; the model follows. */
    void rollback(int step) throws IOException {
      Snapshot target;
      String what;
      if (!tagRows.isEmpty() && random.nextBoolean()) {
        List<String> names = new ArrayList<>(tagRows.keySet());
        String name = names.get(random.nextInt(names.size()));
        target = table.tagManager().tags().get(name).snapshot();
        what = "tag " + name + " (snapshot " + target.id() + ")";
      } else {
        List<Long> ids = table.snapshotManager().listIds();
        target = table.snapshotManager().snapshot(ids.get(random.nextInt(ids.size())));
        what = "snapshot " + target.id();
      }
      List<String> rows = snapshotRows.get(target.id());
      new Rollback(table).to(target);
      log.add(step + ": rollback to " + what);
      snapshotRows.keySet().removeIf(id -> id > target.id());
      snapshotTimes.keySet().removeIf(id -> id > target.id());
      tagSnapshots.entrySet().removeIf(e -> e.getValue() > target.id());
      tagRows.keySet().retainAll(tagSnapshots.keySet());
      keyed.clear();
      appended.clear();
      for (String row : rows) {
        if (primaryKey) {
          keyed.put(row.substring(0, row.indexOf('=')), row);
        } else {
          appended.add(row);
        }
      }
      // A rollback to an expired tagged snapshot brings that snapshot back.
      snapshotRows.put(target.id(), rows);
      snapshotTimes.put(target.id(), target.timeMillis());
      assertThat(table.snapshotManager().latestId().getAsLong())
          .as("latest after rollback; %s", context())
          .isEqualTo(target.id());
    }

    void deleteTag(int step) {
      if (tagRows.isEmpty()) {
        log.add(step + ": delete tag (none)");
        return;
      }
      List<String> names = new ArrayList<>(tagRows.keySet());
      String name = names.get(random.nextInt(names.size()));
      List<String> deleted = new TagOperations(table, clock).delete(List.of(name));
      assertThat(deleted).as(context()).containsExactly(name);
      tagRows.remove(name);
      tagSnapshots.remove(name);
      log.add(step + ": delete tag " + name);
    }

    void expire(int step) throws IOException {
      List<Long> before = table.snapshotManager().listIds();
      long earliest = before.get(0);
      long latest = before.get(before.size() - 1);
      int retainMin = 1 + random.nextInt(4);
      int retainMax = retainMin + random.nextInt(6);
      int limit = 1 + random.nextInt(6);
      long olderThan;
      int mode = random.nextInt(5);
      if (mode == 0) {
        olderThan = Long.MAX_VALUE;
      } else if (mode == 1) {
        olderThan = 0;
      } else if (mode == 2) {
        // Exactly some retained snapshot's commit time, or one millisecond after it.
        olderThan =
            snapshotTimes.get(before.get(random.nextInt(before.size()))) + random.nextInt(2);
      } else {
        // Somewhere between the oldest retained snapshot's time and just after the latest.
        long lo = snapshotTimes.get(earliest) - 1;
        long hi = snapshotTimes.get(latest) + 2;
        olderThan = lo + (long) (random.nextDouble() * (hi - lo));
      }
      ExpireConfig config = new ExpireConfig(retainMin, retainMax, olderThan, limit);
      // The documented rule, computed independently.
      long end = earliest;
      while (end < latest - retainMin + 1 && end - earliest < limit) {
        boolean pastMax = end < latest - retainMax + 1;
        if (!pastMax && snapshotTimes.get(end + 1) >= olderThan) {
          break;
        }
        end++;
      }
      int expired = new SnapshotExpiration(table).expire(config);
      log.add(
          step
              + ": expire "
              + config
              + " on snapshots ["
              + earliest
              + ", "
              + latest
              + "] -> "
              + expired
              + " expired");
      assertThat(expired).as("expired count; %s", context()).isEqualTo((int) (end - earliest));
      List<Long> after = table.snapshotManager().listIds();
      List<Long> expectedIds = before.stream().filter(id -> id >= earliest + expired).toList();
      assertThat(after).as("retained ids; %s", context()).isEqualTo(expectedIds);
      assertThat(table.snapshotManager().earliestId().getAsLong())
          .as("EARLIEST; %s", context())
          .isEqualTo(after.get(0));
    }

    void recordSnapshot(Snapshot s) {
      snapshotRows.put(s.id(), modelRows());
      snapshotTimes.put(s.id(), s.timeMillis());
    }

    // ---------------------------------------------------------------- invariants

    List<String> modelRows() {
      List<String> rows = new ArrayList<>(primaryKey ? keyed.values() : appended);
      rows.sort(null);
      return List.copyOf(rows);
    }

    /**
     * What a snapshot reads. Manifests and data files are immutable, so a version (snapshot or tag)
     * that was already read in full reads the same rows as long as every manifest list, manifest
     * and data file it was read from still exists (data files with their recorded size); only
     * versions not seen before are read again. The final check clears this cache and reads all.
     */
    List<String> read(Snapshot s) {
      String version = s.id() + ":" + s.baseManifestList() + ":" + s.deltaManifestList();
      VerifiedRead known = verified.get(version);
      if (known == null) {
        List<Path> needed = new ArrayList<>();
        for (String m : SnapshotExpiration.referencedManifests(s, manifests)) {
          needed.add(Paths.get(table.paths().manifest(m).toUri()));
        }
        Map<Path, Long> dataFiles = new HashMap<>();
        for (ManifestEntry e :
            new FileStoreScan(manifests, table.schema().partitionType()).liveEntries(s)) {
          dataFiles.put(
              Paths.get(
                  table
                      .dataFilePaths()
                      .of(e.partition(), e.bucket(), e.file().fileName(), e.file().externalPath())
                      .toUri()),
              e.file().fileSize());
        }
        known = new VerifiedRead(needed, dataFiles, readFully(s));
        verified.put(version, known);
        return known.rows();
      }
      for (Path m : known.manifests()) {
        assertThat(m).as("manifest of snapshot %s; %s", s.id(), context()).exists();
      }
      for (Map.Entry<Path, Long> f : known.dataFiles().entrySet()) {
        assertThat(f.getKey())
            .as("data file of snapshot %s; %s", s.id(), context())
            .exists()
            .hasSize(f.getValue());
      }
      return known.rows();
    }

    List<String> readFully(Snapshot s) {
      List<String> rows = new ArrayList<>();
      for (Object[] row :
          TableTestSupport.read(table, new TableScan(table, new Options(Map.of())), s)) {
        rows.add(render(row[0], row[1], row[2]));
      }
      rows.sort(null);
      return rows;
    }

    void checkInvariants() throws IOException {
      List<Long> ids = table.snapshotManager().listIds();
      assertThat(ids).as("snapshots; %s", context()).isNotEmpty();
      for (long id : ids) {
        assertThat(read(table.snapshotManager().snapshot(id)))
            .as("snapshot %s; %s", id, context())
            .isEqualTo(snapshotRows.get(id));
      }
      Map<String, Tag> tags = table.tagManager().tags();
      assertThat(tags.keySet()).as("tags; %s", context()).isEqualTo(tagRows.keySet());
      for (Map.Entry<String, Tag> t : tags.entrySet()) {
        assertThat(read(t.getValue().snapshot()))
            .as("tag %s (snapshot %s); %s", t.getKey(), t.getValue().snapshot().id(), context())
            .isEqualTo(tagRows.get(t.getKey()));
      }
      assertThat(read(table.snapshotManager().latest()))
          .as("latest snapshot against the model; %s", context())
          .isEqualTo(modelRows());
    }

    void finalCheck() throws IOException {
      List<String> deleted =
          new TagOperations(table, clock).delete(new ArrayList<>(tagRows.keySet()));
      assertThat(deleted).as(context()).containsExactlyInAnyOrderElementsOf(tagRows.keySet());
      tagRows.clear();
      tagSnapshots.clear();
      log.add("final: delete all tags " + deleted);
      new SnapshotExpiration(table)
          .expire(new ExpireConfig(1, 1, Long.MAX_VALUE, Integer.MAX_VALUE));
      log.add("final: expire all but the latest");
      long latestId = table.snapshotManager().latestId().getAsLong();
      assertThat(table.snapshotManager().listIds()).as(context()).containsExactly(latestId);
      checkInvariants();

      Path root = Paths.get(table.root().toUri());
      Set<String> beforeOrphans = files(root);
      FileTime old = FileTime.fromMillis(System.currentTimeMillis() - 3_600_000);
      for (String f : beforeOrphans) {
        Files.setLastModifiedTime(root.resolve(f), old);
      }
      OrphanFiles.Result orphans = new OrphanFiles(table).remove(System.currentTimeMillis(), false);
      log.add("final: orphan files removed " + orphans.files());
      verified.clear(); // read everything again, in full
      checkInvariants();

      Snapshot latest = table.snapshotManager().latest();
      ManifestFiles manifests = table.manifestFiles();
      Set<String> allowed = new HashSet<>();
      try (Stream<Path> schemas = Files.list(root.resolve("schema"))) {
        schemas.forEach(p -> allowed.add("schema/" + p.getFileName()));
      }
      allowed.add("snapshot/snapshot-" + latestId);
      allowed.add("snapshot/EARLIEST");
      allowed.add("snapshot/LATEST");
      for (String m : SnapshotExpiration.referencedManifests(latest, manifests)) {
        allowed.add("manifest/" + m);
      }
      for (ManifestEntry e :
          new FileStoreScan(manifests, table.schema().partitionType()).liveEntries(latest)) {
        allowed.add(
            relative(
                root,
                table
                    .dataFilePaths()
                    .of(e.partition(), e.bucket(), e.file().fileName(), e.file().externalPath())));
      }
      Set<String> remaining = files(root);
      assertThat(remaining)
          .as("files left after the final cleanup; %s", context())
          .isSubsetOf(allowed);
      // Expiration and tag deletion alone must already have removed every unreferenced file.
      assertThat(beforeOrphans)
          .as("files expiration and tag deletion leaked (orphan removal found them); %s", context())
          .isSubsetOf(allowed);
    }
  }

  record VerifiedRead(List<Path> manifests, Map<Path, Long> dataFiles, List<String> rows) {}

  static String render(Object k, Object p, Object v) {
    return p + "/" + k + "=" + v;
  }

  static String relative(Path root, org.apache.hadoop.fs.Path p) {
    return root.relativize(Paths.get(p.toUri())).toString();
  }

  static Set<String> files(Path root) throws IOException {
    try (Stream<Path> all = Files.walk(root)) {
      return all.filter(Files::isRegularFile)
          .map(p -> root.relativize(p).toString())
          .collect(Collectors.toCollection(java.util.TreeSet::new));
    }
  }
}

package io.strata.core.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.strata.core.expire.OrphanFiles;
import io.strata.core.io.HadoopFileIO;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.manifest.ManifestFileMeta;
import io.strata.core.options.Options;
import io.strata.core.scan.TableScan;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.snapshot.Tag;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A process death before every writing file operation of every {@link CrashScenarios} operation:
 * the points are enumerated from a clean run, so each one the operation performs is tried. After
 * each death a fresh table object reads as the snapshot of a clean run with the same id (a
 * committed prefix), every snapshot still listed reads, the next write commits, and orphan removal
 * deletes exactly the files no snapshot or tag references.
 */
class CrashPointTest {

  private static final Map<String, CleanRun> CLEAN_RUNS = new ConcurrentHashMap<>();

  @TempDir Path dir;

  /** What a clean run of a scenario did and committed. */
  record CleanRun(
      List<String> operations,
      Map<Long, List<String>> rowsBySnapshot,
      long latestBefore,
      long latestAfter,
      long earliestAfter) {}

  static Stream<Arguments> crashPoints() {
    List<Arguments> points = new ArrayList<>();
    for (CrashScenarios scenario : CrashScenarios.all()) {
      List<String> operations = cleanRun(scenario).operations();
      for (int i = 0; i < operations.size(); i++) {
        points.add(Arguments.of(scenario, i, operations.get(i)));
      }
    }
    return points.stream();
  }

  @Test
  void theCrashPointsCoverEveryPhaseOfEveryOperation() {
    Map<String, List<String>> phases =
        Map.of(
            "append",
            List.of(
                "filesystem data-",
                "create manifest-",
                "create manifest-list-",
                "publish snapshot-",
                "overwrite LATEST"),
            "primary-key write that compacts",
            List.of("filesystem data-", "publish snapshot-3", "publish snapshot-4"),
            "overwrite",
            List.of("filesystem data-", "create manifest-list-", "publish snapshot-"),
            "snapshot expiration",
            List.of(
                "delete data-", "delete manifest-list-", "delete snapshot-", "overwrite EARLIEST"),
            "partition expiration",
            List.of("create manifest-", "publish snapshot-"),
            "tag creation and deletion",
            List.of("publish tag-t1", "delete tag-t0", "delete data-"));
    int points = 0;
    for (CrashScenarios scenario : CrashScenarios.all()) {
      List<String> operations = cleanRun(scenario).operations();
      points += operations.size();
      for (String phase : phases.get(scenario.name())) {
        assertThat(operations).as(scenario.name()).anyMatch(op -> op.startsWith(phase));
      }
    }
    assertThat(points).isGreaterThanOrEqualTo(30);
  }

  @ParameterizedTest(name = "{0}: death before operation {1} ({2})")
  @MethodSource("crashPoints")
  void aDeathAtAnyOperationLeavesACommittedPrefixAndOnlyOrphans(
      CrashScenarios scenario, int crashAt, String operation) throws IOException {
    CleanRun clean = cleanRun(scenario);
    FileStoreTable prepared = scenario.create(TableTestSupport.catalog(dir));
    scenario.setup().accept(prepared);
    CrashingFileIO dying = new CrashingFileIO(crashAt);
    catchThrowable(() -> scenario.operation().accept(reopen(prepared, dying)));
    assertThat(dying.crashed()).as("the operation reached its crash point").isTrue();

    FileStoreTable table = reopen(prepared, null);
    long latest = table.snapshotManager().latestId().getAsLong();
    assertThat(latest).isBetween(clean.latestBefore(), clean.latestAfter());
    assertThat(rows(table, table.snapshotManager().snapshot(latest)))
        .isEqualTo(clean.rowsBySnapshot().get(latest));
    for (long id : table.snapshotManager().listIds()) {
      if (id >= clean.earliestAfter()) {
        assertThat(rows(table, table.snapshotManager().snapshot(id)))
            .as("snapshot %s", id)
            .isEqualTo(clean.rowsBySnapshot().get(id));
      }
    }

    scenario.recovery().accept(table);
    CrashScenarios.append(table, 100);
    List<String> expected = new ArrayList<>(clean.rowsBySnapshot().get(latest));
    CrashScenarios.rowsOf(100).forEach(r -> expected.add(Arrays.toString(r)));
    assertThat(rows(table, table.snapshotManager().latest())).isEqualTo(sorted(expected));

    assertOrphanRemovalDeletesExactlyTheLeftovers(table);
  }

  private void assertOrphanRemovalDeletesExactlyTheLeftovers(FileStoreTable table)
      throws IOException {
    Set<String> referenced = referenced(table);
    Set<String> leftovers = new TreeSet<>(filesOnDisk(table));
    leftovers.removeAll(referenced);
    Clock later = Clock.offset(Clock.systemUTC(), Duration.ofHours(1));
    OrphanFiles.Result removed =
        new OrphanFiles(table.withClock(later))
            .remove(later.millis() - Duration.ofMinutes(1).toMillis(), false);

    assertThat(removed.files().stream().map(p -> relative(table, p)).toList())
        .containsExactlyInAnyOrderElementsOf(leftovers);
    // Manifests also name files that DELETE entries removed, which need not exist any more.
    assertThat(referenced).containsAll(filesOnDisk(table));
    for (long id : table.snapshotManager().listIds()) {
      rows(table, table.snapshotManager().snapshot(id));
    }
    for (Tag tag : table.tagManager().tags().values()) {
      rows(table, tag.snapshot());
    }
  }

  private static CleanRun cleanRun(CrashScenarios scenario) {
    return CLEAN_RUNS.computeIfAbsent(scenario.name(), n -> runClean(scenario));
  }

  private static CleanRun runClean(CrashScenarios scenario) {
    try {
      Path tmp = Files.createTempDirectory("clean-run");
      FileStoreTable prepared = scenario.create(TableTestSupport.catalog(tmp));
      scenario.setup().accept(prepared);
      Map<Long, List<String>> rows = new TreeMap<>();
      for (long id : prepared.snapshotManager().listIds()) {
        rows.put(id, rows(prepared, prepared.snapshotManager().snapshot(id)));
      }
      long before = prepared.snapshotManager().latestId().orElse(0);
      CrashingFileIO counting = CrashingFileIO.counting();
      scenario.operation().accept(reopen(prepared, counting));
      FileStoreTable table = reopen(prepared, null);
      for (long id : table.snapshotManager().listIds()) {
        rows.putIfAbsent(id, rows(table, table.snapshotManager().snapshot(id)));
      }
      return new CleanRun(
          counting.operations(),
          rows,
          before,
          table.snapshotManager().latestId().getAsLong(),
          table.snapshotManager().earliestId().getAsLong());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The same table through {@code fileIO} (the local file system when null), as a new process. */
  private static FileStoreTable reopen(FileStoreTable table, CrashingFileIO fileIO) {
    return new FileStoreTable(
        fileIO == null ? HadoopFileIO.local() : fileIO, table.root(), table.schema());
  }

  private static List<String> rows(FileStoreTable table, Snapshot snapshot) {
    List<String> rows = new ArrayList<>();
    TableScan scan = new TableScan(table, new Options(Map.of()));
    TableTestSupport.read(table, scan, snapshot).forEach(r -> rows.add(Arrays.toString(r)));
    return sorted(rows);
  }

  private static List<String> sorted(List<String> rows) {
    return rows.stream().sorted().toList();
  }

  /** What every snapshot and tag reads, found independently of orphan removal's own walk. */
  private static Set<String> referenced(FileStoreTable table) throws IOException {
    List<Snapshot> versions = new ArrayList<>();
    for (long id : table.snapshotManager().listIds()) {
      versions.add(table.snapshotManager().snapshot(id));
    }
    table.tagManager().tags().values().forEach(t -> versions.add(t.snapshot()));
    Set<String> files = new TreeSet<>();
    for (Snapshot s : versions) {
      for (String list :
          new String[] {s.baseManifestList(), s.deltaManifestList(), s.changelogManifestList()}) {
        if (list == null) {
          continue;
        }
        files.add("manifest/" + list);
        for (ManifestFileMeta manifest : table.manifestFiles().readManifestList(list)) {
          files.add("manifest/" + manifest.fileName());
          for (ManifestEntry e : table.manifestFiles().readManifest(manifest.fileName())) {
            files.add(
                relative(
                    table,
                    table
                        .dataFilePaths()
                        .of(e.partition(), e.bucket(), e.file().fileName(), null)));
          }
        }
      }
    }
    return files;
  }

  /** Files below the table except its snapshot, schema, tag and consumer metadata. */
  private static Set<String> filesOnDisk(FileStoreTable table) throws IOException {
    Path root = Path.of(table.root().toUri());
    Set<String> metadata = Set.of("snapshot", "schema", "tag", "consumer");
    try (Stream<Path> walk = Files.walk(root)) {
      Set<String> files = new TreeSet<>();
      walk.filter(Files::isRegularFile)
          .map(p -> root.relativize(p).toString())
          .filter(p -> !metadata.contains(p.split("/")[0]))
          .forEach(files::add);
      return files;
    }
  }

  private static String relative(FileStoreTable table, org.apache.hadoop.fs.Path path) {
    return Path.of(table.root().toUri()).relativize(Path.of(path.toUri())).toString();
  }
}

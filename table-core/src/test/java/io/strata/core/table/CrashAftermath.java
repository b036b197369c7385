package io.strata.core.table;

import static org.assertj.core.api.Assertions.assertThat;

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

/**
 * What must hold after a process died in a {@link CrashScenarios} operation, whether the death was
 * injected ({@link CrashPointTest}) or a real SIGKILL ({@link ProcessKillTest}): a fresh table
 * object reads as the snapshot of a clean run with the same id (a committed prefix), every snapshot
 * still listed reads, the next write commits, and orphan removal deletes exactly the files no
 * snapshot or tag references.
 */
final class CrashAftermath {

  private static final Map<String, CleanRun> CLEAN_RUNS = new ConcurrentHashMap<>();

  private CrashAftermath() {}

  /** What a clean run of a scenario did and committed. */
  record CleanRun(
      List<String> operations,
      Map<Long, List<String>> rowsBySnapshot,
      long latestBefore,
      long latestAfter,
      long earliestAfter) {}

  /** The clean run of {@code scenario}, run once per JVM. */
  static CleanRun cleanRun(CrashScenarios scenario) {
    return CLEAN_RUNS.computeIfAbsent(scenario.name(), n -> runClean(scenario));
  }

  /** A table of {@code scenario} under {@code dir}, set up and ready for its operation. */
  static FileStoreTable prepare(CrashScenarios scenario, Path dir) {
    FileStoreTable prepared = scenario.create(TableTestSupport.catalog(dir));
    scenario.setup().accept(prepared);
    return prepared;
  }

  /** Checks the table {@code prepared} was after its operation's process died. */
  static void assertSurvived(CrashScenarios scenario, FileStoreTable prepared) throws IOException {
    CleanRun clean = cleanRun(scenario);
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

  /** The same table through {@code fileIO} (the local file system when null), as a new process. */
  static FileStoreTable reopen(FileStoreTable table, CrashingFileIO fileIO) {
    return new FileStoreTable(
        fileIO == null ? HadoopFileIO.local() : fileIO, table.root(), table.schema());
  }

  private static void assertOrphanRemovalDeletesExactlyTheLeftovers(FileStoreTable table)
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

  private static CleanRun runClean(CrashScenarios scenario) {
    try {
      Path tmp = Files.createTempDirectory("clean-run");
      FileStoreTable prepared = prepare(scenario, tmp);
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

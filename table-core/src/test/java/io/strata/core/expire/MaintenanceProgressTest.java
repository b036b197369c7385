package io.strata.core.expire;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.compact.CompactionSummary;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.progress.LogCapture;
import io.strata.core.scan.FileStoreScan;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.write.BucketCompactor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The INFO lines of long maintenance work carry the real counts: files deleted on disk, snapshots
 * expired, files compacted as the manifests record them.
 */
class MaintenanceProgressTest {

  private static final String ELAPSED = "in \\d+\\.\\d s";

  @TempDir Path dir;

  private long count(String subdir, String prefix) throws Exception {
    try (Stream<Path> files = Files.walk(dir.resolve("default.db/orders").resolve(subdir))) {
      return files.filter(p -> p.getFileName().toString().startsWith(prefix)).count();
    }
  }

  @Test
  void snapshotExpirationLogsSnapshotsAndFilesDeleted() throws Exception {
    FileStoreTable table = Seed002ExpirationTest.seed002(dir);
    long dataBefore = count("", "data-");
    long manifestsBefore = count("manifest", "");

    int expired;
    try (LogCapture log = LogCapture.of(SnapshotExpiration.class)) {
      expired = new SnapshotExpiration(table).expire(Seed002ExpirationTest.keep(1, 1));
      long dataDeleted = dataBefore - count("", "data-");
      long manifestsDeleted = manifestsBefore - count("manifest", "");
      assertThat(expired).isEqualTo(3);
      assertThat(dataDeleted).isPositive();
      assertThat(log.messages())
          .singleElement()
          .asString()
          .matches(
              "Expired 3 snapshots \\(1\\.\\.3\\) of default\\.orders, deleted "
                  + dataDeleted
                  + " data files, 0 index files and "
                  + manifestsDeleted
                  + " manifests "
                  + ELAPSED);
    }
  }

  @Test
  void nothingToExpireLogsNothing() {
    FileStoreTable table = Seed002ExpirationTest.seed002(dir);
    try (LogCapture log = LogCapture.of(SnapshotExpiration.class)) {
      assertThat(new SnapshotExpiration(table).expire(Seed002ExpirationTest.keep(4, 10))).isZero();
      assertThat(log.messages()).isEmpty();
    }
  }

  @Test
  void orphanRemovalLogsFilesAndBytes() throws Exception {
    FileStoreTable table = Seed002ExpirationTest.seed002(dir);
    Path bucket = dir.resolve("default.db/orders/dt=2026-09-24/bucket-0");
    for (String name : List.of("data-orphan-1.parquet", "data-orphan-2.parquet")) {
      Path orphan = Files.writeString(bucket.resolve(name), "12345");
      Files.setLastModifiedTime(
          orphan, FileTime.fromMillis(System.currentTimeMillis() - 3_600_000));
    }
    long cutoff = System.currentTimeMillis() - 60_000;

    try (LogCapture log = LogCapture.of(OrphanFiles.class)) {
      OrphanFiles.Result dryRun = new OrphanFiles(table).remove(cutoff, true);
      OrphanFiles.Result removed = new OrphanFiles(table).remove(cutoff, false);
      assertThat(removed.files()).hasSize(2);
      assertThat(dryRun.bytes()).isEqualTo(10);
      List<String> lines =
          log.messages().stream().filter(m -> !m.startsWith("Removing orphan")).toList();
      assertThat(lines).hasSize(2);
      assertThat(lines.get(0))
          .startsWith("Found (dry run, nothing deleted) 2 orphan files (10 B) of default.orders");
      assertThat(lines.get(1)).startsWith("Removed 2 orphan files (10 B) of default.orders");
      assertThat(lines.get(1)).matches(".* " + ELAPSED);
    }
  }

  @Test
  void compactionLogsEachBucketAndTheRunWithTheFilesTheManifestsRecord() throws Exception {
    FileStoreTable table = Seed002ExpirationTest.seed002(dir);
    // seed002 ends with a full compaction: snapshot 4 replaces files of snapshot 3.
    Snapshot before = table.snapshotManager().snapshot(3);
    Snapshot after = table.snapshotManager().snapshot(4);
    Set<String> live3 = liveFiles(table, before);
    Set<String> live4 = liveFiles(table, after);
    Set<String> removed = new HashSet<>(live3);
    removed.removeAll(live4);
    Set<String> added = new HashSet<>(live4);
    added.removeAll(live3);

    // Rerun the seed in a second warehouse under capture, so the logged run is the one measured.
    Path second = dir.resolve("second");
    try (LogCapture run = LogCapture.of(CompactionSummary.class);
        LogCapture buckets = LogCapture.of(BucketCompactor.class)) {
      Seed002ExpirationTest.seed002(second);
      Matcher m =
          Pattern.compile(
                  "Compacted (\\d+) buckets of default\\.orders in this process: (\\d+) files \\(.*\\)"
                      + " into (\\d+) files? \\(.*\\), snapshot 4, "
                      + ELAPSED)
              .matcher(run.single("Compacted"));
      assertThat(m.matches()).as(run.messages().toString()).isTrue();
      assertThat(Integer.parseInt(m.group(2))).isEqualTo(removed.size());
      assertThat(Integer.parseInt(m.group(3))).isEqualTo(added.size());
      assertThat(buckets.messages()).hasSize(Integer.parseInt(m.group(1)));
      assertThat(buckets.messages())
          .allMatch(
              line ->
                  line.matches(
                      "Compacted \\d+ files? \\(.*\\) of bucket \\d of partition dt=2026-09-2[45]"
                          + " of default\\.orders into \\d+ files? \\(.*\\) at level \\d+ "
                          + ELAPSED));
    }
  }

  private static Set<String> liveFiles(FileStoreTable table, Snapshot s) {
    Set<String> names = new HashSet<>();
    for (ManifestEntry e :
        new FileStoreScan(table.manifestFiles(), table.schema().partitionType()).liveEntries(s)) {
      names.add(e.file().fileName());
    }
    return names;
  }
}

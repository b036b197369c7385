package io.strata.core.table;

import static io.strata.core.table.AppendTableTest.EVENTS;
import static io.strata.core.table.AppendTableTest.ids;
import static io.strata.core.table.AppendTableTest.rows;
import static io.strata.core.table.TableTestSupport.append;
import static io.strata.core.table.TableTestSupport.readAll;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.expire.ExpireConfig;
import io.strata.core.expire.SnapshotExpiration;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.manifest.ManifestFileMeta;
import io.strata.core.options.Options;
import io.strata.core.scan.FileStoreScan;
import io.strata.core.scan.TableScan;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.snapshot.Snapshot;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code compact_manifest}: the latest snapshot's manifests rewritten, no row changed. */
class ManifestCompactionTest {

  @TempDir Path dir;

  /** Commits never merge manifests on their own here, so every commit adds one. */
  private FileStoreTable table(Map<String, String> options) {
    Map<String, String> all = new java.util.HashMap<>(options);
    all.put("manifest.merge-min-count", "1000");
    return TableTestSupport.create(
        TableTestSupport.catalog(dir), "t", EVENTS, List.of("dt"), Map.copyOf(all));
  }

  private static List<ManifestFileMeta> manifests(FileStoreTable table, Snapshot snapshot) {
    return new FileStoreScan(table.manifestFiles(), table.schema().partitionType())
        .manifestsOf(snapshot);
  }

  private static Set<ManifestEntry.FileKey> liveFiles(FileStoreTable table, Snapshot snapshot) {
    return new FileStoreScan(table.manifestFiles(), table.schema().partitionType())
        .liveEntries(snapshot).stream().map(ManifestEntry::fileKey).collect(Collectors.toSet());
  }

  private static Map<String, Long> taggedSnapshots(FileStoreTable table) {
    return table.tagManager().tags().entrySet().stream()
        .collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().snapshot().id()));
  }

  @Test
  void manyManifestsWithDeletesBecomeOneThatHoldsTheLiveFilesOnly() {
    FileStoreTable table = table(Map.of());
    for (int i = 0; i < 6; i++) {
      append(table, rows(i * 10, i * 10 + 10, "d" + (i % 2)));
    }
    table.newCommit("test").overwrite(TableTestSupport.write(table, rows(100, 103, "d0")), null);
    Snapshot before = table.snapshotManager().latest();
    List<ManifestFileMeta> manifestsBefore = manifests(table, before);
    assertThat(manifestsBefore).hasSizeGreaterThan(6);
    assertThat(manifestsBefore.stream().mapToLong(ManifestFileMeta::numDeletedFiles).sum())
        .isPositive();

    Snapshot compacted = table.newCommit("compact-manifest").compactManifests();

    assertThat(compacted.id()).isEqualTo(before.id() + 1);
    assertThat(compacted.commitKind()).isEqualTo(CommitKind.COMPACT);
    assertThat(compacted.schemaId()).isEqualTo(before.schemaId());
    assertThat(compacted.totalRecordCount()).isEqualTo(before.totalRecordCount()).isEqualTo(3);
    assertThat(compacted.deltaRecordCount()).isZero();
    assertThat(compacted.indexManifest()).isEqualTo(before.indexManifest());
    List<ManifestFileMeta> after = manifests(table, compacted);
    assertThat(after).hasSize(1);
    assertThat(after.get(0).numDeletedFiles()).isZero();
    assertThat(table.manifestFiles().readManifestList(compacted.deltaManifestList())).isEmpty();
    assertThat(liveFiles(table, compacted)).isEqualTo(liveFiles(table, before));
    assertThat(ids(readAll(table))).containsExactly(100L, 101L, 102L);
    // Time travel still reads what the older snapshots held.
    TableScan scan = new TableScan(table, new Options(Map.of()));
    assertThat(ids(TableTestSupport.read(table, scan, table.snapshotManager().snapshot(3))))
        .hasSize(30);
  }

  @Test
  void nothingIsCommittedWhenTheManifestsCannotGetFewer() {
    FileStoreTable table = table(Map.of());
    assertThat(table.newCommit("compact-manifest").compactManifests()).isNull();
    append(table, rows(0, 10, "d0"));
    Snapshot one = table.snapshotManager().latest();

    assertThat(table.newCommit("compact-manifest").compactManifests()).isNull();
    assertThat(table.snapshotManager().latest().id()).isEqualTo(one.id());

    append(table, rows(10, 20, "d1"));
    Snapshot compacted = table.newCommit("compact-manifest").compactManifests();
    assertThat(compacted.id()).isEqualTo(one.id() + 2);
    assertThat(table.newCommit("compact-manifest").compactManifests()).isNull();
    assertThat(ids(readAll(table))).hasSize(20);
  }

  /** An append committed as Spark's writes commit it, with post-commit maintenance. */
  private static void maintainedAppend(FileStoreTable table, List<Object[]> rows) {
    table.newCommit("test").commit(TableTestSupport.write(table, rows), CommitKind.APPEND);
  }

  @Test
  void noExpirationOrAutomaticTagFollowsAsNoneFollowsPaimons() {
    FileStoreTable table =
        table(
            Map.of(
                "snapshot.num-retained.min", "1",
                "snapshot.num-retained.max", "1",
                "tag.automatic-creation", "batch"));
    maintainedAppend(table, rows(0, 10, "d0"));
    maintainedAppend(table, rows(10, 20, "d1"));
    long earliest = table.snapshotManager().earliestId().orElseThrow();
    Map<String, Long> tags = taggedSnapshots(table);
    assertThat(tags).isNotEmpty();

    Snapshot compacted = table.newCommit("compact-manifest").compactManifests();

    assertThat(compacted.id()).isEqualTo(earliest + 1);
    assertThat(table.snapshotManager().earliestId()).hasValue(earliest);
    assertThat(taggedSnapshots(table)).isEqualTo(tags);
    // The next data commit maintains as usual.
    maintainedAppend(table, rows(20, 30, "d0"));
    assertThat(table.snapshotManager().earliestId()).hasValue(compacted.id() + 1);
  }

  @Test
  void theTargetSizeBoundsEachRewrittenManifest() {
    FileStoreTable table = table(Map.of("manifest.target-file-size", "2 kb"));
    for (int i = 0; i < 12; i++) {
      append(table, rows(i * 10, i * 10 + 10, "d" + i));
    }
    Snapshot before = table.snapshotManager().latest();

    Snapshot compacted = table.newCommit("compact-manifest").compactManifests();

    List<ManifestFileMeta> after = manifests(table, compacted);
    assertThat(after).hasSizeBetween(2, manifests(table, before).size() - 1);
    // Split by the bytes all entries take in one manifest: about the target size each.
    assertThat(after.stream().mapToLong(ManifestFileMeta::numAddedFiles)).allMatch(n -> n < 12);
    assertThat(after.stream().mapToLong(ManifestFileMeta::numAddedFiles).sum()).isEqualTo(12);
    assertThat(liveFiles(table, compacted)).isEqualTo(liveFiles(table, before));
    assertThat(table.newCommit("compact-manifest").compactManifests()).isNull();
  }

  @Test
  void expiringTheSnapshotsBeforeDeletesTheirManifestsButNoDataFile() throws Exception {
    FileStoreTable table = table(Map.of());
    for (int i = 0; i < 4; i++) {
      append(table, rows(i * 10, i * 10 + 10, "d" + (i % 2)));
    }
    Snapshot compacted = table.newCommit("compact-manifest").compactManifests();
    long dataFiles = parquetFiles();

    new SnapshotExpiration(table).expire(new ExpireConfig(1, 1, Long.MAX_VALUE, 100));

    assertThat(table.snapshotManager().earliestId()).hasValue(compacted.id());
    assertThat(parquetFiles()).isEqualTo(dataFiles);
    try (Stream<Path> files = Files.list(dir.resolve("default.db/t/manifest"))) {
      // The compacted snapshot's one manifest and its base and (empty) delta manifest lists.
      assertThat(files.count()).isEqualTo(3);
    }
    assertThat(ids(readAll(table))).hasSize(40);
  }

  private long parquetFiles() throws Exception {
    try (Stream<Path> files = Files.walk(dir.resolve("default.db/t"))) {
      return files.filter(p -> p.toString().endsWith(".parquet")).count();
    }
  }
}

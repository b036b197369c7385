package io.strata.core.table;

import static io.strata.core.table.TableTestSupport.append;
import static io.strata.core.table.TableTestSupport.readAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.commit.FileStoreCommit;
import io.strata.core.options.Options;
import io.strata.core.predicate.LeafPredicate;
import io.strata.core.scan.TableScan;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AppendTableTest {

  @TempDir Path dir;

  static final RowType EVENTS =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT()),
              new DataField(1, "kind", DataTypes.STRING()),
              new DataField(2, "dt", DataTypes.STRING())));

  static List<Object[]> rows(long from, long to, String dt) {
    List<Object[]> rows = new ArrayList<>();
    for (long i = from; i < to; i++) {
      rows.add(new Object[] {i, "k" + (i % 3), dt});
    }
    return rows;
  }

  static List<Long> ids(List<Object[]> rows) {
    return rows.stream().map(r -> (Long) r[0]).sorted().toList();
  }

  @Test
  void appendsCommitSnapshotsAndReadBack() throws Exception {
    WarehouseCatalog catalog = TableTestSupport.catalog(dir);
    FileStoreTable table =
        TableTestSupport.create(catalog, "events", EVENTS, List.of("dt"), Map.of());
    Snapshot first = append(table, rows(0, 10, "2026-01-01"));
    Snapshot second = append(table, rows(10, 15, "2026-01-02"));

    assertThat(first.id()).isEqualTo(1);
    assertThat(first.commitKind()).isEqualTo(CommitKind.APPEND);
    assertThat(first.totalRecordCount()).isEqualTo(10);
    assertThat(second.id()).isEqualTo(2);
    assertThat(second.totalRecordCount()).isEqualTo(15);
    assertThat(second.deltaRecordCount()).isEqualTo(5);
    assertThat(ids(readAll(table))).hasSize(15).startsWith(0L, 1L).endsWith(14L);
    assertThat(Files.isDirectory(dir.resolve("default.db/events/dt=2026-01-01/bucket-0"))).isTrue();
    try (Stream<Path> files = Files.walk(dir)) {
      assertThat(files.map(Path::toString).filter(p -> p.endsWith(".crc"))).isEmpty();
    }
  }

  @Test
  void partitionFilterPrunesAndStatsSkipFiles() {
    FileStoreTable table =
        TableTestSupport.create(
            TableTestSupport.catalog(dir), "events", EVENTS, List.of("dt"), Map.of());
    append(table, rows(0, 10, "2026-01-01"));
    append(table, rows(10, 20, "2026-01-02"));
    RowType partitionType = table.schema().partitionType();
    TableScan byPartition =
        new TableScan(table, new Options(Map.of()))
            .withPartitionFilter(
                new LeafPredicate(
                    0, "dt", partitionType.typeAt(0), LeafPredicate.Op.EQ, List.of("2026-01-02")));
    assertThat(ids(TableTestSupport.read(table, byPartition, table.snapshotManager().latest())))
        .containsExactlyElementsOf(ids(rows(10, 20, "x")));
    TableScan byStats =
        new TableScan(table, new Options(Map.of()))
            .withValueFilter(
                new LeafPredicate(0, "id", DataTypes.BIGINT(), LeafPredicate.Op.GT, List.of(15L)));
    assertThat(byStats.plan(table.snapshotManager().latest()).splits()).hasSize(1);
  }

  @Test
  void overwriteReplacesMatchingPartitionsOnly() {
    FileStoreTable table =
        TableTestSupport.create(
            TableTestSupport.catalog(dir), "events", EVENTS, List.of("dt"), Map.of());
    append(table, rows(0, 10, "2026-01-01"));
    append(table, rows(10, 20, "2026-01-02"));
    FileStoreCommit commit = new FileStoreCommit(table, "test", Clock.systemUTC());
    Snapshot overwrite =
        commit.overwritePartitions(TableTestSupport.write(table, rows(100, 102, "2026-01-02")));
    assertThat(overwrite.commitKind()).isEqualTo(CommitKind.OVERWRITE);
    assertThat(overwrite.deltaRecordCount()).isEqualTo(-8);
    assertThat(ids(readAll(table))).hasSize(12).contains(100L, 101L).doesNotContain(10L);
    commit.overwrite(TableTestSupport.write(table, rows(200, 201, "2026-01-03")), null);
    assertThat(ids(readAll(table))).containsExactly(200L);
  }

  @Test
  void fixedBucketRoutesByBucketKeyHash() {
    FileStoreTable table =
        TableTestSupport.create(
            TableTestSupport.catalog(dir),
            "b",
            EVENTS,
            List.of(),
            Map.of("bucket", "4", "bucket-key", "id"));
    append(table, rows(0, 100, "d"));
    for (int b = 0; b < 4; b++) {
      assertThat(dir.resolve("default.db/b/bucket-" + b)).isDirectory();
    }
    assertThat(dir.resolve("default.db/b/bucket-4")).doesNotExist();
    assertThat(ids(readAll(table))).hasSize(100);
  }

  @Test
  void manyCommitsMergeManifestsAndKeepEveryRow() {
    FileStoreTable table =
        TableTestSupport.create(
            TableTestSupport.catalog(dir),
            "m",
            EVENTS,
            List.of("dt"),
            Map.of("manifest.merge-min-count", "3"));
    for (int i = 0; i < 8; i++) {
      append(table, rows(i * 10, i * 10 + 10, "d" + (i % 2)));
    }
    FileStoreCommit commit = new FileStoreCommit(table, "test", Clock.systemUTC());
    commit.overwritePartitions(TableTestSupport.write(table, rows(1000, 1001, "d0")));
    Snapshot latest = table.snapshotManager().latest();
    List<io.strata.core.manifest.ManifestFileMeta> manifests =
        new io.strata.core.scan.FileStoreScan(table.manifestFiles(), table.schema().partitionType())
            .manifestsOf(latest);
    assertThat(manifests.size()).isLessThan(9);
    assertThat(ids(readAll(table))).hasSize(41).contains(1000L, 79L).doesNotContain(0L);
  }

  @Test
  void nullIntoNotNullColumnFailsWithoutSnapshot() {
    RowType withKey =
        new RowType(
            List.of(
                new DataField(0, "id", DataTypes.BIGINT().notNull()),
                new DataField(1, "v", DataTypes.STRING())));
    FileStoreTable table =
        TableTestSupport.create(TableTestSupport.catalog(dir), "nn", withKey, List.of(), Map.of());
    List<Object[]> bad = new ArrayList<>();
    bad.add(new Object[] {null, "x"});
    assertThatThrownBy(() -> append(table, bad))
        .hasMessage("Cannot write NULL into column 'id' declared BIGINT NOT NULL.");
    assertThat(table.snapshotManager().latest()).isNull();
  }

  @Test
  void concurrentCommitsNeverShareASnapshotId() throws Exception {
    FileStoreTable table =
        TableTestSupport.create(TableTestSupport.catalog(dir), "c", EVENTS, List.of(), Map.of());
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      int base = t * 100;
      threads.add(
          new Thread(
              () -> {
                for (int i = 0; i < 5; i++) {
                  append(table, rows(base + i * 10, base + i * 10 + 10, "d"));
                }
              }));
    }
    threads.forEach(Thread::start);
    for (Thread t : threads) {
      t.join();
    }
    assertThat(table.snapshotManager().latestId().getAsLong()).isEqualTo(20);
    assertThat(ids(readAll(table))).hasSize(200).doesNotHaveDuplicates();
    assertThat(table.snapshotManager().latest().totalRecordCount()).isEqualTo(200);
  }

  @Test
  void deletingLatestHintDoesNotBreakReads() throws Exception {
    FileStoreTable table =
        TableTestSupport.create(TableTestSupport.catalog(dir), "h", EVENTS, List.of(), Map.of());
    append(table, rows(0, 3, "d"));
    append(table, rows(3, 6, "d"));
    Files.delete(dir.resolve("default.db/h/snapshot/LATEST"));
    assertThat(table.snapshotManager().latestId().getAsLong()).isEqualTo(2);
    Files.writeString(dir.resolve("default.db/h/snapshot/LATEST"), "1");
    assertThat(table.snapshotManager().latestId().getAsLong()).isEqualTo(2);
    assertThat(ids(readAll(table))).hasSize(6);
  }
}

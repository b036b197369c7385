package io.strata.core.table;

import static io.strata.core.table.TableTestSupport.readAll;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.merge.RowKind;
import io.strata.core.options.Options;
import io.strata.core.predicate.AndPredicate;
import io.strata.core.predicate.LeafPredicate;
import io.strata.core.predicate.LeafPredicate.Op;
import io.strata.core.predicate.Predicate;
import io.strata.core.scan.TableScan;
import io.strata.core.schema.SchemaFactory;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PrimaryKeyTableTest {

  @TempDir Path dir;

  static final RowType ORDERS =
      new RowType(
          List.of(
              new DataField(0, "order_id", DataTypes.BIGINT()),
              new DataField(1, "user_id", DataTypes.BIGINT()),
              new DataField(2, "amount", DataTypes.DECIMAL(10, 2)),
              new DataField(3, "status", DataTypes.STRING()),
              new DataField(4, "dt", DataTypes.STRING())));

  FileStoreTable orders() {
    WarehouseCatalog catalog = TableTestSupport.catalog(dir);
    return catalog.createTable(
        new Identifier("default", "orders"),
        SchemaFactory.create(
            ORDERS,
            List.of("dt"),
            List.of(),
            Map.of("primary-key", "dt,order_id", "bucket", "2"),
            null,
            1L));
  }

  static Object[] order(long id, String status, String dt) {
    return new Object[] {id, 100 + id, new BigDecimal(id + ".50"), status, dt};
  }

  static List<RowKind> inserts(int n) {
    return Collections.nCopies(n, RowKind.INSERT);
  }

  @Test
  void seed004LayoutMatchesPaimon() throws Exception {
    FileStoreTable table = orders();
    List<Object[]> rows =
        List.of(
            order(1, "CREATED", "2026-09-24"),
            order(2, "CREATED", "2026-09-24"),
            order(3, "CREATED", "2026-09-24"),
            order(4, "CREATED", "2026-09-25"),
            order(5, "CREATED", "2026-09-25"));
    Snapshot s = TableTestSupport.write(table, rows, inserts(5));

    Path root = dir.resolve("default.db/orders");
    assertThat(dataFiles(root.resolve("dt=2026-09-24/bucket-0"))).isEqualTo(1);
    assertThat(dataFiles(root.resolve("dt=2026-09-24/bucket-1"))).isEqualTo(1);
    assertThat(dataFiles(root.resolve("dt=2026-09-25/bucket-0"))).isEqualTo(1);
    assertThat(root.resolve("dt=2026-09-25/bucket-1")).doesNotExist();
    try (Stream<Path> m = Files.list(root.resolve("manifest"))) {
      List<String> names = m.map(p -> p.getFileName().toString()).toList();
      assertThat(names.stream().filter(n -> n.startsWith("manifest-list-"))).hasSize(2);
      assertThat(names.stream().filter(n -> !n.startsWith("manifest-list-"))).hasSize(1);
    }
    assertThat(s.version()).isEqualTo(3);
    assertThat(s.id()).isEqualTo(1);
    assertThat(s.schemaId()).isZero();
    assertThat(s.commitKind()).isEqualTo(CommitKind.APPEND);
    assertThat(s.totalRecordCount()).isEqualTo(5);
    assertThat(s.deltaRecordCount()).isEqualTo(5);
    assertThat(Files.readString(root.resolve("snapshot/LATEST")).trim()).isEqualTo("1");
    assertThat(Files.readString(root.resolve("snapshot/EARLIEST")).trim()).isEqualTo("1");
    assertThat(readAll(table)).hasSize(5);
  }

  private static long dataFiles(Path bucketDir) throws Exception {
    try (Stream<Path> files = Files.list(bucketDir)) {
      return files.filter(p -> p.getFileName().toString().startsWith("data-")).count();
    }
  }

  @Test
  void upsertsAndDeletesMergeOnRead() {
    FileStoreTable table = orders();
    TableTestSupport.write(
        table,
        List.<Object[]>of(
            order(1, "CREATED", "d"), order(2, "CREATED", "d"), order(3, "CREATED", "d")),
        inserts(3));
    TableTestSupport.write(
        table, List.<Object[]>of(order(1, "PAID", "d"), order(6, "CREATED", "d")), inserts(2));
    TableTestSupport.write(
        table, List.<Object[]>of(order(3, "CREATED", "d")), List.of(RowKind.DELETE));
    Map<Long, String> status = new HashMap<>();
    for (Object[] row : readAll(table)) {
      status.put((Long) row[0], (String) row[3]);
    }
    assertThat(status)
        .containsOnly(Map.entry(1L, "PAID"), Map.entry(2L, "CREATED"), Map.entry(6L, "CREATED"));
  }

  @Test
  void randomUpsertsAndDeletesMatchAModel() {
    FileStoreTable table = orders();
    Random random = new Random(42);
    Map<Long, String> model = new HashMap<>();
    // 40 commits x 500 = 20,000 random upserts and deletes.
    for (int commit = 0; commit < 40; commit++) {
      List<Object[]> rows = new ArrayList<>();
      List<RowKind> kinds = new ArrayList<>();
      for (int i = 0; i < 500; i++) {
        long id = random.nextInt(300);
        if (random.nextInt(5) == 0) {
          rows.add(order(id, "x", "d"));
          kinds.add(RowKind.DELETE);
          model.remove(id);
        } else {
          String status = "s" + random.nextInt(1000);
          rows.add(order(id, status, "d"));
          kinds.add(RowKind.INSERT);
          model.put(id, status);
        }
      }
      TableTestSupport.write(table, rows, kinds);
      // Universal compaction with a low trigger: runs merge into middle levels keeping deletes.
      new io.strata.core.compact.FullCompaction(
              table.withSchema(
                  table
                      .schema()
                      .withOptions(
                          Map.of(
                              "primary-key", "dt,order_id",
                              "bucket", "2",
                              "num-sorted-run.compaction-trigger", "3",
                              "compaction.max-size-amplification-percent", "100000"))),
              "test",
              java.time.Clock.systemUTC())
          .runTriggered();
      Map<Long, String> read = new HashMap<>();
      for (Object[] row : readAll(table)) {
        assertThat(read.put((Long) row[0], (String) row[3]))
            .as("duplicate key %s", row[0])
            .isNull();
      }
      assertThat(read).as("after commit %s", commit).isEqualTo(model);
    }
    java.util.Set<Integer> levels = new java.util.TreeSet<>();
    for (io.strata.core.manifest.ManifestEntry e :
        new io.strata.core.scan.FileStoreScan(table.manifestFiles(), table.schema().partitionType())
            .liveEntries(table.snapshotManager().latest())) {
      levels.add(e.file().level());
    }
    assertThat(levels).as("universal compaction wrote middle levels").anyMatch(l -> l > 0 && l < 5);
  }

  @Test
  void nonKeyFiltersDoNotBringBackOlderVersions() {
    FileStoreTable table = orders();
    TableTestSupport.write(
        table, List.<Object[]>of(order(1, "CREATED", "d"), order(2, "CREATED", "d")), inserts(2));
    TableTestSupport.write(table, List.<Object[]>of(order(1, "PAID", "d")), inserts(1));
    Predicate created =
        new LeafPredicate(3, "status", DataTypes.STRING(), Op.EQ, List.of("CREATED"));
    TableScan scan = new TableScan(table, new Options(Map.of())).withValueFilter(created);

    Map<Long, String> status = new HashMap<>();
    for (Object[] row : TableTestSupport.read(table, scan, table.snapshotManager().latest())) {
      status.put((Long) row[0], (String) row[3]);
    }
    // The reader may return non-matching rows (Spark filters them again), never an old version.
    assertThat(status).containsEntry(1L, "PAID").containsEntry(2L, "CREATED");
  }

  @Test
  void keyFiltersStillSkipFiles() {
    FileStoreTable table = orders();
    TableTestSupport.write(table, List.<Object[]>of(order(1, "CREATED", "d")), inserts(1));
    TableTestSupport.write(table, List.<Object[]>of(order(500, "CREATED", "d")), inserts(1));
    Predicate key = new LeafPredicate(0, "order_id", DataTypes.BIGINT(), Op.EQ, List.of(500L));
    Predicate status =
        new LeafPredicate(3, "status", DataTypes.STRING(), Op.EQ, List.of("CREATED"));
    TableScan scan =
        new TableScan(table, new Options(Map.of())).withValueFilter(new AndPredicate(key, status));

    List<Object[]> rows = TableTestSupport.read(table, scan, table.snapshotManager().latest());
    assertThat(rows).extracting(r -> r[0]).containsExactly(500L);
  }

  @Test
  void theWriterCompactsAtTheSortedRunTrigger() {
    FileStoreTable table = orders();
    for (int i = 0; i < 5; i++) {
      TableTestSupport.write(table, List.<Object[]>of(order(1, "s" + i, "d")), inserts(1));
    }
    // The fifth write makes five level-0 runs, the default trigger: its writer compacted the
    // bucket, committed as a COMPACT snapshot right after the write's APPEND one.
    assertThat(table.snapshotManager().latest().commitKind()).isEqualTo(CommitKind.COMPACT);
    assertThat(table.snapshotManager().latestId().getAsLong()).isEqualTo(6);
    assertThat(table.snapshotManager().snapshot(5).commitKind()).isEqualTo(CommitKind.APPEND);
    assertThat(readAll(table)).hasSize(1);
    assertThat((String) readAll(table).get(0)[3]).isEqualTo("s4");
  }

  @Test
  void aSmallWriteBufferFlushesSortedRunsAndReadsMergeThem() {
    FileStoreTable table =
        TableTestSupport.catalog(dir)
            .createTable(
                new Identifier("default", "small_buffer"),
                SchemaFactory.create(
                    ORDERS,
                    List.of("dt"),
                    List.of(),
                    // write-only: the writer keeps its sorted runs for the reader to merge.
                    Map.of(
                        "primary-key",
                        "dt,order_id",
                        "bucket",
                        "1",
                        "write-buffer-size",
                        "4 kb",
                        "write-buffer-spillable",
                        "false",
                        "write-only",
                        "true"),
                    null,
                    1L));
    List<Object[]> rows = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      rows.add(order(i % 150, "v" + i, "d"));
    }
    TableTestSupport.write(table, rows, inserts(rows.size()));
    List<io.strata.core.manifest.ManifestEntry> files =
        new io.strata.core.scan.FileStoreScan(table.manifestFiles(), table.schema().partitionType())
            .liveEntries(table.snapshotManager().latest());
    assertThat(files.size()).as("several level-0 runs").isGreaterThan(3);
    Map<Long, String> latest = new HashMap<>();
    for (Object[] row : readAll(table)) {
      assertThat(latest.put((Long) row[0], (String) row[3])).isNull();
    }
    assertThat(latest).hasSize(150).containsEntry(0L, "v300").containsEntry(149L, "v299");
  }
}

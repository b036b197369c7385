package io.strata.core.expire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.catalog.Identifier;
import io.strata.core.compact.FullCompaction;
import io.strata.core.merge.RowKind;
import io.strata.core.options.Options;
import io.strata.core.scan.SnapshotSelector;
import io.strata.core.scan.TableScan;
import io.strata.core.schema.SchemaFactory;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.tag.TagOperations;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Seed 002 replayed: snapshots share files; expiry deletes only what no snapshot or tag holds. */
class Seed002ExpirationTest {

  @TempDir Path dir;

  static final RowType ORDERS =
      new RowType(
          List.of(
              new DataField(0, "order_id", DataTypes.BIGINT()),
              new DataField(1, "user_id", DataTypes.BIGINT()),
              new DataField(2, "amount", DataTypes.DECIMAL(10, 2)),
              new DataField(3, "status", DataTypes.STRING()),
              new DataField(4, "dt", DataTypes.STRING())));

  static Object[] order(long id, long user, String amount, String status, String dt) {
    return new Object[] {id, user, new BigDecimal(amount), status, dt};
  }

  FileStoreTable seed002() {
    return seed002(dir);
  }

  /** Seed 002's four snapshots: insert 1-5; upsert 1, insert 6; delete 3; full compaction. */
  static FileStoreTable seed002(Path dir) {
    FileStoreTable table =
        TableTestSupport.catalog(dir)
            .createTable(
                new Identifier("default", "orders"),
                SchemaFactory.create(
                    ORDERS,
                    List.of("dt"),
                    List.of(),
                    Map.of("primary-key", "dt,order_id", "bucket", "2"),
                    null,
                    1L));
    TableTestSupport.write(
        table,
        List.of(
            order(1, 101, "99.90", "CREATED", "2026-09-24"),
            order(2, 102, "15.00", "CREATED", "2026-09-24"),
            order(3, 103, "23.50", "CREATED", "2026-09-24"),
            order(4, 101, "8.80", "CREATED", "2026-09-25"),
            order(5, 104, "66.60", "CREATED", "2026-09-25")),
        Collections.nCopies(5, RowKind.INSERT));
    TableTestSupport.write(
        table,
        List.of(
            order(1, 101, "99.90", "PAID", "2026-09-24"),
            order(6, 105, "12.00", "CREATED", "2026-09-25")),
        Collections.nCopies(2, RowKind.INSERT));
    TableTestSupport.write(
        table,
        List.<Object[]>of(order(3, 103, "23.50", "CREATED", "2026-09-24")),
        List.of(RowKind.DELETE));
    Snapshot compacted = new FullCompaction(table, "test", Clock.systemUTC()).run(null);
    assertThat(compacted.commitKind()).isEqualTo(CommitKind.COMPACT);
    return table;
  }

  long dataFiles() throws Exception {
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(p -> p.getFileName().toString().startsWith("data-")).count();
    }
  }

  static ExpireConfig keep(int min, int max) {
    return new ExpireConfig(min, max, Long.MAX_VALUE, 50);
  }

  @Test
  void replaysSeed002WithTag() throws Exception {
    FileStoreTable table = seed002();
    new TagOperations(table, Clock.systemUTC()).create("v1", 1L, null);
    assertThat(dataFiles()).isEqualTo(8);
    assertThat(
            new io.strata.core.scan.FileStoreScan(
                    table.manifestFiles(), table.schema().partitionType())
                .liveEntries(table.snapshotManager().latest()))
        .hasSize(2);

    assertThatThrownBy(() -> keep(10, 2))
        .hasMessage("retainMax (2) must not be less than retainMin (10).");
    SnapshotExpiration expiration = new SnapshotExpiration(table);
    // Only the cap expires snapshot 1: the others are younger than the default hour.
    assertThat(
            expiration.expire(new ExpireConfig(1, 3, System.currentTimeMillis() - 3_600_000, 50)))
        .isEqualTo(1);
    assertThat(table.snapshotManager().exists(1)).isFalse();
    assertThat(dataFiles()).isEqualTo(8);

    assertThat(expiration.expire(keep(1, 3))).isEqualTo(2);
    assertThat(dataFiles()).isEqualTo(5);
    assertThatThrownBy(() -> new SnapshotSelector(table).bySnapshotId(1))
        .hasMessageStartingWith(
            "The specified scan snapshotId 1 is out of available snapshotId range [4, 4].");
    Snapshot v1 = new SnapshotSelector(table).byTag("v1");
    assertThat(TableTestSupport.read(table, new TableScan(table, new Options(Map.of())), v1))
        .hasSize(5);

    new TagOperations(table, Clock.systemUTC()).delete(List.of("v1"));
    assertThat(dataFiles()).isEqualTo(2);
    assertThat(TableTestSupport.readAll(table)).hasSize(5);
  }

  @Test
  void withoutTagTheSecondExpiryLeavesTwoFiles() throws Exception {
    FileStoreTable table = seed002();
    SnapshotExpiration expiration = new SnapshotExpiration(table);
    assertThat(
            expiration.expire(new ExpireConfig(1, 3, System.currentTimeMillis() - 3_600_000, 50)))
        .isEqualTo(1);
    assertThat(expiration.expire(keep(1, 3))).isEqualTo(2);
    assertThat(dataFiles()).isEqualTo(2);
    assertThat(TableTestSupport.readAll(table)).hasSize(5);
    try (Stream<Path> manifests = Files.list(dir.resolve("default.db/orders/manifest"))) {
      Snapshot latest = table.snapshotManager().latest();
      assertThat(manifests.map(p -> p.getFileName().toString()))
          .containsExactlyInAnyOrderElementsOf(
              SnapshotExpiration.referencedManifests(latest, table.manifestFiles()));
    }
  }

  @Test
  void retainMinAndTimeKeepRecentSnapshots() {
    FileStoreTable table = seed002();
    assertThat(new SnapshotExpiration(table).expire(keep(4, 10))).isZero();
    assertThat(new SnapshotExpiration(table).expire(new ExpireConfig(1, 10, 0, 50))).isZero();
    assertThat(new SnapshotExpiration(table).expire(new ExpireConfig(1, 10, Long.MAX_VALUE, 2)))
        .isEqualTo(2);
    assertThat(table.snapshotManager().earliestId().getAsLong()).isEqualTo(3);
  }
}

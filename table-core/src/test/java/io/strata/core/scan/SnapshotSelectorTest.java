package io.strata.core.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SnapshotSelectorTest {

  @TempDir Path dir;

  FileStoreTable tableWithSnapshots(int n) {
    FileStoreTable table =
        TableTestSupport.create(
            TableTestSupport.catalog(dir),
            "t",
            new io.strata.core.types.RowType(
                List.of(
                    new io.strata.core.types.DataField(
                        0, "id", io.strata.core.types.DataTypes.BIGINT()))),
            List.of(),
            java.util.Map.of());
    for (int i = 0; i < n; i++) {
      List<Object[]> rows = new ArrayList<>();
      rows.add(new Object[] {(long) i});
      TableTestSupport.append(table, rows);
    }
    return table;
  }

  private static List<Long> times(FileStoreTable table, int n) {
    List<Long> times = new ArrayList<>();
    for (long id = 1; id <= n; id++) {
      times.add(table.snapshotManager().snapshot(id).timeMillis());
    }
    return times;
  }

  @Test
  void binarySearchFindsLatestAtOrBeforeEveryTime() {
    FileStoreTable table = tableWithSnapshots(7);
    List<Long> times = times(table, 7);
    SnapshotSelector selector = new SnapshotSelector(table);
    for (int i = 0; i < 7; i++) {
      Snapshot s = selector.byTimestamp(times.get(i));
      // Several snapshots may share a millisecond: the latest of them wins.
      assertThat(s.timeMillis()).isEqualTo(times.get(i));
      assertThat(s.id()).isGreaterThanOrEqualTo(i + 1);
    }
    assertThat(selector.byTimestamp(Long.MAX_VALUE).id()).isEqualTo(7);
    assertThatThrownBy(() -> selector.byTimestamp(times.get(0) - 1))
        .hasMessage(
            "There is currently no snapshot earlier than or equal to timestamp ["
                + (times.get(0) - 1)
                + "], the earliest snapshot's timestamp is ["
                + times.get(0)
                + "]");
  }

  @Test
  void worksAcrossGapsAndWithoutHints() throws Exception {
    FileStoreTable table = tableWithSnapshots(6);
    List<Long> times = times(table, 6);
    Path snapshots = dir.resolve("default.db/t/snapshot");
    Files.delete(snapshots.resolve("LATEST"));
    Files.delete(snapshots.resolve("EARLIEST"));
    Files.delete(snapshots.resolve("snapshot-3"));
    Files.delete(snapshots.resolve("snapshot-4"));
    SnapshotSelector selector = new SnapshotSelector(table);
    assertThat(selector.byTimestamp(times.get(4)).timeMillis()).isEqualTo(times.get(4));
    assertThat(selector.byTimestamp(times.get(5)).id()).isEqualTo(6);
    assertThat(selector.byTimestamp(times.get(1)).id()).isLessThanOrEqualTo(2);
    assertThatThrownBy(() -> selector.bySnapshotId(3))
        .hasMessage("The specified scan snapshotId 3 is out of available snapshotId range [1, 6].");
  }

  @Test
  void seed003ThreeCommitsThreeSecondsApart() {
    FileStoreTable table =
        TableTestSupport.create(
            TableTestSupport.catalog(dir),
            "tt_time",
            new io.strata.core.types.RowType(
                List.of(
                    new io.strata.core.types.DataField(
                        0, "order_id", io.strata.core.types.DataTypes.BIGINT()),
                    new io.strata.core.types.DataField(
                        1, "status", io.strata.core.types.DataTypes.STRING()))),
            List.of(),
            java.util.Map.of("primary-key", "order_id", "bucket", "1"));
    long t0 = 1_796_000_000_000L;
    String[] statuses = {"CREATED", "PAID", "SHIPPED"};
    for (int i = 0; i < 3; i++) {
      io.strata.core.write.TableWriter writer =
          new io.strata.core.write.TableWriter(
              table,
              io.strata.core.write.SequenceStarts.of(table, table.snapshotManager().latest()));
      writer.write(new Object[] {1L, statuses[i]});
      new io.strata.core.commit.FileStoreCommit(
              table,
              "seed003",
              java.time.Clock.fixed(
                  java.time.Instant.ofEpochMilli(t0 + 3000L * i), java.time.ZoneOffset.UTC))
          .commit(writer.prepareCommit(), io.strata.core.snapshot.CommitKind.APPEND);
    }
    SnapshotSelector selector = new SnapshotSelector(table);
    assertThat(status(table, selector.bySnapshotId(1))).isEqualTo("CREATED");
    assertThat(status(table, selector.bySnapshotId(2))).isEqualTo("PAID");
    assertThat(selector.byTimestamp(t0 + 4500).id()).isEqualTo(2);
    assertThat(selector.byTimestamp(t0 + 3000).id()).isEqualTo(2);
    assertThat(selector.byTimestamp(t0 + 2999).id()).isEqualTo(1);
    assertThatThrownBy(() -> selector.byTimestamp(t0 - 1))
        .hasMessage(
            "There is currently no snapshot earlier than or equal to timestamp ["
                + (t0 - 1)
                + "], the earliest snapshot's timestamp is ["
                + t0
                + "]");
  }

  private static String status(FileStoreTable table, Snapshot snapshot) {
    List<Object[]> rows =
        TableTestSupport.read(
            table,
            new TableScan(table, new io.strata.core.options.Options(java.util.Map.of())),
            snapshot);
    assertThat(rows).hasSize(1);
    return (String) rows.get(0)[1];
  }

  @Test
  void fileCreationTimeReadsOnlyTheLatestSnapshotsFilesWrittenFromThen() throws Exception {
    FileStoreTable table = tableWithSnapshots(2);
    Thread.sleep(20); // creation times are in milliseconds
    long from = System.currentTimeMillis();
    List<Object[]> later = new ArrayList<>();
    later.add(new Object[] {100L});
    TableTestSupport.append(table, later);
    io.strata.core.options.Options read =
        new io.strata.core.options.Options(
            java.util.Map.of("scan.file-creation-time-millis", String.valueOf(from)));

    SnapshotSelector.TableVersion version =
        new SnapshotSelector(table).select(read, java.time.ZoneId.systemDefault());

    assertThat(version.snapshot().id()).isEqualTo(3);
    assertThat(TableTestSupport.read(table, new TableScan(table, read), version.snapshot()))
        .extracting(r -> r[0])
        .containsExactly(100L);
    io.strata.core.options.Options both =
        new io.strata.core.options.Options(
            java.util.Map.of(
                "scan.file-creation-time-millis", String.valueOf(from), "scan.snapshot-id", "1"));
    assertThatThrownBy(
            () -> new SnapshotSelector(table).select(both, java.time.ZoneId.systemDefault()))
        .hasMessageContaining("scan.file-creation-time-millis")
        .hasMessageContaining("scan.snapshot-id");
    // A stream, as Paimon's, starts with those files of the latest snapshot, then its changes.
    StreamPosition start = new StreamStart(table).resolve(read);
    assertThat(start).isEqualTo(StreamPosition.wholeOf(3));
    assertThat(new StreamScan(table, read).plan(start))
        .flatExtracting(io.strata.core.split.DataSplit::files)
        .hasSize(1);
    assertThatThrownBy(
            () ->
                new StreamStart(table)
                    .resolve(
                        new io.strata.core.options.Options(
                            java.util.Map.of("scan.watermark", "5"))))
        .hasMessageContaining("'scan.watermark' selects what a batch read sees");
  }

  @Test
  void aWatermarkNoSnapshotReachesIsRefusedWithTheLatestWatermark() {
    FileStoreTable table = tableWithSnapshots(2);
    assertThatThrownBy(() -> new SnapshotSelector(table).byWatermarkAtOrAfter(10))
        .hasMessage(
            "No snapshot has a watermark at or after 10 (scan.watermark): no snapshot of the table"
                + " records a watermark. Read an earlier watermark, or select the snapshot by"
                + " scan.snapshot-id.");
  }
}

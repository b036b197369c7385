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
}

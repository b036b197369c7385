package io.strata.core.maintenance;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PostCommitMaintenanceTest {

  @TempDir Path dir;

  FileStoreTable table(Map<String, String> options) {
    return TableTestSupport.create(
        TableTestSupport.catalog(dir),
        "t",
        new RowType(List.of(new DataField(0, "id", DataTypes.BIGINT()))),
        List.of(),
        options);
  }

  static void commit(FileStoreTable t, long id) {
    List<Object[]> rows = new ArrayList<>();
    rows.add(new Object[] {id});
    TableTestSupport.append(t, rows);
  }

  @Test
  void syncModeExpiresBeforeReturningAndWriteOnlySkips() {
    Map<String, String> keepTwo =
        Map.of(
            "snapshot.num-retained.min", "2",
            "snapshot.num-retained.max", "2",
            "snapshot.time-retained", "0 s");
    FileStoreTable t = table(keepTwo);
    PostCommitMaintenance maintenance = new PostCommitMaintenance(Clock.systemUTC());
    for (long i = 0; i < 5; i++) {
      commit(t, i);
      maintenance.run(t);
    }
    assertThat(t.snapshotManager().earliestId().getAsLong()).isEqualTo(4);

    FileStoreTable writeOnly =
        t.withSchema(
            t.schema()
                .withOptions(
                    Map.of(
                        "write-only",
                        "true",
                        "snapshot.num-retained.min",
                        "1",
                        "snapshot.time-retained",
                        "0 s")));
    commit(writeOnly, 9);
    maintenance.run(writeOnly);
    assertThat(t.snapshotManager().earliestId().getAsLong()).isEqualTo(4);
  }

  @Test
  void asyncModeExpiresOnTheDriverThread() {
    FileStoreTable t =
        table(
            Map.of(
                "snapshot.num-retained.min", "1",
                "snapshot.num-retained.max", "1",
                "snapshot.time-retained", "0 s",
                "snapshot.expire.execution-mode", "async"));
    PostCommitMaintenance maintenance = new PostCommitMaintenance(Clock.systemUTC());
    for (long i = 0; i < 3; i++) {
      commit(t, i);
      maintenance.run(t);
    }
    PostCommitMaintenance.awaitAsyncExpiration();
    assertThat(t.snapshotManager().earliestId().getAsLong()).isEqualTo(3);
    assertThat(t.snapshotManager().latestId().getAsLong()).isEqualTo(3);
  }
}

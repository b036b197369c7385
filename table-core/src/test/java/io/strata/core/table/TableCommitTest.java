package io.strata.core.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.manifest.DataFileMeta;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.split.DataSplit;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.write.CommitMessage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TableCommitTest {

  private static final RowType ROWS =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT()),
              new DataField(1, "v", DataTypes.STRING())));

  @TempDir Path dir;

  private FileStoreTable table(Map<String, String> options) {
    return TableTestSupport.create(TableTestSupport.catalog(dir), "t", ROWS, List.of(), options);
  }

  private static List<Object[]> rows(long id) {
    return List.<Object[]>of(new Object[] {id, "v" + id});
  }

  @Test
  void commitsStampWithTheTableClockAndRunMaintenance() {
    Clock fixed = Clock.fixed(Instant.parse("2026-03-01T10:00:00Z"), ZoneOffset.UTC);
    FileStoreTable table =
        table(Map.of("snapshot.num-retained.min", "1", "snapshot.num-retained.max", "1"))
            .withClock(fixed);
    for (long i = 0; i < 3; i++) {
      Snapshot s =
          table.newCommit("u").commit(TableTestSupport.write(table, rows(i)), CommitKind.APPEND);
      assertThat(s.timeMillis()).isEqualTo(fixed.millis());
    }
    // Snapshot expiration ran after each commit and kept only the latest.
    assertThat(table.snapshotManager().earliestId().orElseThrow()).isEqualTo(3);
    assertThat(TableTestSupport.readAll(table)).hasSize(3);
    // Files record the same clock's wall-clock time (here UTC, so the same millis).
    for (DataSplit split : table.newScan().plan(table.snapshotManager().latest()).splits()) {
      for (DataFileMeta f : split.files()) {
        assertThat(f.creationTimeMillis()).isEqualTo(fixed.millis());
      }
    }
  }

  @Test
  void abortDeletesTheWrittenDataFiles() {
    FileStoreTable table = table(Map.of());
    List<CommitMessage> written = TableTestSupport.write(table, rows(1));
    Path file =
        Path.of(
            table
                .dataFilePaths()
                .of(
                    written.get(0).partition(),
                    written.get(0).bucket(),
                    written.get(0).newFiles().get(0).fileName(),
                    null)
                .toUri());
    assertThat(Files.exists(file)).isTrue();

    table.newCommit("u").abort(written);

    assertThat(Files.exists(file)).isFalse();
    assertThat(table.snapshotManager().latest()).isNull();
  }

  @Test
  void truncateOfAnEmptyTableCommitsNothing() {
    assertThat(table(Map.of()).newCommit("u").truncate()).isNull();
  }
}

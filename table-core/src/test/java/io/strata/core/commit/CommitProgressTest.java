package io.strata.core.commit;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.expire.SnapshotExpiration;
import io.strata.core.partition.PartitionExpiration;
import io.strata.core.progress.LogCapture;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.CommitReport;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableCommit;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.write.CommitMessage;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A commit's INFO line and report count its files, records, retries and what maintenance did. */
class CommitProgressTest {

  private static final RowType ROWS =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT()),
              new DataField(1, "dt", DataTypes.STRING())));

  @TempDir Path dir;

  private FileStoreTable table(FailingFileIO fileIO, Map<String, String> options) {
    FileStoreTable created =
        TableTestSupport.create(TableTestSupport.catalog(dir), "t", ROWS, List.of("dt"), options);
    return new FileStoreTable(fileIO, created.root(), created.schema());
  }

  /** Loses the race for {@code snapshot-N} the first {@code times} times it is created. */
  private static FailingFileIO losingSnapshot(int id, int times) {
    AtomicInteger lost = new AtomicInteger();
    return new FailingFileIO()
        .losingCreates(p -> p.getName().equals("snapshot-" + id) && lost.getAndIncrement() < times);
  }

  @Test
  void aCommitLogsItsFilesRecordsAndRetries() {
    FileStoreTable table = table(losingSnapshot(1, 2), Map.of());
    List<CommitMessage> written =
        TableTestSupport.write(
            table, List.of(new Object[] {1L, "a"}, new Object[] {2L, "b"}, new Object[] {3L, "b"}));
    FileStoreCommit commit = new FileStoreCommit(table, "u").withBackoff(attempt -> {});

    try (LogCapture log = LogCapture.of(FileStoreCommit.class)) {
      Snapshot s = commit.commit(written, CommitKind.APPEND);
      assertThat(s.id()).isEqualTo(1);
      assertThat(commit.retries()).isEqualTo(2);
      assertThat(log.messages())
          .singleElement()
          .asString()
          .matches(
              "Committed snapshot 1 \\(APPEND\\) of default\\.t: 2 files added, 0 files removed,"
                  + " 3 records, after 2 retries in \\d+\\.\\d s");
    }
  }

  @Test
  void theReportCountsRetriesAndWhatMaintenanceExpired() {
    FileStoreTable table =
        table(
            losingSnapshot(1, 1),
            Map.of(
                "snapshot.num-retained.min", "1",
                "snapshot.num-retained.max", "1",
                "partition.expiration-time", "1 d",
                "partition.timestamp-formatter", "yyyyMMdd",
                "partition.expiration-check-interval", "0 s"));
    List<CommitMessage> written =
        TableTestSupport.write(
            table, List.of(new Object[] {1L, "20000101"}, new Object[] {2L, "29990101"}));
    TableCommit commit = table.newCommit("u");

    try (LogCapture partitions = LogCapture.of(PartitionExpiration.class);
        LogCapture snapshots = LogCapture.of(SnapshotExpiration.class)) {
      commit.commit(written, CommitKind.APPEND);

      // Snapshot 1 appends, the partition check drops 20000101 as snapshot 2, expiration keeps 1.
      assertThat(table.snapshotManager().latest().id()).isEqualTo(2);
      assertThat(table.snapshotManager().earliestId().getAsLong()).isEqualTo(2);
      assertThat(commit.report()).isEqualTo(new CommitReport(1, 1, 1));
      assertThat(partitions.messages())
          .singleElement()
          .asString()
          .matches(
              "Expired 1 partition \\[dt=20000101\\] of default\\.t older than \\S+ in 1 commit"
                  + " in \\d+\\.\\d s");
      assertThat(snapshots.single("Expired 1 snapshot (1..1) of default.t")).isNotNull();
    }
  }
}

package io.strata.core.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.snapshot.Snapshot;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.write.CommitMessage;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link TableCommit#commitBatch}: a streaming batch commits once, whatever the replays. */
class StreamingCommitTest {

  private static final RowType ROWS =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT()),
              new DataField(1, "v", DataTypes.STRING())));

  @TempDir Path dir;

  @Test
  void aReplayedBatchCommitsNothingTwice() {
    FileStoreTable table =
        TableTestSupport.create(TableTestSupport.catalog(dir), "t", ROWS, List.of(), Map.of());
    List<CommitMessage> batch0 =
        TableTestSupport.write(table, List.<Object[]>of(new Object[] {1L, "a"}));
    Snapshot first = table.newCommit("query-1").commitBatch(batch0, 0);
    assertThat(first.commitIdentifier()).isZero();
    assertThat(first.commitUser()).isEqualTo("query-1");

    // The same batch again (a restart before Spark recorded the commit), with the same files or
    // rewritten ones: nothing is committed, and the files already committed stay readable.
    assertThat(table.newCommit("query-1").commitBatch(batch0, 0)).isNull();
    List<CommitMessage> rewritten =
        TableTestSupport.write(table, List.<Object[]>of(new Object[] {1L, "a"}));
    assertThat(table.newCommit("query-1").commitBatch(rewritten, 0)).isNull();
    assertThat(table.snapshotManager().latestId()).hasValue(first.id());
    assertThat(TableTestSupport.readAll(table)).hasSize(1);

    // Another user's commit in between does not hide this user's last identifier.
    TableTestSupport.append(table, List.<Object[]>of(new Object[] {2L, "b"}));
    assertThat(table.newCommit("query-1").commitBatch(rewritten, 0)).isNull();
    Snapshot next =
        table
            .newCommit("query-1")
            .commitBatch(
                TableTestSupport.write(table, List.<Object[]>of(new Object[] {3L, "c"})), 1);
    assertThat(next.commitIdentifier()).isEqualTo(1);
    // Another query's batch 0 is its own.
    assertThat(
            table
                .newCommit("query-2")
                .commitBatch(
                    TableTestSupport.write(table, List.<Object[]>of(new Object[] {4L, "d"})), 0))
        .isNotNull();
    assertThat(TableTestSupport.readAll(table)).hasSize(4);
  }
}

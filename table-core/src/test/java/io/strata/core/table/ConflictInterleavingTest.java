package io.strata.core.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.commit.CommitConflictException;
import io.strata.core.levels.CompactStrategy;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.snapshot.Snapshot;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real conflicts made deterministic: one committer is held between reading its base snapshot and
 * publishing, another commits in between. A compaction whose input was deleted fails naming the
 * file and the snapshot; an overwrite re-plans on the new snapshot, so it also replaces what was
 * appended meanwhile (exactly append-then-overwrite), never a mix of the two bases.
 */
class ConflictInterleavingTest {

  @TempDir Path dir;

  @Test
  void aCompactionWhoseInputsADeleteRemovedFailsNamingTheFileAndTheSnapshot() throws Exception {
    FileStoreTable table = table();
    PausingFileIO pausing = new PausingFileIO();
    FileStoreTable compactor = new FileStoreTable(pausing, table.root(), table.schema());
    CompletableFuture<Snapshot> compaction =
        CompletableFuture.supplyAsync(
            () -> compactor.newCommit("compactor").compact(null, CompactStrategy.FULL));
    pausing.awaitPause();

    Snapshot truncated = table.newCommit("deleter").truncate();
    pausing.release();

    assertThat(compaction)
        .failsWithin(java.time.Duration.ofSeconds(60))
        .withThrowableOfType(ExecutionException.class)
        .havingCause()
        .isInstanceOf(CommitConflictException.class)
        .withMessageContaining("that this write replaces was removed by a concurrent commit")
        .withMessageContaining("(the latest snapshot is now " + truncated.id() + ")");
    assertThat(table.snapshotManager().latest().id()).isEqualTo(truncated.id());
    assertThat(TableTestSupport.readAll(table)).isEmpty();
    // The compaction's output was deleted with its failure: only the appended files remain.
    assertThat(dataFiles(table)).hasSize(3 * CrashScenarios.DAYS.length);
  }

  @Test
  void anOverwriteRacingAnAppendReplansAndReplacesTheAppendedRows() throws Exception {
    FileStoreTable table = table();
    PausingFileIO pausing = new PausingFileIO();
    FileStoreTable overwriter = new FileStoreTable(pausing, table.root(), table.schema());
    CompletableFuture<Snapshot> overwrite =
        CompletableFuture.supplyAsync(
            () ->
                overwriter
                    .newCommit("overwriter")
                    .overwrite(TableTestSupport.write(overwriter, CrashScenarios.rowsOf(9)), null));
    pausing.awaitPause();

    Snapshot appended =
        table
            .newCommit("appender")
            .commit(TableTestSupport.write(table, CrashScenarios.rowsOf(4)), CommitKind.APPEND);
    pausing.release();

    Snapshot overwritten = overwrite.get();
    assertThat(overwritten.id()).isEqualTo(appended.id() + 1);
    assertThat(overwritten.commitKind()).isEqualTo(CommitKind.OVERWRITE);
    assertThat(rows(TableTestSupport.readAll(table))).isEqualTo(rows(CrashScenarios.rowsOf(9)));
    // The append stays visible where it was committed: history is append, then overwrite.
    assertThat(rows(TableTestSupport.read(table, table.newScan(), appended)))
        .containsAll(rows(CrashScenarios.rowsOf(4)));
  }

  private FileStoreTable table() {
    FileStoreTable table = CrashScenarios.all().get(0).create(TableTestSupport.catalog(dir));
    CrashScenarios.commits(table, 3);
    return table;
  }

  private static List<String> rows(List<Object[]> rows) {
    return rows.stream().map(Arrays::toString).sorted().toList();
  }

  private static List<Path> dataFiles(FileStoreTable table) throws java.io.IOException {
    try (Stream<Path> walk = Files.walk(Path.of(table.root().toUri()))) {
      return walk.filter(p -> p.getFileName().toString().startsWith("data-")).toList();
    }
  }
}

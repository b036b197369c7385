package io.strata.core.commit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.snapshot.CommitKind;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.write.CommitMessage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Commit failures made deterministic by a failing FileIO and an injected retry backoff. */
class CommitFailureTest {

  private static final RowType ROWS =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT()),
              new DataField(1, "v", DataTypes.STRING())));

  @TempDir Path dir;

  private FileStoreTable table(FailingFileIO fileIO, Map<String, String> options) {
    FileStoreTable created =
        TableTestSupport.create(TableTestSupport.catalog(dir), "t", ROWS, List.of(), options);
    return new FileStoreTable(fileIO, created.root(), created.schema());
  }

  private static List<Object[]> rows(long from, long to) {
    List<Object[]> rows = new ArrayList<>();
    for (long i = from; i < to; i++) {
      rows.add(new Object[] {i, "v" + i});
    }
    return rows;
  }

  /** Every file of the table but its schema, relative to the table directory. */
  private List<String> filesBesidesSchema() throws IOException {
    Path root = dir.resolve("default.db/t");
    try (Stream<Path> files = Files.walk(root)) {
      return files
          .filter(Files::isRegularFile)
          .map(p -> root.relativize(p).toString())
          .filter(p -> !p.startsWith("schema/") && !p.endsWith(".crc"))
          .sorted()
          .toList();
    }
  }

  @Test
  void retriesExhaustedFailAfterTheConfiguredAttemptsAndDeleteEverythingWritten()
      throws IOException {
    FailingFileIO fileIO = new FailingFileIO().losingCreates(FailingFileIO.named("snapshot-"));
    FileStoreTable table = table(fileIO, Map.of("commit.max-retries", "2"));
    List<CommitMessage> written = TableTestSupport.write(table, rows(0, 5));
    List<Integer> waits = new ArrayList<>();

    assertThatThrownBy(
            () ->
                new FileStoreCommit(table, "u")
                    .withBackoff(waits::add)
                    .commit(written, CommitKind.APPEND))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("failed after 3 attempts")
        .hasMessageContaining("'commit.max-retries'");
    assertThat(waits).containsExactly(0, 1);
    assertThat(filesBesidesSchema()).isEmpty();
  }

  @Test
  void aConcurrentCommitThatRemovedAReplacedFileFailsTheCommit() throws IOException {
    FileStoreTable table = table(new FailingFileIO(), Map.of());
    List<CommitMessage> first = TableTestSupport.write(table, rows(0, 5));
    new FileStoreCommit(table, "u").commit(first, CommitKind.APPEND);
    CommitMessage m = first.get(0);
    CommitMessage removeFirst =
        new CommitMessage(m.partition(), m.bucket(), m.totalBuckets(), List.of(), m.newFiles());
    new FileStoreCommit(table, "other").commit(List.of(removeFirst), CommitKind.OVERWRITE);
    List<String> beforeRewrite = filesBesidesSchema();

    CommitMessage rewrite = TableTestSupport.write(table, rows(0, 4)).get(0);
    CommitMessage replaceFirst =
        new CommitMessage(
            m.partition(), m.bucket(), m.totalBuckets(), rewrite.newFiles(), m.newFiles());

    assertThatThrownBy(
            () ->
                new FileStoreCommit(table, "u").commit(List.of(replaceFirst), CommitKind.OVERWRITE))
        .isInstanceOf(CommitConflictException.class)
        .hasMessageContaining(m.newFiles().get(0).fileName())
        .hasMessageContaining("removed by a concurrent commit");
    assertThat(filesBesidesSchema()).isEqualTo(beforeRewrite);
    assertThat(table.snapshotManager().latest().id()).isEqualTo(2);
  }

  @Test
  void aFailedPublishDeletesItsManifestsAndDataFiles() throws IOException {
    FailingFileIO fileIO = new FailingFileIO().failingCreates(FailingFileIO.named("snapshot-"));
    FileStoreTable table = table(fileIO, Map.of());
    List<CommitMessage> written = TableTestSupport.write(table, rows(0, 5));
    assertThat(filesBesidesSchema()).isNotEmpty();

    assertThatThrownBy(() -> new FileStoreCommit(table, "u").commit(written, CommitKind.APPEND))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessageContaining("Cannot commit to");
    assertThat(filesBesidesSchema()).isEmpty();
    assertThat(table.snapshotManager().latest()).isNull();
  }

  @Test
  void aCrashAfterTheSnapshotAndBeforeTheHintLosesNothing() {
    FailingFileIO fileIO = new FailingFileIO();
    FileStoreTable table = table(fileIO, Map.of());
    new FileStoreCommit(table, "u")
        .commit(TableTestSupport.write(table, rows(0, 2)), CommitKind.APPEND);
    // From now on the LATEST hint is never updated: it stays at 1, as after a crash.
    fileIO.failingOverwrites(FailingFileIO.named("LATEST"));

    Snapshot second =
        new FileStoreCommit(table, "u")
            .commit(TableTestSupport.write(table, rows(2, 4)), CommitKind.APPEND);
    Snapshot third =
        new FileStoreCommit(table, "u")
            .commit(TableTestSupport.write(table, rows(4, 6)), CommitKind.APPEND);

    assertThat(second.id()).isEqualTo(2);
    assertThat(third.id()).isEqualTo(3);
    assertThat(table.snapshotManager().latest().id()).isEqualTo(3);
    assertThat(third.totalRecordCount()).isEqualTo(6);
    assertThat(TableTestSupport.readAll(table)).hasSize(6);
  }
}

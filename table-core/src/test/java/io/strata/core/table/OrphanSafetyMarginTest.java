package io.strata.core.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.expire.OrphanFiles;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.write.CommitMessage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A writer paused between writing its data files and committing them: orphan removal with the
 * default cutoff ({@link OrphanFiles#SAFETY_MARGIN} ago) keeps its files, and the commit then
 * succeeds; a cutoff of "now" takes them for orphans, and the commit would name missing files.
 */
class OrphanSafetyMarginTest {

  @TempDir Path dir;

  @Test
  void theDefaultCutoffKeepsTheFilesOfACommitInFlight() {
    FileStoreTable table = table();
    List<CommitMessage> inFlight = TableTestSupport.write(table, CrashScenarios.rowsOf(2));
    // Even an hour later the in-flight files are younger than the one-day margin.
    Clock later = Clock.offset(Clock.systemUTC(), Duration.ofHours(1));

    OrphanFiles.Result removed =
        new OrphanFiles(table.withClock(later)).remove(OrphanFiles.defaultCutoff(later), false);

    assertThat(removed.files()).isEmpty();
    assertThat(inFlightFiles(table, inFlight)).allMatch(Files::exists);
    table.newCommit("paused").commit(inFlight, CommitKind.APPEND);
    assertThat(TableTestSupport.readAll(table)).hasSize(2 * CrashScenarios.DAYS.length);
  }

  @Test
  void aCutoffOfNowDeletesTheFilesOfACommitInFlight() {
    FileStoreTable table = table();
    List<CommitMessage> inFlight = TableTestSupport.write(table, CrashScenarios.rowsOf(2));
    Clock later = Clock.offset(Clock.systemUTC(), Duration.ofSeconds(5));

    OrphanFiles.Result removed =
        new OrphanFiles(table.withClock(later)).remove(later.millis(), false);

    assertThat(removed.files()).hasSize(inFlightFiles(table, inFlight).size());
    assertThat(inFlightFiles(table, inFlight)).noneMatch(Files::exists);
    assertThat(OrphanFiles.SAFETY_MARGIN).isEqualTo(Duration.ofDays(1));
  }

  @Test
  void aCutoffInTheFutureIsRefused() {
    FileStoreTable table = table();
    long tomorrow = table.clock().millis() + Duration.ofDays(1).toMillis();

    assertThatThrownBy(() -> new OrphanFiles(table).remove(tomorrow, false))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "older_than must be in the past: files of writes in progress would be deleted.");
  }

  private FileStoreTable table() {
    CrashScenarios append = CrashScenarios.all().get(0);
    FileStoreTable table = append.create(TableTestSupport.catalog(dir));
    CrashScenarios.append(table, 1);
    return table;
  }

  private static List<Path> inFlightFiles(FileStoreTable table, List<CommitMessage> messages) {
    return messages.stream()
        .flatMap(
            m ->
                m.newFiles().stream()
                    .map(DataFileMeta::fileName)
                    .map(
                        name ->
                            Path.of(
                                table
                                    .dataFilePaths()
                                    .of(m.partition(), m.bucket(), name, null)
                                    .toUri())))
        .toList();
  }
}

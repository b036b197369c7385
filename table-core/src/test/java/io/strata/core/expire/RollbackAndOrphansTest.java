package io.strata.core.expire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.scan.SnapshotSelector;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.tag.TagOperations;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RollbackAndOrphansTest {

  @TempDir Path dir;

  FileStoreTable table() {
    return Seed002ExpirationTest.seed002(dir);
  }

  long dataFiles() throws Exception {
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(p -> p.getFileName().toString().startsWith("data-")).count();
    }
  }

  @Test
  void rollbackRemovesLaterSnapshotsAndTheirFiles() throws Exception {
    FileStoreTable table = table();
    new TagOperations(table, Clock.systemUTC()).create("late", 4L, null);
    long previous = new Rollback(table).to(table.snapshotManager().snapshot(2));
    assertThat(previous).isEqualTo(4);
    assertThat(table.snapshotManager().latestId().getAsLong()).isEqualTo(2);
    assertThat(table.snapshotManager().exists(3)).isFalse();
    assertThat(table.tagManager().exists("late")).isFalse();
    // Snapshot 2 reads 3 + 2 files; the -D file and the compacted files are gone.
    assertThat(dataFiles()).isEqualTo(5);
    assertThat(TableTestSupport.readAll(table)).hasSize(6);
    TableTestSupport.append(table, List.of()); // nothing to commit: still snapshot 2
    assertThat(table.snapshotManager().latestId().getAsLong()).isEqualTo(2);
  }

  @Test
  void rollbackToATagWhoseSnapshotExpiredRecreatesIt() throws Exception {
    FileStoreTable table = table();
    new TagOperations(table, Clock.systemUTC()).create("v1", 1L, null);
    new SnapshotExpiration(table).expire(new ExpireConfig(1, 1, Long.MAX_VALUE, 50));
    assertThat(table.snapshotManager().earliestId().getAsLong()).isEqualTo(4);
    Snapshot v1 = new SnapshotSelector(table).byTag("v1");
    new Rollback(table).to(v1);
    assertThat(table.snapshotManager().listIds()).containsExactly(1L);
    assertThat(TableTestSupport.readAll(table)).hasSize(5);
    assertThat(dataFiles()).isEqualTo(3);
  }

  @Test
  void orphanFilesOlderThanTheThresholdGoOthersStay() throws Exception {
    FileStoreTable table = table();
    Path bucket = dir.resolve("default.db/orders/dt=2026-09-24/bucket-0");
    Path oldOrphan = Files.writeString(bucket.resolve("data-orphan-old.parquet"), "x");
    Path newOrphan = Files.writeString(bucket.resolve("data-orphan-new.parquet"), "y");
    Files.setLastModifiedTime(
        oldOrphan, FileTime.fromMillis(System.currentTimeMillis() - 3_600_000));
    long threshold = System.currentTimeMillis() - 60_000;

    OrphanFiles.Result dryRun = new OrphanFiles(table).remove(threshold, true);
    assertThat(dryRun.files())
        .extracting(p -> p.getName())
        .containsExactly("data-orphan-old.parquet");
    assertThat(oldOrphan).exists();
    OrphanFiles.Result result = new OrphanFiles(table).remove(threshold, false);
    assertThat(result.bytes()).isEqualTo(1);
    assertThat(oldOrphan).doesNotExist();
    assertThat(newOrphan).exists();
    assertThat(TableTestSupport.readAll(table)).hasSize(5);
    for (long id : table.snapshotManager().listIds()) {
      assertThat(
              TableTestSupport.read(
                  table,
                  new io.strata.core.scan.TableScan(
                      table, new io.strata.core.options.Options(java.util.Map.of())),
                  table.snapshotManager().snapshot(id)))
          .isNotEmpty();
    }
    assertThatThrownBy(
            () -> new OrphanFiles(table).remove(System.currentTimeMillis() + 60_000, true))
        .hasMessage(
            "older_than must be in the past: files of writes in progress would be deleted.");
  }
}

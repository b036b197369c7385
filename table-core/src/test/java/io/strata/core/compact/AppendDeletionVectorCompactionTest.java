package io.strata.core.compact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.commit.CommitConflictException;
import io.strata.core.commit.FileStoreCommit;
import io.strata.core.deletion.BucketDeletionVectors;
import io.strata.core.deletion.DeletionBitmap;
import io.strata.core.levels.CompactStrategy;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.write.CommitMessage;
import io.strata.core.write.PositionDeletes;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compaction of append tables with deletion vectors rewrites files without their deleted rows and
 * drops the vectors; a file whose vector hides enough rows is compacted even alone.
 */
class AppendDeletionVectorCompactionTest {

  @TempDir Path dir;

  private FileStoreTable table(Map<String, String> options) {
    Map<String, String> all = new java.util.HashMap<>(options);
    all.put("deletion-vectors.enabled", "true");
    return TableTestSupport.create(
        TableTestSupport.catalog(dir),
        "ev",
        new RowType(List.of(new DataField(0, "id", DataTypes.BIGINT()))),
        List.of(),
        all);
  }

  private static void append(FileStoreTable t, long from, long to) {
    List<Object[]> rows = new ArrayList<>();
    for (long i = from; i < to; i++) {
      rows.add(new Object[] {i});
    }
    TableTestSupport.append(t, rows);
  }

  private static List<ManifestEntry> live(FileStoreTable t) {
    return AppendCompactionTest.live(t);
  }

  /** Deletes the rows at {@code positions} of {@code file} in one commit. */
  private static Snapshot delete(FileStoreTable t, DataFileMeta file, long... positions) {
    PositionDeletes deletes = new PositionDeletes(t, t.snapshotManager().latest());
    deletes.delete(file.fileName(), DeletionBitmap.of(positions));
    return new FileStoreCommit(t, "test").commit(deletes.prepareCommit(), CommitKind.APPEND);
  }

  private static List<Long> ids(FileStoreTable t) {
    return TableTestSupport.readAll(t).stream().map(r -> (Long) r[0]).sorted().toList();
  }

  @Test
  void aLoneFileAboveTheDeleteRatioIsCompactedAndItsVectorDropped() {
    FileStoreTable t = table(Map.of());
    append(t, 0, 10);
    DataFileMeta file = live(t).get(0).file();
    delete(t, file, 1);
    FullCompaction compaction = new FullCompaction(t, "test", Clock.systemUTC());
    assertThat(compaction.run(null, CompactStrategy.MINOR)).as("10% < 20%: stays").isNull();

    delete(t, file, 2, 3);
    Snapshot compacted = compaction.run(null, CompactStrategy.MINOR);

    assertThat(compacted.commitKind()).isEqualTo(CommitKind.COMPACT);
    assertThat(compacted.indexManifest()).as("no vector left").isNull();
    assertThat(live(t)).hasSize(1);
    assertThat(live(t).get(0).file().rowCount()).isEqualTo(7);
    assertThat(ids(t)).containsExactly(0L, 4L, 5L, 6L, 7L, 8L, 9L);
  }

  @Test
  void fullCompactionReclaimsEveryVectorAndKeepsOthersFiles() {
    FileStoreTable t = table(Map.of("compaction.min.file-num", "10"));
    append(t, 0, 10);
    append(t, 10, 20);
    DataFileMeta first = live(t).get(0).file();
    delete(t, first, 9);

    Snapshot compacted = new FullCompaction(t, "test", Clock.systemUTC()).run(null);

    assertThat(compacted.indexManifest()).isNull();
    assertThat(ids(t)).hasSize(19).doesNotContain(first.minSequenceNumber() + 9);
  }

  @Test
  void aDeletionCommittedAfterTheCompactionReadFailsTheCompaction() {
    FileStoreTable t = table(Map.of());
    append(t, 0, 10);
    DataFileMeta file = live(t).get(0).file();
    delete(t, file, 0, 1, 2);
    List<CompactionTask> tasks = new CompactionPlanner(t).plan(null, CompactStrategy.FULL);
    CommitMessage compaction = tasks.get(0).run(t);

    delete(t, file, 5);

    assertThatThrownBy(
            () -> new FileStoreCommit(t, "test").commit(List.of(compaction), CommitKind.COMPACT))
        .isInstanceOf(CommitConflictException.class)
        .hasMessageContaining("concurrent commit changed the deletion vectors");
    assertThat(ids(t)).containsExactly(3L, 4L, 6L, 7L, 8L, 9L);
  }

  @Test
  void vectorsOfUntouchedFilesSurviveACompactionOfTheBucket() {
    FileStoreTable t = table(Map.of("compaction.min.file-num", "10"));
    append(t, 0, 10);
    append(t, 10, 20);
    // Two small files do not make a run of 10: only the vectors decide.
    DataFileMeta first = live(t).get(0).file();
    DataFileMeta second = live(t).get(1).file();
    delete(t, first, 0, 1, 2, 3);
    delete(t, second, 0);

    new FullCompaction(t, "test", Clock.systemUTC()).run(null, CompactStrategy.MINOR);

    assertThat(live(t))
        .extracting(e -> e.file().fileName())
        .hasSize(2)
        .contains(second.fileName())
        .doesNotContain(first.fileName());
    BucketDeletionVectors left =
        BucketDeletionVectors.load(
            io.strata.core.deletion.DeletionFileIndex.of(
                t.snapshotManager().latest(), t.manifestFiles(), t.indexFilePaths()),
            live(t).get(0).partition(),
            0,
            new io.strata.core.deletion.DeletionVectorIndexFile(t.fileIO(), t.indexFilePaths()));
    assertThat(left.dataFiles()).containsExactly(second.fileName());
    assertThat(ids(t)).hasSize(15);
  }
}

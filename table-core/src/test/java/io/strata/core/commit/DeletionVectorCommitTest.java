package io.strata.core.commit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.deletion.BucketDeletionVectors;
import io.strata.core.deletion.DeletionFileIndex;
import io.strata.core.deletion.DeletionVectorChange;
import io.strata.core.deletion.DeletionVectorIndexFile;
import io.strata.core.expire.ExpireConfig;
import io.strata.core.expire.SnapshotExpiration;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.IndexFileMeta;
import io.strata.core.manifest.IndexManifestEntry;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.snapshot.Tag;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.write.CommitMessage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Commits that change deletion vectors: one new index file per bucket replacing the previous ones,
 * and conflicts that fail a commit instead of losing a deletion.
 */
class DeletionVectorCommitTest {

  private static final RowType ROWS =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT()),
              new DataField(1, "v", DataTypes.STRING())));

  @TempDir Path dir;
  private FileStoreTable table;
  private CommitMessage first;

  @BeforeEach
  void tenRowsInOneFile() {
    table =
        TableTestSupport.create(
            TableTestSupport.catalog(dir),
            "t",
            ROWS,
            List.of(),
            Map.of("deletion-vectors.enabled", "true"));
    first = TableTestSupport.write(table, rows(0, 10)).get(0);
    new FileStoreCommit(table, "u").commit(List.of(first), CommitKind.APPEND);
  }

  private static List<Object[]> rows(long from, long to) {
    List<Object[]> rows = new ArrayList<>();
    for (long i = from; i < to; i++) {
      rows.add(new Object[] {i, "v" + i});
    }
    return rows;
  }

  private List<Long> ids() {
    return TableTestSupport.readAll(table).stream().map(r -> (Long) r[0]).sorted().toList();
  }

  private DeletionVectorIndexFile indexFiles() {
    return new DeletionVectorIndexFile(table.fileIO(), table.indexFilePaths());
  }

  private BucketDeletionVectors load() {
    DeletionFileIndex index =
        DeletionFileIndex.of(
            table.snapshotManager().latest(), table.manifestFiles(), table.indexFilePaths());
    return BucketDeletionVectors.load(index, first.partition(), first.bucket(), indexFiles());
  }

  private String fileName() {
    return first.newFiles().get(0).fileName();
  }

  private CommitMessage message(
      List<DataFileMeta> added, List<DataFileMeta> removed, DeletionVectorChange change) {
    return new CommitMessage(
        first.partition(),
        first.bucket(),
        first.totalBuckets(),
        added,
        removed,
        List.of(),
        List.of(),
        change.newIndexFiles(),
        change.deletedIndexFiles());
  }

  private Snapshot commit(CommitMessage m) {
    return new FileStoreCommit(table, "u").commit(List.of(m), CommitKind.APPEND);
  }

  private List<IndexManifestEntry> liveIndex() {
    String manifest = table.snapshotManager().latest().indexManifest();
    return manifest == null ? List.of() : table.manifestFiles().readIndexManifest(manifest);
  }

  private List<String> indexDirectory() throws IOException {
    Path index = dir.resolve("default.db/t/index");
    if (!Files.exists(index)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(index)) {
      return files
          .map(p -> p.getFileName().toString())
          .filter(n -> !n.endsWith(".crc"))
          .sorted()
          .toList();
    }
  }

  @Test
  void deletionsMergeIntoOneNewIndexFilePerBucket() {
    BucketDeletionVectors vectors = load();
    vectors.delete(fileName(), 2);
    vectors.delete(fileName(), 5);
    commit(message(List.of(), List.of(), vectors.write(indexFiles())));
    assertThat(ids()).containsExactly(0L, 1L, 3L, 4L, 6L, 7L, 8L, 9L);
    IndexFileMeta firstIndex = liveIndex().get(0).indexFile();

    BucketDeletionVectors again = load();
    assertThat(again.vector(fileName()).cardinality()).isEqualTo(2);
    again.delete(fileName(), 7);
    again.delete(fileName(), 2);
    commit(message(List.of(), List.of(), again.write(indexFiles())));

    assertThat(ids()).containsExactly(0L, 1L, 3L, 4L, 6L, 8L, 9L);
    List<IndexManifestEntry> live = liveIndex();
    assertThat(live).hasSize(1);
    IndexFileMeta.DeletionVectorRange range = live.get(0).indexFile().deletionVectorRanges().get(0);
    assertThat(range.dataFileName()).isEqualTo(fileName());
    assertThat(range.cardinality()).isEqualTo(3L);
    assertThat(live.get(0).indexFile().fileName()).isNotEqualTo(firstIndex.fileName());
  }

  @Test
  void aConcurrentChangeOfTheBucketsVectorsFailsTheLaterCommit() throws IOException {
    BucketDeletionVectors mine = load();
    BucketDeletionVectors theirs = load();
    mine.delete(fileName(), 1);
    theirs.delete(fileName(), 8);
    DeletionVectorChange myChange = mine.write(indexFiles());
    commit(message(List.of(), List.of(), theirs.write(indexFiles())));
    List<String> indexBefore = indexDirectory();
    long latest = table.snapshotManager().latestId().getAsLong();

    assertThatThrownBy(() -> commit(message(List.of(), List.of(), myChange)))
        .isInstanceOf(CommitConflictException.class)
        .hasMessage(
            "Cannot commit to "
                + table.root()
                + ": a concurrent commit changed the deletion vectors of bucket 0 after this"
                + " write read them, so committing would bring deleted rows back; retry the"
                + " statement.");
    assertThat(table.snapshotManager().latestId().getAsLong()).isEqualTo(latest);
    assertThat(indexDirectory())
        .as("the failed commit's index file is deleted")
        .hasSize(indexBefore.size() - 1)
        .doesNotContain(myChange.newIndexFiles().get(0).fileName());
    assertThat(ids()).doesNotContain(8L).contains(1L);
  }

  @Test
  void markingAFileAConcurrentCommitRemovedFails() {
    BucketDeletionVectors mine = load();
    mine.delete(fileName(), 3);
    DeletionVectorChange change = mine.write(indexFiles());
    CommitMessage rewrite = TableTestSupport.write(table, rows(0, 10)).get(0);
    commit(message(rewrite.newFiles(), first.newFiles(), DeletionVectorChange.NONE));

    assertThatThrownBy(() -> commit(message(List.of(), List.of(), change)))
        .isInstanceOf(CommitConflictException.class)
        .hasMessageContaining("file " + fileName() + " (bucket 0) whose rows this write marks")
        .hasMessageContaining("removed by a concurrent commit");
    assertThat(ids()).hasSize(10);
  }

  @Test
  void removingAFileWithAVectorMustReplaceItsIndexFile() {
    BucketDeletionVectors vectors = load();
    vectors.delete(fileName(), 0);
    commit(message(List.of(), List.of(), vectors.write(indexFiles())));
    CommitMessage rewrite = TableTestSupport.write(table, rows(1, 10)).get(0);

    // A rewrite that read the file before its vector existed would bring row 0 back.
    assertThatThrownBy(
            () -> commit(message(rewrite.newFiles(), first.newFiles(), DeletionVectorChange.NONE)))
        .isInstanceOf(CommitConflictException.class)
        .hasMessageContaining(
            "changed the deletion vectors of file " + fileName() + " in bucket 0");

    BucketDeletionVectors aware = load();
    aware.removeDataFile(fileName());
    CommitMessage rewriteAgain = TableTestSupport.write(table, rows(1, 10)).get(0);
    commit(message(rewriteAgain.newFiles(), first.newFiles(), aware.write(indexFiles())));
    assertThat(ids()).hasSize(9).doesNotContain(0L);
    assertThat(table.snapshotManager().latest().indexManifest()).as("no vector left").isNull();
  }

  @Test
  void aCompactionCarriesItsVectorChangeIntoTheCompactSnapshot() {
    BucketDeletionVectors vectors = load();
    vectors.delete(fileName(), 4);
    commit(message(List.of(), List.of(), vectors.write(indexFiles())));
    CommitMessage compacted = TableTestSupport.write(table, rows(0, 4)).get(0);
    BucketDeletionVectors aware = load();
    aware.removeDataFile(fileName());
    DeletionVectorChange change = aware.write(indexFiles());
    CommitMessage compaction =
        new CommitMessage(
            first.partition(),
            first.bucket(),
            first.totalBuckets(),
            List.of(),
            List.of(),
            first.newFiles(),
            compacted.newFiles(),
            change.newIndexFiles(),
            change.deletedIndexFiles());

    Snapshot snapshot = commit(compaction);

    assertThat(snapshot.commitKind()).isEqualTo(CommitKind.COMPACT);
    assertThat(liveIndex()).isEmpty();
    assertThat(ids()).containsExactly(0L, 1L, 2L, 3L);
  }

  @Test
  void anOverwriteDropsTheVectorsOfWhatItReplaces() {
    BucketDeletionVectors vectors = load();
    vectors.delete(fileName(), 4);
    commit(message(List.of(), List.of(), vectors.write(indexFiles())));

    table.newCommit("u").truncate();

    assertThat(table.snapshotManager().latest().indexManifest()).isNull();
    TableTestSupport.append(table, rows(0, 3));
    assertThat(ids()).containsExactly(0L, 1L, 2L);
  }

  @Test
  void twoMessagesChangingOneBucketsVectorsFail() {
    BucketDeletionVectors a = load();
    a.delete(fileName(), 1);
    BucketDeletionVectors b = load();
    b.delete(fileName(), 2);
    CommitMessage ma = message(List.of(), List.of(), a.write(indexFiles()));
    CommitMessage mb = message(List.of(), List.of(), b.write(indexFiles()));

    assertThatThrownBy(
            () -> new FileStoreCommit(table, "u").commit(List.of(ma, mb), CommitKind.APPEND))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("two tasks of one write changed the deletion vectors of bucket 0");
    assertThat(ids()).hasSize(10);
  }

  @Test
  void expirationKeepsTheVectorFilesOfRetainedSnapshotsAndTags() throws IOException {
    BucketDeletionVectors first = load();
    first.delete(fileName(), 1);
    commit(message(List.of(), List.of(), first.write(indexFiles())));
    table.tagManager().create("t2", Tag.of(table.snapshotManager().latest()));
    String tagged = liveIndex().get(0).indexFile().fileName();
    BucketDeletionVectors second = load();
    second.delete(fileName(), 2);
    commit(message(List.of(), List.of(), second.write(indexFiles())));
    String dropped = liveIndex().get(0).indexFile().fileName();
    BucketDeletionVectors third = load();
    third.delete(fileName(), 3);
    commit(message(List.of(), List.of(), third.write(indexFiles())));
    String latest = liveIndex().get(0).indexFile().fileName();
    assertThat(indexDirectory()).containsExactlyInAnyOrder(tagged, dropped, latest);

    new SnapshotExpiration(table).expire(new ExpireConfig(1, 1, Long.MAX_VALUE, 50));

    assertThat(indexDirectory()).containsExactlyInAnyOrder(tagged, latest);
    assertThat(ids()).containsExactly(0L, 4L, 5L, 6L, 7L, 8L, 9L);
  }
}

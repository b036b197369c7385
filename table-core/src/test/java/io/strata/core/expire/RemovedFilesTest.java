package io.strata.core.expire;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.data.BinaryRow;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.FileKind;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.manifest.SizedDataFiles;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which files a snapshot's delta removes from disk: a file it deletes at one level and adds at
 * another (Paimon's compaction moving it up without a rewrite) stays.
 */
class RemovedFilesTest {

  private static ManifestEntry entry(FileKind kind, DataFileMeta file) {
    return new ManifestEntry(kind, BinaryRow.EMPTY, 0, 1, file);
  }

  @Test
  void aFileMovedToAnotherLevelIsNotRemoved() {
    DataFileMeta a = SizedDataFiles.file("data-a.parquet", 100, 0, 1, 1);
    DataFileMeta b = SizedDataFiles.file("data-b.parquet", 100, 0, 2, 2);
    List<ManifestEntry> delta =
        List.of(
            entry(FileKind.DELETE, a),
            entry(FileKind.DELETE, b),
            entry(FileKind.ADD, a.withLevel(5)),
            entry(FileKind.ADD, SizedDataFiles.file("data-c.parquet", 200, 5, 1, 2)));
    assertThat(SnapshotExpiration.removedFiles(delta))
        .extracting(e -> e.file().fileName())
        .containsExactly("data-b.parquet");
  }

  @Test
  void aFileAddedThenDeletedInOneDeltaIsRemoved() {
    DataFileMeta a = SizedDataFiles.file("data-a.parquet", 100, 0, 1, 1);
    assertThat(
            SnapshotExpiration.removedFiles(
                List.of(entry(FileKind.ADD, a), entry(FileKind.DELETE, a))))
        .extracting(e -> e.file().fileName())
        .containsExactly("data-a.parquet");
  }

  @Test
  void theSameNameInAnotherBucketIsAnotherFile() {
    DataFileMeta a = SizedDataFiles.file("data-a.parquet", 100, 0, 1, 1);
    List<ManifestEntry> delta =
        List.of(
            entry(FileKind.DELETE, a),
            new ManifestEntry(FileKind.ADD, BinaryRow.EMPTY, 1, 2, a.withLevel(5)));
    assertThat(SnapshotExpiration.removedFiles(delta)).hasSize(1);
  }
}

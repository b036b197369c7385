package io.strata.core.deletion;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.GoldenFiles;
import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.io.HadoopFileIO;
import io.strata.core.manifest.IndexFileMeta;
import io.strata.core.manifest.IndexManifestEntry;
import io.strata.core.paths.TablePaths;
import io.strata.core.table.FileStoreTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Deletion-vector index files as Paimon 1.3.1 writes them, checked against its golden tables. */
class DeletionVectorIndexFileTest {

  @TempDir Path dir;

  private DeletionVectorIndexFile files() {
    return new DeletionVectorIndexFile(
        HadoopFileIO.local(),
        io.strata.core.paths.IndexFilePaths.inIndexDirectory(
            new TablePaths(new org.apache.hadoop.fs.Path(dir.toUri()))));
  }

  private static FileStoreTable golden(String name) {
    return new WarehouseCatalog(
            HadoopFileIO.local(),
            new org.apache.hadoop.fs.Path(GoldenFiles.dir().resolve("warehouse").toUri()))
        .loadTable(new Identifier("golden", name));
  }

  private static List<IndexManifestEntry> liveEntries(FileStoreTable table) {
    return table
        .manifestFiles()
        .readIndexManifest(table.snapshotManager().latest().indexManifest());
  }

  @Test
  void rewritingPaimonsPrimaryKeyVectorsGivesItsBytes() throws Exception {
    FileStoreTable table = golden("pk_deletion_vectors");
    DeletionVectorIndexFile golden =
        new DeletionVectorIndexFile(table.fileIO(), table.indexFilePaths());
    List<IndexManifestEntry> entries = liveEntries(table);
    assertThat(entries).isNotEmpty();
    for (IndexManifestEntry e : entries) {
      Map<String, DeletionBitmap> vectors = new LinkedHashMap<>();
      golden
          .readAll(e.partition(), e.bucket(), e.indexFile())
          .forEach((f, v) -> vectors.put(f, DeletionBitmap.copyOf(v)));

      IndexFileMeta written = files().write(io.strata.core.data.BinaryRow.EMPTY, 0, vectors);

      byte[] paimons =
          table.fileIO().readBytes(golden.path(e.partition(), e.bucket(), e.indexFile()));
      assertThat(
              Files.readAllBytes(
                  Path.of(files().path(io.strata.core.data.BinaryRow.EMPTY, 0, written).toUri())))
          .isEqualTo(paimons);
      assertThat(written.fileSize()).isEqualTo(e.indexFile().fileSize());
      assertThat(written.rowCount()).isEqualTo(e.indexFile().rowCount());
      assertThat(written.deletionVectorRanges()).isEqualTo(e.indexFile().deletionVectorRanges());
      assertThat(written.indexType()).isEqualTo(IndexFileMeta.DELETION_VECTORS);
      assertThat(written.fileName()).matches("index-[0-9a-f-]{36}-0");
    }
  }

  @Test
  void rewritingPaimonsAppendVectorsKeepsEveryPosition() {
    FileStoreTable table = golden("append_deletion_vectors");
    DeletionVectorIndexFile golden =
        new DeletionVectorIndexFile(table.fileIO(), table.indexFilePaths());
    for (IndexManifestEntry e : liveEntries(table)) {
      Map<String, DeletionVector> paimons =
          golden.readAll(e.partition(), e.bucket(), e.indexFile());
      Map<String, DeletionBitmap> vectors = new LinkedHashMap<>();
      paimons.forEach((f, v) -> vectors.put(f, DeletionBitmap.copyOf(v)));

      IndexFileMeta written = files().write(io.strata.core.data.BinaryRow.EMPTY, 0, vectors);

      DeletionVectorReader reader = new DeletionVectorReader(HadoopFileIO.local());
      String path = files().path(io.strata.core.data.BinaryRow.EMPTY, 0, written).toString();
      for (IndexFileMeta.DeletionVectorRange r : written.deletionVectorRanges()) {
        DeletionVector back =
            reader.read(new DeletionFile(path, r.offset(), r.length(), r.cardinality()));
        assertThat(DeletionBitmap.copyOf(back))
            .isEqualTo(DeletionBitmap.copyOf(paimons.get(r.dataFileName())));
        assertThat(r.cardinality()).isEqualTo(back.cardinality());
      }
    }
  }

  @Test
  void severalVectorsFollowOneAnotherInNameOrder() {
    Map<String, DeletionBitmap> vectors = new LinkedHashMap<>();
    vectors.put("data-b.parquet", DeletionBitmap.of(1, 2, 3));
    vectors.put("data-a.parquet", DeletionBitmap.of(70_000));
    vectors.put("data-empty.parquet", new DeletionBitmap());

    IndexFileMeta written = files().write(io.strata.core.data.BinaryRow.EMPTY, 0, vectors);

    List<IndexFileMeta.DeletionVectorRange> ranges = written.deletionVectorRanges();
    assertThat(ranges)
        .extracting(IndexFileMeta.DeletionVectorRange::dataFileName)
        .containsExactly("data-a.parquet", "data-b.parquet");
    assertThat(ranges.get(0).offset()).isEqualTo(1);
    // A block: length prefix, magic and bitmap, CRC.
    assertThat(ranges.get(1).offset()).isEqualTo(1 + 4 + ranges.get(0).length() + 4);
    assertThat(ranges.get(1).cardinality()).isEqualTo(3L);
    assertThat(written.rowCount()).isEqualTo(2);
    assertThat(written.fileSize())
        .isEqualTo(ranges.get(1).offset() + 4 + ranges.get(1).length() + 4);
    Map<String, DeletionVector> back =
        files().readAll(io.strata.core.data.BinaryRow.EMPTY, 0, written);
    assertThat(back.get("data-b.parquet").isDeleted(2)).isTrue();
    assertThat(back.get("data-a.parquet").isDeleted(70_000)).isTrue();
    assertThat(back.get("data-a.parquet").cardinality()).isEqualTo(1);
  }

  @Test
  void nothingLeftWritesNoFile() throws Exception {
    assertThat(
            files()
                .write(
                    io.strata.core.data.BinaryRow.EMPTY,
                    0,
                    Map.of("data-a.parquet", new DeletionBitmap())))
        .isNull();
    assertThat(Files.exists(dir.resolve("index"))).isFalse();
  }
}

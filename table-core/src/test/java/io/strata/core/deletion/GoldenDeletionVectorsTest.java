package io.strata.core.deletion;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.GoldenFiles;
import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.format.CloseableIterator;
import io.strata.core.format.GoldenRows;
import io.strata.core.format.ParquetRowReader;
import io.strata.core.io.HadoopFileIO;
import io.strata.core.levels.CompactStrategy;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.FileKind;
import io.strata.core.manifest.IndexFileMeta;
import io.strata.core.manifest.IndexManifestCodec;
import io.strata.core.manifest.IndexManifestEntry;
import io.strata.core.read.TableRead;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.split.BucketGroup;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.avro.file.DataFileStream;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Index manifests and deletion-vector files written by real Paimon 1.3.1. */
class GoldenDeletionVectorsTest {

  private static FileStoreTable golden(Path warehouse, String name) {
    return new WarehouseCatalog(
            HadoopFileIO.local(), new org.apache.hadoop.fs.Path(warehouse.toUri()))
        .loadTable(new Identifier("golden", name));
  }

  private static FileStoreTable golden(String name) {
    return golden(GoldenFiles.dir().resolve("warehouse"), name);
  }

  @Test
  void indexManifestSchemaEqualsPaimons() throws Exception {
    FileStoreTable table = golden("pk_deletion_vectors");
    byte[] bytes = Files.readAllBytes(indexManifest(table));
    try (DataFileStream<GenericRecord> in =
        new DataFileStream<>(new ByteArrayInputStream(bytes), new GenericDatumReader<>())) {
      assertThat(in.getSchema()).isEqualTo(IndexManifestCodec.schema());
    }
  }

  @Test
  void indexManifestRoundTrips() throws Exception {
    FileStoreTable table = golden("pk_deletion_vectors");
    List<IndexManifestEntry> entries =
        IndexManifestCodec.read(Files.readAllBytes(indexManifest(table)));
    assertThat(entries).isNotEmpty();
    for (IndexManifestEntry e : entries) {
      assertThat(e.kind()).isEqualTo(FileKind.ADD);
      assertThat(e.indexFile().indexType()).isEqualTo(IndexFileMeta.DELETION_VECTORS);
      assertThat(e.indexFile().deletionVectorRanges()).isNotEmpty();
    }
    assertThat(IndexManifestCodec.read(IndexManifestCodec.write(entries, "zstd")))
        .isEqualTo(entries);
  }

  @Test
  void vectorsHoldTheirRecordedCardinalities() {
    FileStoreTable table = golden("pk_deletion_vectors");
    DeletionVectorReader reader = new DeletionVectorReader(table.fileIO());
    List<IndexManifestEntry> entries =
        table.manifestFiles().readIndexManifest(table.snapshotManager().latest().indexManifest());
    for (IndexManifestEntry e : entries) {
      for (IndexFileMeta.DeletionVectorRange r : e.indexFile().deletionVectorRanges()) {
        String path = table.paths().indexFile(e.indexFile().fileName()).toString();
        DeletionVector dv =
            reader.read(new DeletionFile(path, r.offset(), r.length(), r.cardinality()));
        assertThat(dv.cardinality()).isEqualTo(r.cardinality());
      }
      // An index file's row count is the number of data files it holds vectors for.
      assertThat(e.indexFile().deletionVectorRanges()).hasSize((int) e.indexFile().rowCount());
    }
  }

  /** Keys 5 and 50 were updated and key 7 deleted: their old rows are the deleted positions. */
  @Test
  void deletedPositionsAreTheReplacedAndDeletedKeys() throws Exception {
    FileStoreTable table = golden("pk_deletion_vectors");
    List<DataSplit> splits = table.newScan().plan(table.snapshotManager().latest()).splits();
    DeletionVectorReader reader = new DeletionVectorReader(table.fileIO());
    Set<Long> deletedKeys = new TreeSet<>();
    RowType keyOnly = new RowType(List.of(new DataField(0, "id", DataTypes.BIGINT())));
    for (DataSplit split : splits) {
      assertThat(split.deletionFiles()).hasSameSizeAs(split.files());
      for (int i = 0; i < split.files().size(); i++) {
        DataFileMeta file = split.files().get(i);
        assertThat(file.level()).isPositive();
        DeletionVector dv = reader.read(split.deletionFile(i));
        org.apache.hadoop.fs.Path path =
            table.dataFilePaths().of(split.partition(), split.bucket(), file.fileName(), null);
        try (ParquetRowReader rows =
            ParquetRowReader.open(table.fileIO().fileSystem(path), path, keyOnly)) {
          for (long position = 0; rows.hasNext(); position++) {
            Object[] row = rows.next();
            if (dv.isDeleted(position)) {
              deletedKeys.add((Long) row[0]);
            }
          }
        }
      }
    }
    assertThat(deletedKeys).containsExactly(5L, 7L, 50L);
  }

  /**
   * The same splits read through a merge: the merge must apply the vectors too, or keys whose last
   * delete compaction dropped (hidden only by a vector) would come back.
   */
  @Test
  void mergeReadsApplyVectorsToo() throws Exception {
    FileStoreTable table = golden("pk_deletion_vectors_levels");
    Snapshot latest = table.snapshotManager().latest();
    List<String> merged = new ArrayList<>();
    for (DataSplit s : table.newScan().plan(latest).splits()) {
      DataSplit forced =
          new DataSplit(
              s.snapshotId(),
              s.partition(),
              s.bucket(),
              s.totalBuckets(),
              s.files(),
              false,
              s.deletionFiles());
      try (CloseableIterator<Object[]> rows =
          TableRead.open(table, forced, table.schema().rowType())) {
        rows.forEachRemaining(r -> merged.add(GoldenRows.render(table.schema().rowType(), r)));
      }
    }
    merged.sort(null);
    List<String> expected =
        Files.readAllLines(
            GoldenFiles.dir().resolve("expected/pk_deletion_vectors_levels/latest.tsv"));
    assertThat(merged).containsExactlyElementsOf(expected.subList(1, expected.size()));
  }

  /** A bucket read as one sorted run (storage-partitioned joins) keeps its file's vector. */
  @Test
  void sortedRunsKeepEachFilesVector() {
    FileStoreTable table = golden("pk_deletion_vectors_levels");
    int runs = 0;
    for (DataSplit s : table.newScan().plan(table.snapshotManager().latest()).splits()) {
      for (int i = 0; i < s.files().size(); i++) {
        if (s.deletionFile(i) == null) {
          continue;
        }
        DataSplit alone =
            new DataSplit(
                s.snapshotId(),
                s.partition(),
                s.bucket(),
                s.totalBuckets(),
                List.of(s.files().get(i)),
                true,
                List.of(s.deletionFile(i)));
        DataSplit run =
            BucketGroup.of(List.of(alone))
                .get(0)
                .asSortedRun(table.schema().trimmedPrimaryKeyType())
                .orElseThrow()
                .splits()
                .get(0);
        assertThat(run.deletionFiles()).containsExactly(s.deletionFile(i));
        runs++;
      }
    }
    assertThat(runs).isPositive();
  }

  /**
   * A full compaction of a key table Paimon wrote with deletion vectors reads its files with their
   * vectors, rewrites them into the top level and drops every vector: the rows stay as they were.
   */
  @Test
  void aFullCompactionRewritesTheFilesWithVectorsAndDropsThem(@TempDir Path tmp) throws Exception {
    GoldenFiles.copyTable("pk_deletion_vectors", tmp);
    FileStoreTable table = golden(tmp, "pk_deletion_vectors");
    List<String> before = sortedRows(table);
    Snapshot compacted = table.newCommit("u").compact(null, CompactStrategy.FULL);
    assertThat(
            DeletionFileIndex.of(compacted, table.manifestFiles(), table.indexFilePaths())
                .isEmpty())
        .isTrue();
    assertThat(table.newScan().plan(compacted).splits())
        .flatExtracting(DataSplit::files)
        .extracting(DataFileMeta::level)
        .containsOnly(5);
    assertThat(sortedRows(table)).isEqualTo(before);
  }

  private static List<String> sortedRows(FileStoreTable table) throws Exception {
    List<String> rows = new ArrayList<>();
    for (DataSplit split : table.newScan().plan(table.snapshotManager().latest()).splits()) {
      try (CloseableIterator<Object[]> it =
          TableRead.open(table, split, table.schema().rowType())) {
        it.forEachRemaining(r -> rows.add(Arrays.toString(r)));
      }
    }
    rows.sort(null);
    return rows;
  }

  /** A truncate replaces every file, so the next snapshot keeps none of the vectors. */
  @Test
  void truncateDropsTheVectors(@TempDir Path tmp) throws Exception {
    GoldenFiles.copyTable("pk_deletion_vectors", tmp);
    FileStoreTable table = golden(tmp, "pk_deletion_vectors");
    Snapshot truncated = table.newCommit("u").truncate();
    assertThat(truncated.indexManifest()).isNull();
    assertThat(table.newScan().plan(truncated).splits()).isEmpty();
  }

  private static long fileCount(Path dir) throws Exception {
    try (var files = Files.walk(dir)) {
      return files.filter(Files::isRegularFile).count();
    }
  }

  private static Path indexManifest(FileStoreTable table) {
    String name = table.snapshotManager().latest().indexManifest();
    return GoldenFiles.goldenTable("pk_deletion_vectors").resolve("manifest").resolve(name);
  }
}

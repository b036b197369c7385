package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.deletion.DeletionBitmap;
import io.strata.core.deletion.DeletionFile;
import io.strata.core.deletion.DeletionVector;
import io.strata.core.deletion.DeletionVectorIndexFile;
import io.strata.core.deletion.DeletionVectorReader;
import io.strata.core.io.HadoopFileIO;
import io.strata.core.manifest.IndexFileMeta;
import io.strata.core.paths.TablePaths;
import io.strata.it.SparkSessionSuite.Database;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.apache.paimon.index.DeletionVectorMeta;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.manifest.IndexManifestEntry;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.source.DataSplit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Append tables with {@code 'deletion-vectors.bitmap64' = 'true'}: Apache Paimon 1.3.1's 64-bit
 * vectors read in Strata on both read paths and are byte-for-byte what Strata writes; Strata's
 * deletions are 64-bit vectors Paimon reads.
 */
@Database(Bitmap64DeletionVectorTest.DB)
class Bitmap64DeletionVectorTest extends SparkSessionSuite {

  static final String DB = "dv_bitmap64";
  private static final String COLUMNAR = "spark.strata.read.columnar.enabled";
  private static final int MAGIC64 = 1681511377;

  private static void create(String name) {
    String table = "strata." + DB + "." + name;
    spark.sql(
        "CREATE TABLE "
            + table
            + " (p STRING, id INT, v STRING) PARTITIONED BY (p) TBLPROPERTIES"
            + " ('deletion-vectors.enabled' = 'true', 'deletion-vectors.bitmap64' = 'true')");
    spark.sql(
        "INSERT INTO "
            + table
            + " SELECT IF(id < 6000, 'a', 'b'), CAST(id AS INT), CONCAT('v', id)"
            + " FROM range(0, 10000, 1, 1)");
  }

  /** Strata's rows, on the columnar path and on the row path (which must agree). */
  private static List<String> strataRows(String name) {
    String query = "SELECT * FROM strata." + DB + "." + name;
    try {
      spark.conf().set(COLUMNAR, "true");
      List<String> columnar = CanonicalRows.spark(spark.sql(query).collectAsList());
      spark.conf().set(COLUMNAR, "false");
      List<String> rows = CanonicalRows.spark(spark.sql(query).collectAsList());
      assertThat(rows).as("row path").isEqualTo(columnar);
      return columnar;
    } finally {
      spark.conf().unset(COLUMNAR);
    }
  }

  private static List<IndexManifestEntry> vectors(FileStoreTable table) {
    return table.store().newIndexFileHandler().scanEntries().stream()
        .filter(e -> e.indexFile().indexType().equals("DELETION_VECTORS"))
        .toList();
  }

  private static Path indexFile(String name, IndexManifestEntry e) {
    return warehouse
        .resolve(DB + ".db")
        .resolve(name)
        .resolve("index")
        .resolve(e.indexFile().fileName());
  }

  private static DataSplit split(FileStoreTable table, String partition) {
    return PaimonDeletions.splits(table).stream()
        .filter(s -> s.partition().getString(0).toString().equals(partition))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void paimonsVectorsReadInStrataAndStrataWritesTheirBytes(@TempDir Path out) throws Exception {
    create("from_paimon");
    FileStoreTable table = paimon.table(DB, "from_paimon");
    DataSplit a = split(table, "a");
    DataFileMeta file = a.dataFiles().get(0);
    // A run (a run container), scattered rows (array) and a dense stretch (bitmap container).
    List<Long> positions = new ArrayList<>();
    LongStream.range(0, 100).forEach(positions::add);
    LongStream.range(200, 5000).filter(p -> p % 7 == 0).forEach(positions::add);
    LongStream.range(5000, file.rowCount()).filter(p -> p % 3 != 0).forEach(positions::add);
    PaimonDeletions.deleteRows(table, a, file, positions);

    List<String> expected = PaimonOracle.rows(paimon.table(DB, "from_paimon"));
    assertThat(expected).hasSize(10_000 - positions.size());
    assertThat(strataRows("from_paimon")).containsExactlyElementsOf(expected);

    List<IndexManifestEntry> entries = vectors(paimon.table(DB, "from_paimon"));
    assertThat(entries).hasSize(1);
    IndexManifestEntry entry = entries.get(0);
    byte[] paimons = Files.readAllBytes(indexFile("from_paimon", entry));
    DeletionVectorMeta meta = entry.indexFile().dvRanges().get(file.fileName());
    assertThat(
            ByteBuffer.wrap(paimons, meta.offset() + 4, 4).order(ByteOrder.LITTLE_ENDIAN).getInt())
        .as("Paimon wrote a 64-bit vector")
        .isEqualTo(MAGIC64);

    DeletionVector read =
        new DeletionVectorReader(HadoopFileIO.local())
            .read(
                new DeletionFile(
                    indexFile("from_paimon", entry).toString(),
                    meta.offset(),
                    meta.length(),
                    meta.cardinality()));
    assertThat(read.cardinality()).isEqualTo(positions.size());
    Map<String, DeletionBitmap> rewrite = new LinkedHashMap<>();
    rewrite.put(file.fileName(), DeletionBitmap.copyOf(read));
    DeletionVectorIndexFile files =
        new DeletionVectorIndexFile(
            HadoopFileIO.local(),
            io.strata.core.paths.IndexFilePaths.inIndexDirectory(
                new TablePaths(new org.apache.hadoop.fs.Path(out.toUri()))),
            true);
    IndexFileMeta written = files.write(io.strata.core.data.BinaryRow.EMPTY, 0, rewrite);
    assertThat(
            Files.readAllBytes(
                Path.of(files.path(io.strata.core.data.BinaryRow.EMPTY, 0, written).toUri())))
        .isEqualTo(paimons);
    IndexFileMeta.DeletionVectorRange range = written.deletionVectorRanges().get(0);
    assertThat(range.offset()).isEqualTo(meta.offset());
    assertThat(range.length()).isEqualTo(meta.length());
    assertThat(range.cardinality()).isEqualTo(meta.cardinality());
  }

  @Test
  void strataDeletionsAre64BitVectorsPaimonReads() throws Exception {
    create("from_strata");
    spark.sql(
        "DELETE FROM strata." + DB + ".from_strata WHERE id % 10 = 3 OR id BETWEEN 100 AND 300");
    List<String> strata = strataRows("from_strata");
    assertThat(strata).hasSize(10_000 - 1000 - 181).doesNotContain("a | 13 | v13");
    FileStoreTable table = paimon.table(DB, "from_strata");
    assertThat(PaimonOracle.rows(table)).containsExactlyElementsOf(strata);
    for (IndexManifestEntry e : vectors(table)) {
      byte[] bytes = Files.readAllBytes(indexFile("from_strata", e));
      for (DeletionVectorMeta m : e.indexFile().dvRanges().values()) {
        assertThat(
                ByteBuffer.wrap(bytes, m.offset() + 4, 4).order(ByteOrder.LITTLE_ENDIAN).getInt())
            .isEqualTo(MAGIC64);
      }
    }

    // Paimon adds deletions on top of Strata's 64-bit vector, then Strata deletes more again.
    DataSplit b = split(table, "b");
    DataFileMeta file = b.dataFiles().get(0);
    PaimonDeletions.deleteRows(table, b, file, List.of(0L, 1L, 2L));
    List<String> afterPaimon = PaimonOracle.rows(paimon.table(DB, "from_strata"));
    assertThat(afterPaimon).hasSize(strata.size() - 3);
    assertThat(strataRows("from_strata")).containsExactlyElementsOf(afterPaimon);

    spark.sql("DELETE FROM strata." + DB + ".from_strata WHERE p = 'b' AND id % 10 = 4");
    List<String> last = strataRows("from_strata");
    assertThat(last).hasSize(afterPaimon.size() - 400);
    assertThat(PaimonOracle.rows(paimon.table(DB, "from_strata"))).containsExactlyElementsOf(last);
  }
}

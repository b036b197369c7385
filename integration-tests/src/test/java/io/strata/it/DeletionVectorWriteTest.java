package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.it.SparkSessionSuite.Database;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.manifest.IndexManifestEntry;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.source.DataSplit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DELETE, UPDATE and MERGE on append tables with deletion vectors mark rows in vectors instead of
 * rewriting files; Apache Paimon 1.3.1 reads exactly the rows Strata reads, both ways: Strata's
 * vectors in Paimon, Paimon's vectors in Strata, and Strata's deletions on top of Paimon's.
 */
@Database(DeletionVectorWriteTest.DB)
class DeletionVectorWriteTest extends SparkSessionSuite {

  static final String DB = "dv_write";

  private static List<String> strataRows(String table) {
    return CanonicalRows.spark(spark.sql("SELECT * FROM " + table).collectAsList());
  }

  private static List<String> dataFiles(String name) throws IOException {
    try (Stream<Path> files = Files.walk(warehouse.resolve(DB + ".db").resolve(name))) {
      return files
          .map(p -> p.getFileName().toString())
          .filter(n -> n.startsWith("data-") && !n.endsWith(".crc"))
          .sorted()
          .toList();
    }
  }

  private static List<IndexManifestEntry> vectors(FileStoreTable table) {
    return table.store().newIndexFileHandler().scanEntries().stream()
        .filter(e -> e.indexFile().indexType().equals("DELETION_VECTORS"))
        .toList();
  }

  private static void create(String table, String extraProperties) {
    spark.sql(
        "CREATE TABLE "
            + table
            + " (p STRING, id INT, v STRING) PARTITIONED BY (p) TBLPROPERTIES"
            + " ('deletion-vectors.enabled' = 'true'"
            + extraProperties
            + ")");
    spark.sql(
        "INSERT INTO "
            + table
            + " SELECT IF(id < 60, 'a', 'b'), CAST(id AS INT), CONCAT('v', id)"
            + " FROM range(0, 100, 1, 2)");
  }

  @Test
  void deleteUpdateAndMergeMarkRowsThatPaimonSkips() throws IOException {
    String table = "strata." + DB + ".unaware";
    create(table, "");
    List<String> before = dataFiles("unaware");

    spark.sql("DELETE FROM " + table + " WHERE id % 10 = 3");
    assertThat(dataFiles("unaware")).as("no data file written or rewritten").isEqualTo(before);
    assertThat(strataRows(table)).hasSize(90).doesNotContain("a | 13 | v13");
    assertThat(PaimonOracle.rows(paimon.table(DB, "unaware")))
        .containsExactlyElementsOf(strataRows(table));

    spark.sql("UPDATE " + table + " SET v = 'u' WHERE id BETWEEN 50 AND 64");
    spark.sql(
        "MERGE INTO "
            + table
            + " t USING (SELECT CAST(id AS INT) id FROM range(95, 105)) s ON t.id = s.id"
            + " WHEN MATCHED AND t.id = 99 THEN DELETE"
            + " WHEN MATCHED THEN UPDATE SET v = 'm'"
            + " WHEN NOT MATCHED THEN INSERT (p, id, v) VALUES ('c', s.id, 'new')");
    List<String> strata = strataRows(table);
    assertThat(strata)
        .hasSize(94)
        .contains("a | 50 | u", "b | 64 | u", "b | 96 | m", "c | 104 | new")
        .doesNotContain("b | 99 | v99", "a | 53 | u", "b | 63 | u", "a | 50 | v50");
    FileStoreTable paimonTable = paimon.table(DB, "unaware");
    assertThat(PaimonOracle.rows(paimonTable)).containsExactlyElementsOf(strata);
    // One vector file per partition bucket the statements touched, none for the new partition c.
    assertThat(vectors(paimonTable)).extracting(e -> e.bucket()).containsOnly(0).hasSize(2);

    // Time travel before the deletes still sees every row.
    assertThat(spark.sql("SELECT count(*) FROM " + table + " VERSION AS OF 1").first().getLong(0))
        .isEqualTo(100);
  }

  @Test
  void fixedBucketTablesKeepOneVectorFilePerBucket() {
    String table = "strata." + DB + ".fixed";
    create(table, ", 'bucket' = '2', 'bucket-key' = 'id'");
    spark.sql("DELETE FROM " + table + " WHERE id < 20 OR id > 90");
    spark.sql("DELETE FROM " + table + " WHERE id = 40");
    spark.sql("UPDATE " + table + " SET v = 'x' WHERE id = 41");

    List<String> strata = strataRows(table);
    assertThat(strata).hasSize(70).contains("a | 41 | x").doesNotContain("a | 40 | v40");
    FileStoreTable paimonTable = paimon.table(DB, "fixed");
    assertThat(PaimonOracle.rows(paimonTable)).containsExactlyElementsOf(strata);
    assertThat(vectors(paimonTable))
        .extracting(e -> e.partition().getString(0) + "/" + e.bucket())
        .doesNotHaveDuplicates()
        .hasSizeGreaterThanOrEqualTo(3);
  }

  @Test
  void compactionDropsDeletedRowsAndTheirVectors() {
    String table = "strata." + DB + ".compacted";
    create(table, "");
    spark.sql("INSERT INTO " + table + " VALUES ('a', 1000, 'late')");
    spark.sql("DELETE FROM " + table + " WHERE id % 2 = 0");
    List<String> before = strataRows(table);

    spark.sql("CALL sys.compact(table => '" + DB + ".compacted')");

    assertThat(strataRows(table)).containsExactlyElementsOf(before);
    FileStoreTable paimonTable = paimon.table(DB, "compacted");
    assertThat(vectors(paimonTable)).isEmpty();
    assertThat(PaimonOracle.rows(paimonTable)).containsExactlyElementsOf(before);
  }

  @Test
  void paimonsVectorsAndStrataDeletionsCombine() throws Exception {
    String table = "strata." + DB + ".mixed";
    create(table, "");
    FileStoreTable paimonTable = paimon.table(DB, "mixed");
    DataSplit a = split(paimonTable, "a");
    DataFileMeta file = a.dataFiles().get(0);
    PaimonDeletions.deleteRows(paimonTable, a, file, List.of(0L, 1L, 2L));
    List<String> afterPaimon = PaimonOracle.rows(paimon.table(DB, "mixed"));
    assertThat(afterPaimon).hasSize(97);
    assertThat(strataRows(table)).containsExactlyElementsOf(afterPaimon);

    spark.sql("DELETE FROM " + table + " WHERE p = 'a' AND id % 5 = 4");
    List<String> strata = strataRows(table);
    assertThat(strata).hasSize(85);
    assertThat(PaimonOracle.rows(paimon.table(DB, "mixed"))).containsExactlyElementsOf(strata);

    PaimonDeletions.deleteRows(
        paimon.table(DB, "mixed"), split(paimon.table(DB, "mixed"), "a"), file, List.of(3L));
    List<String> last = PaimonOracle.rows(paimon.table(DB, "mixed"));
    assertThat(last).hasSize(strata.size() - 1);
    assertThat(strataRows(table)).containsExactlyElementsOf(last);
  }

  @Test
  void strataDeletesMoreOfATablePaimonWroteVectorsFor(@TempDir Path copy) throws Exception {
    GoldenTables.copy("append_deletion_vectors", copy);
    spark.conf().set("spark.sql.catalog.dv_golden_w", TestSpark$.MODULE$.CatalogClass());
    spark.conf().set("spark.sql.catalog.dv_golden_w.warehouse", copy.toString());
    String table = "dv_golden_w." + GoldenTables.DB + ".append_deletion_vectors";
    try (PaimonOracle golden = new PaimonOracle(copy)) {
      FileStoreTable paimonTable = golden.table(GoldenTables.DB, "append_deletion_vectors");
      List<String> before = strataRows(table);
      assertThat(before).containsExactlyElementsOf(PaimonOracle.rows(paimonTable));

      spark.sql("DELETE FROM " + table + " WHERE (p = 'a' AND id >= 9000) OR (p = 'b' AND id < 3)");

      List<String> expected =
          before.stream()
              .filter(
                  r -> {
                    String[] f = r.split(" \\| ");
                    int id = Integer.parseInt(f[1]);
                    return !(f[0].equals("a") && id >= 9000 || f[0].equals("b") && id < 3);
                  })
              .toList();
      assertThat(expected).hasSizeLessThan(before.size() - 800);
      assertThat(strataRows(table)).containsExactlyElementsOf(expected);
      assertThat(PaimonOracle.rows(golden.table(GoldenTables.DB, "append_deletion_vectors")))
          .containsExactlyElementsOf(expected);
    }
  }

  private static DataSplit split(FileStoreTable table, String partition) {
    for (DataSplit s : PaimonDeletions.splits(table)) {
      if (s.partition().getString(0).toString().equals(partition)) {
        return s;
      }
    }
    throw new IllegalStateException("no partition " + partition);
  }
}

package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.it.SparkSessionSuite.Database;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.manifest.IndexManifestEntry;
import org.apache.paimon.table.BucketMode;
import org.apache.paimon.table.FileStoreTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Dynamic-bucket primary-key tables ('bucket' = -1) written in turn by Strata through Spark SQL and
 * by Paimon 1.3.1's Java API with its hash bucket assigner: each reads the other's rows, and no key
 * ever shows twice, which proves both keep and follow the same hash index.
 */
@Database(DynamicBucketInteropTest.DB)
class DynamicBucketInteropTest extends SparkSessionSuite {

  static final String DB = "dyn_interop";

  private static List<String> strataRows(String table) {
    return CanonicalRows.spark(spark.sql("SELECT * FROM " + table).collectAsList());
  }

  /** Rows in Paimon's rendering, checking that no (partition, key) shows twice. */
  private static List<String> paimonRows(String name, int keyColumns) {
    List<String> rows = PaimonOracle.rows(paimon.table(DB, name));
    Set<String> keys = new HashSet<>();
    for (String row : rows) {
      String key = String.join(",", List.of(row.split(" \\| ", -1)).subList(0, keyColumns));
      assertThat(keys.add(key)).as("key %s read twice by Paimon", key).isTrue();
    }
    return rows;
  }

  private static List<IndexManifestEntry> hashIndex(FileStoreTable table) {
    return table.store().newIndexFileHandler().scanEntries().stream()
        .filter(e -> e.indexFile().indexType().equals("HASH"))
        .toList();
  }

  private static List<InternalRow> paimonUpserts(String dt, int from, int to, String v) {
    List<InternalRow> rows = new ArrayList<>();
    for (long id = from; id < to; id++) {
      rows.add(GenericRow.of(BinaryString.fromString(dt), id, BinaryString.fromString(v + id)));
    }
    return rows;
  }

  @Test
  void paimonReadsAndUpsertsAPartitionedTableStrataWrote() {
    String table = "strata." + DB + ".s_dyn";
    spark.sql(
        "CREATE TABLE "
            + table
            + " (dt STRING NOT NULL, id BIGINT NOT NULL, v STRING) PARTITIONED BY (dt)"
            + " TBLPROPERTIES ('primary-key' = 'dt,id', 'dynamic-bucket.target-row-num' = '10')");
    // Several input partitions per statement: the write still gives each partition one task.
    spark.sql(
        "INSERT INTO "
            + table
            + " SELECT IF(id < 35, 'a', 'b'), id, CONCAT('x', id)"
            + " FROM range(0, 40, 1, 4)");
    spark.sql("INSERT INTO " + table + " SELECT 'a', id, CONCAT('y', id) FROM range(20, 50, 1, 3)");
    spark.sql("UPDATE " + table + " SET v = 'u' WHERE dt = 'a' AND id % 7 = 0");
    spark.sql("DELETE FROM " + table + " WHERE dt = 'a' AND id BETWEEN 40 AND 44");

    List<String> strata = strataRows(table);
    // a: 0..49 minus 40..44 = 45 keys; b: 35..39 = 5 keys.
    assertThat(strata).hasSize(50);
    FileStoreTable paimonTable = paimon.table(DB, "s_dyn");
    assertThat(paimonTable.bucketMode()).isEqualTo(BucketMode.HASH_DYNAMIC);
    assertThat(paimonRows("s_dyn", 2)).containsExactlyElementsOf(strata);
    // 50 keys of a written (deleted keys stay indexed) fill five buckets of 10; b has one.
    assertThat(hashIndex(paimonTable))
        .extracting(e -> e.bucket() + ":" + e.indexFile().rowCount())
        .hasSize(6)
        .contains("0:10", "4:10", "0:5");

    PaimonOracle.writeDynamicBucket(paimonTable, paimonUpserts("a", 0, 60, "p"));
    PaimonOracle.writeDynamicBucket(paimon.table(DB, "s_dyn"), paimonUpserts("b", 30, 40, "p"));
    List<String> afterPaimon = paimonRows("s_dyn", 2);
    // a: 0..59 = 60 keys; b: 30..39 = 10 keys.
    assertThat(afterPaimon).hasSize(70).contains("a | 3 | p3", "b | 39 | p39");
    assertThat(strataRows(table)).containsExactlyElementsOf(afterPaimon);

    spark.sql("INSERT INTO " + table + " SELECT 'a', id, CONCAT('z', id) FROM range(55, 70, 1, 2)");
    List<String> last = strataRows(table);
    assertThat(last).hasSize(80).contains("a | 3 | p3", "a | 56 | z56", "a | 69 | z69");
    assertThat(paimonRows("s_dyn", 2)).containsExactlyElementsOf(last);
  }

  @Test
  void strataUpsertsAnUnpartitionedTablePaimonWrote(@TempDir Path warehouse) throws Exception {
    // Paimon's hash index spread this table's 250 keys over buckets of 100 (golden/README.md).
    GoldenTables.copy("pk_dynamic_bucket", warehouse);
    spark.conf().set("spark.sql.catalog.dyn_golden", TestSpark$.MODULE$.CatalogClass());
    spark.conf().set("spark.sql.catalog.dyn_golden.warehouse", warehouse.toString());
    String table = "dyn_golden." + GoldenTables.DB + ".pk_dynamic_bucket";
    try (PaimonOracle golden = new PaimonOracle(warehouse)) {
      assertThat(strataRows(table))
          .containsExactlyElementsOf(
              PaimonOracle.rows(golden.table(GoldenTables.DB, "pk_dynamic_bucket")));
      // Keys 150 and 0 live in buckets Paimon chose; 250..299 are new.
      spark.sql(
          "INSERT INTO "
              + table
              + " SELECT id, CONCAT('s', id), CAST(-id AS INT)"
              + " FROM range(0, 300, 3, 4)");
      spark.sql("DELETE FROM " + table + " WHERE id = 150");
      List<String> strata = strataRows(table);
      FileStoreTable paimonTable = golden.table(GoldenTables.DB, "pk_dynamic_bucket");
      List<String> read = PaimonOracle.rows(paimonTable);
      assertThat(read).containsExactlyElementsOf(strata);
      Set<String> ids = new HashSet<>();
      read.forEach(r -> assertThat(ids.add(r.split(" \\| ")[0])).as("id of %s", r).isTrue());
      // 250 keys + 16 new (252..297 by 3) - 150.
      assertThat(read).hasSize(265).contains("0 | s0 | 0", "3 | s3 | -3", "1 | v1 | 1");
      // The 16 new keys fill bucket 2 (50 keys) toward the table's target of 100.
      assertThat(hashIndex(paimonTable))
          .extracting(e -> e.bucket() + ":" + e.indexFile().rowCount())
          .containsExactlyInAnyOrder("0:100", "1:100", "2:66");

      List<InternalRow> upserts = new ArrayList<>();
      for (long id = 290; id < 320; id++) {
        upserts.add(GenericRow.of(id, BinaryString.fromString("p" + id), (int) id));
      }
      PaimonOracle.writeDynamicBucket(paimonTable, upserts);
      List<String> afterPaimon =
          PaimonOracle.rows(golden.table(GoldenTables.DB, "pk_dynamic_bucket"));
      assertThat(strataRows(table)).containsExactlyElementsOf(afterPaimon);
      // 290..319: 291, 294, 297 were Strata's; 27 new keys.
      assertThat(afterPaimon).hasSize(292).contains("297 | p297 | 297");
    }
  }
}

package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.disk.IOManager;
import org.apache.paimon.manifest.IndexManifestEntry;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.BatchWriteBuilder;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.RowKind;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Primary-key tables with deletion vectors written in turn by Strata (Spark SQL: INSERT, UPDATE,
 * DELETE, MERGE, each compacting level 0 up with lookup and marking superseded rows) and by Paimon
 * 1.3.1's Java API: both read identical rows at every snapshot either side committed.
 */
class KeyDeletionVectorsInteropTest {

  private static final String DB = "dv_key_interop";

  private static SparkSession spark;
  private static PaimonOracle paimon;

  @BeforeAll
  static void setUp() throws Exception {
    spark = TestSpark$.MODULE$.session().newSession();
    SparkSession.setActiveSession(spark);
    spark.sql("CREATE DATABASE IF NOT EXISTS strata." + DB);
    paimon = new PaimonOracle(TestSpark$.MODULE$.warehouse());
  }

  @AfterAll
  static void tearDown() throws Exception {
    paimon.close();
  }

  private static List<String> strataRows(String table, Long snapshot) {
    String version = snapshot == null ? "" : " VERSION AS OF " + snapshot;
    return CanonicalRows.spark(spark.sql("SELECT * FROM " + table + version).collectAsList());
  }

  private static List<String> paimonRows(String name, Long snapshot) {
    FileStoreTable table = paimon.table(DB, name);
    if (snapshot != null) {
      table = table.copy(Map.of("scan.snapshot-id", String.valueOf(snapshot)));
    }
    return PaimonOracle.rows(table);
  }

  /** Every snapshot of the table reads the same on both sides; returns the latest id. */
  private static long assertEverySnapshotAgrees(String name) {
    String table = "strata." + DB + "." + name;
    long latest = paimon.table(DB, name).snapshotManager().latestSnapshotId();
    for (long id = 1; id <= latest; id++) {
      assertThat(strataRows(table, id))
          .as("snapshot %s of %s", id, name)
          .isEqualTo(paimonRows(name, id));
    }
    return latest;
  }

  private static List<IndexManifestEntry> deletionVectors(String name) {
    return paimon.table(DB, name).store().newIndexFileHandler().scanEntries().stream()
        .filter(e -> e.indexFile().indexType().equals("DELETION_VECTORS"))
        .toList();
  }

  @Test
  void paimonReadsEverySnapshotOfATableStrataWroteWithDeletionVectors() {
    String table = "strata." + DB + ".by_strata";
    spark.sql(
        "CREATE TABLE "
            + table
            + " (id BIGINT NOT NULL, v STRING, n INT) TBLPROPERTIES ('primary-key' = 'id',"
            + " 'bucket' = '2', 'deletion-vectors.enabled' = 'true')");
    spark.sql("CREATE OR REPLACE TEMPORARY VIEW dv_src AS SELECT id, 'm' AS v FROM range(95, 130)");
    boolean marked = false;
    for (String statement :
        List.of(
            "INSERT INTO {t} SELECT id, CONCAT('a', id), 0 FROM range(0, 100, 1, 2)",
            "INSERT INTO {t} SELECT id, CONCAT('b', id), 1 FROM range(50, 120, 1, 2)",
            "UPDATE {t} SET v = 'u', n = n + 10 WHERE id % 7 = 0",
            "DELETE FROM {t} WHERE id BETWEEN 10 AND 19 OR id = 110",
            "MERGE INTO {t} t USING dv_src s ON t.id = s.id"
                + " WHEN MATCHED AND t.id % 2 = 0 THEN DELETE"
                + " WHEN MATCHED THEN UPDATE SET v = s.v"
                + " WHEN NOT MATCHED THEN INSERT (id, v, n) VALUES (s.id, s.v, 2)")) {
      spark.sql(statement.replace("{t}", table));
      marked |= !deletionVectors("by_strata").isEmpty();
    }

    List<String> rows = strataRows(table, null);
    // 0..129 minus 10..19 and the even ids of 96..118 but 110, which MERGE inserts again.
    assertThat(rows).hasSize(130 - 10 - 11).contains("7 | u | 10", "97 | m | 1", "121 | m | 2");
    assertThat(paimonRows("by_strata", null)).isEqualTo(rows);
    assertThat(marked).as("older rows marked, not merged").isTrue();
    long latest = assertEverySnapshotAgrees("by_strata");
    assertThat(latest).as("each write commits its data, then its compaction").isEqualTo(10);
  }

  /** One batch commit by Paimon, whose lookup compaction needs a local temp directory. */
  private void paimonWrite(List<InternalRow> rows) throws Exception {
    BatchWriteBuilder builder = paimon.table(DB, "by_paimon").newBatchWriteBuilder();
    try (BatchTableWrite write = builder.newWrite();
        BatchTableCommit commit = builder.newCommit()) {
      write.withIOManager(IOManager.create(tmp.toString()));
      for (InternalRow row : rows) {
        write.write(row);
      }
      commit.commit(write.prepareCommit());
    }
  }

  private static InternalRow row(RowKind kind, long id, String v, int n) {
    GenericRow row = GenericRow.of(id, BinaryString.fromString(v), n);
    row.setRowKind(kind);
    return row;
  }

  @TempDir Path tmp;

  @Test
  void strataUpsertsATablePaimonWroteWithDeletionVectors() throws Exception {
    paimon
        .catalog()
        .createTable(
            Identifier.create(DB, "by_paimon"),
            Schema.newBuilder()
                .column("id", DataTypes.BIGINT().notNull())
                .column("v", DataTypes.STRING())
                .column("n", DataTypes.INT())
                .primaryKey("id")
                .option("bucket", "2")
                .option("deletion-vectors.enabled", "true")
                .option("file.format", "parquet")
                .build(),
            false);
    List<InternalRow> first = new ArrayList<>();
    for (long id = 0; id < 60; id++) {
      first.add(row(RowKind.INSERT, id, "p" + id, 0));
    }
    paimonWrite(first);
    paimonWrite(
        List.of(
            row(RowKind.UPDATE_AFTER, 3, "pu", 1),
            row(RowKind.DELETE, 4, "p4", 0),
            row(RowKind.INSERT, 70, "p70", 0)));
    assertThat(deletionVectors("by_paimon")).isNotEmpty();

    String table = "strata." + DB + ".by_paimon";
    assertThat(strataRows(table, null)).isEqualTo(paimonRows("by_paimon", null));
    spark.sql("INSERT INTO " + table + " SELECT id, CONCAT('s', id), 2 FROM range(50, 80, 2)");
    spark.sql("DELETE FROM " + table + " WHERE id IN (3, 5, 70)");
    spark.sql("UPDATE " + table + " SET n = 9 WHERE id = 6");
    List<String> strata = strataRows(table, null);
    // Paimon's 60 keys (0..59 but 4, and 70), 9 new even keys of 60..78, minus 3, 5 and 70.
    assertThat(strata)
        .hasSize(66)
        .contains("6 | p6 | 9", "52 | s52 | 2", "78 | s78 | 2")
        .doesNotContain("3 | pu | 1");
    assertThat(paimonRows("by_paimon", null)).isEqualTo(strata);

    paimonWrite(List.of(row(RowKind.INSERT, 6, "back", 3), row(RowKind.DELETE, 52, "", 0)));
    List<String> afterPaimon = paimonRows("by_paimon", null);
    assertThat(afterPaimon).contains("6 | back | 3").doesNotContain("52 | s52 | 2");
    assertThat(strataRows(table, null)).isEqualTo(afterPaimon);
    assertEverySnapshotAgrees("by_paimon");
  }
}

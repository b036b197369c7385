package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.it.SparkSessionSuite.Database;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
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
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Primary-key tables with deletion vectors written in turn by Strata (Spark SQL: INSERT, UPDATE,
 * DELETE, MERGE, each compacting level 0 up with lookup and marking superseded rows) and by Paimon
 * 1.3.1's Java API: both read identical rows at every snapshot either side committed.
 */
@Database(KeyDeletionVectorsInteropTest.DB)
class KeyDeletionVectorsInteropTest extends SparkSessionSuite {

  static final String DB = "dv_key_interop";

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

  /**
   * Where Paimon finds each deletion-vector file: in {@code index/}, or with {@code
   * index-file-in-data-file-dir} in the bucket directory, and never in the other place.
   */
  private static void assertIndexFilesLiveIn(String name, boolean bucketDirs) throws IOException {
    Path root = Path.of(java.net.URI.create(paimon.table(DB, name).location().toString() + "/"));
    List<String> inIndexDir = indexFilesBelow(root.resolve("index"));
    List<String> inBuckets = new ArrayList<>();
    try (Stream<Path> dirs = Files.list(root)) {
      for (Path bucket :
          dirs.filter(d -> d.getFileName().toString().startsWith("bucket-")).toList()) {
        inBuckets.addAll(indexFilesBelow(bucket));
      }
    }
    List<String> live = deletionVectors(name).stream().map(e -> e.indexFile().fileName()).toList();
    assertThat(live).isNotEmpty();
    assertThat(bucketDirs ? inBuckets : inIndexDir).containsAll(live);
    assertThat(bucketDirs ? inIndexDir : inBuckets).isEmpty();
  }

  private static List<String> indexFilesBelow(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(dir)) {
      return files
          .map(f -> f.getFileName().toString())
          .filter(n -> n.startsWith("index-"))
          .toList();
    }
  }

  @ParameterizedTest(name = "index-file-in-data-file-dir = {0}")
  @ValueSource(booleans = {false, true})
  void paimonReadsEverySnapshotOfATableStrataWroteWithDeletionVectors(boolean inBucketDirs)
      throws IOException {
    String name = inBucketDirs ? "by_strata_in_buckets" : "by_strata";
    String table = "strata." + DB + "." + name;
    spark.sql(
        "CREATE TABLE "
            + table
            + " (id BIGINT NOT NULL, v STRING, n INT) TBLPROPERTIES ('primary-key' = 'id',"
            + " 'bucket' = '2', 'deletion-vectors.enabled' = 'true',"
            + " 'index-file-in-data-file-dir' = '"
            + inBucketDirs
            + "')");
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
      if (!deletionVectors(name).isEmpty()) {
        marked = true;
        assertIndexFilesLiveIn(name, inBucketDirs);
      }
    }

    List<String> rows = strataRows(table, null);
    // 0..129 minus 10..19 and the even ids of 96..118 but 110, which MERGE inserts again.
    assertThat(rows).hasSize(130 - 10 - 11).contains("7 | u | 10", "97 | m | 1", "121 | m | 2");
    assertThat(paimonRows(name, null)).isEqualTo(rows);
    assertThat(marked).as("older rows marked, not merged").isTrue();
    long latest = assertEverySnapshotAgrees(name);
    assertThat(latest).as("each write commits its data, then its compaction").isEqualTo(10);
  }

  /** One batch commit by Paimon, whose lookup compaction needs a local temp directory. */
  private void paimonWrite(String name, List<InternalRow> rows) throws Exception {
    BatchWriteBuilder builder = paimon.table(DB, name).newBatchWriteBuilder();
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

  @ParameterizedTest(name = "index-file-in-data-file-dir = {0}")
  @ValueSource(booleans = {false, true})
  void strataUpsertsATablePaimonWroteWithDeletionVectors(boolean inBucketDirs) throws Exception {
    String name = inBucketDirs ? "by_paimon_in_buckets" : "by_paimon";
    paimon
        .catalog()
        .createTable(
            Identifier.create(DB, name),
            Schema.newBuilder()
                .column("id", DataTypes.BIGINT().notNull())
                .column("v", DataTypes.STRING())
                .column("n", DataTypes.INT())
                .primaryKey("id")
                .option("bucket", "2")
                .option("deletion-vectors.enabled", "true")
                .option("file.format", "parquet")
                .option("index-file-in-data-file-dir", String.valueOf(inBucketDirs))
                .build(),
            false);
    List<InternalRow> first = new ArrayList<>();
    for (long id = 0; id < 60; id++) {
      first.add(row(RowKind.INSERT, id, "p" + id, 0));
    }
    paimonWrite(name, first);
    paimonWrite(
        name,
        List.of(
            row(RowKind.UPDATE_AFTER, 3, "pu", 1),
            row(RowKind.DELETE, 4, "p4", 0),
            row(RowKind.INSERT, 70, "p70", 0)));
    assertThat(deletionVectors(name)).isNotEmpty();
    assertIndexFilesLiveIn(name, inBucketDirs);

    String table = "strata." + DB + "." + name;
    assertThat(strataRows(table, null)).isEqualTo(paimonRows(name, null));
    spark.sql("INSERT INTO " + table + " SELECT id, CONCAT('s', id), 2 FROM range(50, 80, 2)");
    spark.sql("DELETE FROM " + table + " WHERE id IN (3, 5, 70)");
    spark.sql("UPDATE " + table + " SET n = 9 WHERE id = 6");
    List<String> strata = strataRows(table, null);
    // Paimon's 60 keys (0..59 but 4, and 70), 9 new even keys of 60..78, minus 3, 5 and 70.
    assertThat(strata)
        .hasSize(66)
        .contains("6 | p6 | 9", "52 | s52 | 2", "78 | s78 | 2")
        .doesNotContain("3 | pu | 1");
    assertThat(paimonRows(name, null)).isEqualTo(strata);
    assertIndexFilesLiveIn(name, inBucketDirs);

    paimonWrite(name, List.of(row(RowKind.INSERT, 6, "back", 3), row(RowKind.DELETE, 52, "", 0)));
    List<String> afterPaimon = paimonRows(name, null);
    assertThat(afterPaimon).contains("6 | back | 3").doesNotContain("52 | s52 | 2");
    assertThat(strataRows(table, null)).isEqualTo(afterPaimon);
    assertEverySnapshotAgrees(name);
    // Orphan removal keeps every index file the table's versions name, wherever they live.
    Thread.sleep(2000);
    String now =
        java.time.LocalDateTime.now()
            .format(java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss"));
    spark
        .sql(
            "CALL strata.sys.remove_orphan_files(table => '"
                + DB
                + "."
                + name
                + "', older_than => '"
                + now
                + "')")
        .collect();
    assertIndexFilesLiveIn(name, inBucketDirs);
    assertThat(paimonRows(name, null)).isEqualTo(afterPaimon);
    assertThat(strataRows(table, null)).isEqualTo(afterPaimon);
  }
}

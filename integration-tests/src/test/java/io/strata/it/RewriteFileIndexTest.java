package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.spark.read.ScanMetrics;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code CALL sys.rewrite_file_index} gives files written before a file-index option the index it
 * asks for, so that filters skip them from then on, without changing a row.
 */
class RewriteFileIndexTest {

  private static final String T = "strata.default.rewrite_index";
  private static final String SNAPSHOTS = "strata.default.`rewrite_index$snapshots`";
  private static SparkSession spark;

  @BeforeAll
  static void start() {
    spark = TestSpark$.MODULE$.session();
    spark.sql("DROP TABLE IF EXISTS " + T).collect();
    spark.sql("CREATE TABLE " + T + " (id BIGINT, s STRING, p INT) PARTITIONED BY (p)").collect();
    // Three commits of one file per partition; every file spans 'a'..'z', so its string stats
    // never rule a value out and only an index can skip it.
    for (int c = 0; c < 3; c++) {
      StringBuilder values = new StringBuilder();
      for (int p = 1; p <= 2; p++) {
        for (int k = 0; k < 5; k++) {
          int id = c * 100 + p * 10 + k;
          values.append(values.length() == 0 ? "" : ", ").append(row(id, "v" + id, p));
        }
        values.append(", ").append(row(c * 100 + p * 10 + 8, "a", p));
        values.append(", ").append(row(c * 100 + p * 10 + 9, "z", p));
      }
      spark
          .sql(
              "INSERT INTO "
                  + T
                  + " SELECT /*+ REPARTITION(1, p) */ * FROM VALUES "
                  + values
                  + " AS v(id, s, p)")
          .collect();
    }
  }

  private static String row(int id, String s, int p) {
    return "(" + id + ", '" + s + "', " + p + ")";
  }

  /** Files skipped by their index: while planning (indexes in the manifest) or in tasks. */
  private static long skippedByIndex(String value) {
    org.apache.spark.sql.execution.datasources.v2.BatchScanExec scan =
        ScanMetricsTest.scanOf("SELECT * FROM " + T + " WHERE s = '" + value + "'", 1);
    return ScanMetricsTest.metric(scan, ScanMetrics.SKIPPED_BY_FILE_INDEX)
        + ScanMetricsTest.metric(scan, ScanMetrics.PLANNING_SKIPPED_BY_FILE_INDEX);
  }

  private static Row call(String args) {
    List<Row> rows = spark.sql("CALL strata.sys.rewrite_file_index(" + args + ")").collectAsList();
    assertThat(rows).hasSize(1);
    return rows.get(0);
  }

  @Test
  void filesWrittenBeforeTheOptionAreIndexedPartitionByPartition() {
    Row before = spark.sql("SELECT count(*), sum(id), count(DISTINCT s) FROM " + T).first();
    assertThat(skippedByIndex("v112")).isZero();
    spark
        .sql(
            "ALTER TABLE "
                + T
                + " SET TBLPROPERTIES ('file-index.bloom-filter.columns' = 's',"
                + " 'file-index.bloom-filter.s.items' = '100')")
        .collect();
    assertThat(skippedByIndex("v112")).as("the option alone indexes no old file").isZero();

    Row first = call("table => 'default.rewrite_index', where => 'p = 1'");
    assertThat(first.getInt(0)).as("written_partitions").isEqualTo(1);
    assertThat(first.getInt(1)).as("written_indexes").isEqualTo(3);
    assertThat(skippedByIndex("v112")).as("p=1's other two files").isEqualTo(2);

    Row second = call("table => 'default.rewrite_index'");
    assertThat(second.getInt(0)).as("only p=2 still needed an index").isEqualTo(1);
    assertThat(second.getInt(1)).isEqualTo(3);
    assertThat(skippedByIndex("v112")).as("every file but the one holding it").isEqualTo(5);
    assertThat(skippedByIndex("v221")).isEqualTo(5);

    Row again = call("table => 'default.rewrite_index'");
    assertThat(again.getInt(0)).isZero();
    assertThat(again.getInt(1)).as("nothing left to index").isZero();
    assertThat(spark.sql("SELECT count(*), sum(id), count(DISTINCT s) FROM " + T).first())
        .isEqualTo(before);
    assertThat(
            spark
                .sql("SELECT commit_kind FROM " + SNAPSHOTS + " ORDER BY snapshot_id DESC LIMIT 1")
                .first()
                .getString(0))
        .isEqualTo("COMPACT");
  }

  @Test
  void aWhereOnOtherColumnsOrAMissingTableIsRefused() {
    long snapshots = spark.sql("SELECT * FROM " + SNAPSHOTS + "").count();
    assertThatThrownBy(() -> call("table => 'default.rewrite_index', where => 'id > 1'"))
        .hasMessageContaining(
            "CALL sys.rewrite_file_index: where => 'id > 1' uses column id, which is not a"
                + " partition column; rewrite_file_index selects whole partitions");
    assertThatThrownBy(() -> call("table => 'default.no_such_table'"))
        .hasMessageContaining("no_such_table");
    assertThat(spark.sql("SELECT * FROM " + SNAPSHOTS + "").count()).isEqualTo(snapshots);
  }

  @Test
  void rowsDeletedByDeletionVectorsStayDeleted() {
    for (String keys : List.of("", "'primary-key' = 'id', 'bucket' = '2', ")) {
      String t = "strata.default.rewrite_index_dv";
      spark.sql("DROP TABLE IF EXISTS " + t).collect();
      spark
          .sql(
              "CREATE TABLE "
                  + t
                  + " (id BIGINT NOT NULL, s STRING) TBLPROPERTIES ("
                  + keys
                  + "'deletion-vectors.enabled' = 'true')")
          .collect();
      spark.sql("INSERT INTO " + t + " SELECT id, CAST(id AS STRING) FROM range(100)").collect();
      spark
          .sql("INSERT INTO " + t + " SELECT id, CAST(id AS STRING) FROM range(100, 200)")
          .collect();
      spark.sql("DELETE FROM " + t + " WHERE id % 10 = 3").collect();
      spark
          .sql("ALTER TABLE " + t + " SET TBLPROPERTIES ('file-index.bloom-filter.columns' = 's')")
          .collect();

      Row written =
          spark
              .sql("CALL strata.sys.rewrite_file_index(table => 'default.rewrite_index_dv')")
              .first();

      assertThat(written.getInt(1)).as(keys).isPositive();
      assertThat(spark.sql("SELECT count(*), sum(id) FROM " + t).first())
          .as(keys)
          .isEqualTo(
              spark.sql("SELECT count(*), sum(id) FROM range(200) WHERE id % 10 != 3").first());
      assertThat(spark.sql("SELECT count(*) FROM " + t + " WHERE s = '13'").first().getLong(0))
          .isZero();
      assertThat(spark.sql("SELECT count(*) FROM " + t + " WHERE s = '14'").first().getLong(0))
          .isEqualTo(1);
    }
  }
}

package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.classic.SparkSession;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * ORC files read as columnar batches (orc-core's vectors seen as Spark columns) return exactly the
 * rows of the row path: every atomic type of the all-types fixture, missing and partition columns,
 * files of older schemas mapped by their {@code paimon.id} attributes, compacted primary-key
 * tables, and tables mixing Parquet and ORC files. Nested columns and merges stay on rows.
 */
class OrcColumnarReadTest {

  private static final String CONF = "spark.strata.read.columnar.enabled";
  private static final String DB = "strata.orc_columnar";

  /** The atomic columns of the all-types fixture, with both partition columns. */
  private static final String ATOMIC =
      "c_bool, c_tinyint, c_smallint, c_int, c_bigint, c_float, c_double, c_dec10, c_dec38,"
          + " c_string, c_binary, c_date, c_ts, c_ts_ntz, p_str, p_int";

  private static SparkSession spark;

  @BeforeAll
  static void start() {
    spark = TestSpark$.MODULE$.session();
    spark.sql("CREATE DATABASE IF NOT EXISTS " + DB).collect();
  }

  @AfterEach
  void resetConf() {
    spark.conf().unset(CONF);
  }

  @Test
  void everyAtomicTypeOfTheAllTypesFixtureReadsTheSameOnBothPaths() {
    String t = DB + ".all_types";
    spark
        .sql(
            "CREATE TABLE "
                + t
                + " ("
                + AllTypesFixture.SQL_COLUMNS
                + ") PARTITIONED BY (p_str, p_int) TBLPROPERTIES ('file.format' = 'orc')")
        .collect();
    for (String values : AllTypesFixture.SQL_INSERTS) {
      spark.sql("INSERT INTO " + t + " VALUES " + values).collect();
    }
    assertSameOnBothPaths("SELECT " + ATOMIC + " FROM " + t, true);
    assertSameOnBothPaths("SELECT p_int, c_ts, c_string, p_str FROM " + t, true);
    assertSameOnBothPaths("SELECT p_str, p_int FROM " + t, true);
    assertSameOnBothPaths("SELECT c_dec38, c_int FROM " + t + " WHERE c_int > 0", true);
    // Nested columns of ORC files are read on the row path.
    assertSameOnBothPaths("SELECT * FROM " + t, false);
  }

  @Test
  void filesOfOlderSchemasMapByFieldId() {
    String t = DB + ".evolved";
    spark
        .sql(
            "CREATE TABLE "
                + t
                + " (id INT, a STRING, gone STRING, p STRING) PARTITIONED BY (p)"
                + " TBLPROPERTIES ('file.format' = 'orc')")
        .collect();
    spark.sql("INSERT INTO " + t + " VALUES (1, 'a1', 'g1', 'x'), (2, NULL, 'g2', NULL)").collect();
    spark.sql("ALTER TABLE " + t + " RENAME COLUMN a TO renamed").collect();
    spark.sql("ALTER TABLE " + t + " DROP COLUMN gone").collect();
    spark.sql("ALTER TABLE " + t + " ADD COLUMN gone STRING").collect();
    spark.sql("ALTER TABLE " + t + " ADD COLUMN added BIGINT").collect();
    spark.sql("INSERT INTO " + t + " VALUES (3, 'r3', 'y', 'new-g3', 30)").collect();
    List<String> rows = assertSameOnBothPaths("SELECT * FROM " + t, true);
    // The old files' 'gone' (dropped, then added again under a new id) and 'added' read NULL.
    assertThat(rows)
        .containsExactly(
            "{\"id\":1,\"renamed\":\"a1\",\"p\":\"x\"}",
            "{\"id\":2}",
            "{\"id\":3,\"renamed\":\"r3\",\"p\":\"y\",\"gone\":\"new-g3\",\"added\":30}");
  }

  @Test
  void compactedPrimaryKeyTablesAndMixedFormatsReadColumnar() {
    String t = DB + ".pk";
    spark
        .sql(
            "CREATE TABLE "
                + t
                + " (id INT NOT NULL, v STRING, d DECIMAL(20, 4)) TBLPROPERTIES ("
                + " 'primary-key' = 'id', 'bucket' = '2', 'file.format' = 'orc')")
        .collect();
    spark
        .sql(
            "INSERT INTO " + t + " SELECT CAST(id AS INT), CONCAT('v', id), id / 3 FROM range(100)")
        .collect();
    spark.sql("UPDATE " + t + " SET v = 'updated' WHERE id % 7 = 0").collect();
    // Two runs of one key need a merge: rows.
    assertSameOnBothPaths("SELECT * FROM " + t, false);
    spark.sql("CALL strata.sys.compact(table => 'orc_columnar.pk')").collect();
    assertSameOnBothPaths("SELECT * FROM " + t, true);
    // Parquet files beside the ORC ones, in an append table.
    String mixed = DB + ".mixed";
    spark
        .sql(
            "CREATE TABLE "
                + mixed
                + " (id BIGINT, s STRING) TBLPROPERTIES ('file.format' = 'orc')")
        .collect();
    spark.sql("INSERT INTO " + mixed + " VALUES (1, 'orc'), (2, NULL)").collect();
    spark.sql("ALTER TABLE " + mixed + " SET TBLPROPERTIES ('file.format' = 'parquet')").collect();
    spark.sql("INSERT INTO " + mixed + " VALUES (3, 'parquet')").collect();
    assertThat(assertSameOnBothPaths("SELECT * FROM " + mixed, true)).hasSize(3);
  }

  private static List<String> assertSameOnBothPaths(String query, boolean columnar) {
    spark.conf().unset(CONF);
    Dataset<Row> on = spark.sql(query);
    List<String> columnarRows = json(on);
    assertThat(batchScan(on.queryExecution().executedPlan()).supportsColumnar())
        .as("columnar scan for %s", query)
        .isEqualTo(columnar);
    spark.conf().set(CONF, "false");
    Dataset<Row> off = spark.sql(query);
    List<String> rowRows = json(off);
    assertThat(batchScan(off.queryExecution().executedPlan()).supportsColumnar()).isFalse();
    spark.conf().unset(CONF);
    assertThat(columnarRows).as(query).isEqualTo(rowRows);
    assertThat(rowRows).as(query).isNotEmpty();
    return columnarRows;
  }

  private static List<String> json(Dataset<Row> df) {
    List<String> out = new ArrayList<>();
    for (Row r : df.selectExpr("to_json(struct(*))").collectAsList()) {
      out.add(r.getString(0));
    }
    out.sort(null);
    return out;
  }

  private static BatchScanExec batchScan(SparkPlan plan) {
    List<BatchScanExec> found = SparkPlans.find(plan, BatchScanExec.class);
    assertThat(found).as(plan.toString()).hasSize(1);
    return found.get(0);
  }
}

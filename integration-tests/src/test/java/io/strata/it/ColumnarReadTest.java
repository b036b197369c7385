package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.classic.SparkSession;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.apache.spark.sql.execution.metric.SQLMetric;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Columnar reads ({@code read.columnar.enabled}, on by default) return exactly the rows of the row
 * path: every type of the all-types golden table, files of older schemas (renamed, dropped,
 * re-added and widened columns), NULL and empty partition values, compacted primary-key tables.
 * Scans that need a merge stay on the row path. Row groups are skipped by pushed filters.
 */
class ColumnarReadTest {

  private static final String CONF = "spark.strata.read.columnar.enabled";
  private static final String DB = "strata.columnar_golden";

  private static SparkSession spark;

  @BeforeAll
  static void start() throws Exception {
    spark = TestSpark$.MODULE$.session();
    Path golden = Paths.get(System.getProperty("strata.golden.dir"), "warehouse/golden.db");
    Path db = TestSpark$.MODULE$.warehouse().resolve("columnar_golden.db");
    for (String table :
        List.of(
            "append_all_types",
            "schema_evolved",
            "orders_seed002",
            "pk_first_row",
            "pk_levels",
            "append_fixed_bucket")) {
      GoldenTables.copyTree(golden.resolve(table), db.resolve(table));
    }
  }

  @AfterEach
  void resetConf() {
    spark.conf().unset(CONF);
  }

  @Test
  void everyTypeOfTheAllTypesTableReadsTheSameOnBothPaths() {
    String t = DB + ".append_all_types";
    assertSameOnBothPaths("SELECT * FROM " + t, true);
    assertSameOnBothPaths("SELECT p_int, c_row.b, c_int, p_str, c_map FROM " + t, true);
    assertSameOnBothPaths("SELECT p_str, p_int FROM " + t, true);
    // A bare count(*) is answered from the manifests; a data filter makes Spark count the rows.
    assertSameOnBothPaths("SELECT count(*) FROM " + t + " WHERE c_int IS NOT NULL", true);
    assertSameOnBothPaths("SELECT * FROM " + t + " WHERE p_str IS NULL OR p_str = ''", true);
    assertSameOnBothPaths("SELECT * FROM " + t + " WHERE c_int > 0 AND c_string LIKE 's%'", true);
  }

  @Test
  void filesOfOlderSchemasMapByFieldId() {
    assertSameOnBothPaths("SELECT * FROM " + DB + ".schema_evolved", true);
    spark
        .sql(
            "CREATE TABLE strata.default.widened (id INT, f FLOAT, s STRING, gone STRING,"
                + " p STRING) PARTITIONED BY (p)")
        .collect();
    spark
        .sql(
            "INSERT INTO strata.default.widened VALUES (1, 1.5, 'a', 'g', 'x'),"
                + " (2, NULL, NULL, NULL, NULL)")
        .collect();
    for (String change :
        List.of(
            "ALTER COLUMN id TYPE BIGINT",
            "ALTER COLUMN f TYPE DOUBLE",
            "RENAME COLUMN s TO label",
            "DROP COLUMN gone",
            "ADD COLUMN gone STRING")) {
      spark.sql("ALTER TABLE strata.default.widened " + change).collect();
    }
    spark.sql("INSERT INTO strata.default.widened VALUES (3, 2.5, 'c', 'x', 'new')").collect();
    assertSameOnBothPaths("SELECT * FROM strata.default.widened", true);
    assertThat(rows("SELECT id, f, label, gone, p FROM strata.default.widened ORDER BY id"))
        .containsExactly("[1,1.5,a,null,x]", "[2,null,null,null,null]", "[3,2.5,c,new,x]");
    // Filters on partition columns must not skip row groups (the split's partition decides).
    assertThat(rows("SELECT id FROM strata.default.widened WHERE p = 'x' ORDER BY id"))
        .containsExactly("[1]", "[3]");
    assertSameOnBothPaths("SELECT * FROM strata.default.widened WHERE p IS NULL OR id > 1", true);
  }

  @Test
  void primaryKeySplitsThatNeedNoMergeReadColumnar() {
    // Fully compacted: every file on the top level, no deletes.
    assertSameOnBothPaths("SELECT * FROM " + DB + ".orders_seed002", true);
    assertSameOnBothPaths("SELECT * FROM " + DB + ".pk_first_row", null);
    assertSameOnBothPaths("SELECT * FROM " + DB + ".append_fixed_bucket", true);
  }

  @Test
  void scansThatNeedAMergeStayOnTheRowPath() {
    assertSameOnBothPaths("SELECT * FROM " + DB + ".pk_levels", false);
    assertSameOnBothPaths("SELECT * FROM " + DB + ".`pk_levels$audit_log`", false);
  }

  @Test
  void rowGroupsAreSkippedByPushedFilters() {
    spark
        .sql(
            "CREATE TABLE strata.default.row_groups (id BIGINT, v STRING)"
                + " TBLPROPERTIES ('parquet.block.size' = '4096')")
        .collect();
    spark
        .sql(
            "INSERT INTO strata.default.row_groups SELECT /*+ REPARTITION(1) */ id,"
                + " repeat('v', 20) FROM range(20000)")
        .collect();
    String query = "SELECT * FROM strata.default.row_groups WHERE id = 12345";
    assertThat(rows(query)).containsExactly("[12345," + "v".repeat(20) + "]");
    long scanned = scannedRows(query);
    assertThat(scanned).isPositive().isLessThan(20000);
    // The row path skips the same row groups.
    spark.conf().set(CONF, "false");
    assertThat(scannedRows(query)).isEqualTo(scanned);
  }

  /** Rows the scan node produced (before Spark's own filter). */
  private static long scannedRows(String query) {
    Dataset<Row> df = spark.sql(query);
    df.collect();
    BatchScanExec scan = batchScan(df.queryExecution().executedPlan());
    SQLMetric rows = scan.metrics().get("numOutputRows").get();
    return rows.value();
  }

  private static BatchScanExec batchScan(SparkPlan plan) {
    List<BatchScanExec> found = new ArrayList<>();
    collectScans(plan, found);
    assertThat(found).as(plan.toString()).hasSize(1);
    return found.get(0);
  }

  private static void collectScans(SparkPlan plan, List<BatchScanExec> found) {
    found.addAll(SparkPlans.find(plan, BatchScanExec.class));
  }

  /**
   * Reads {@code query} with columnar reads on and off and compares the rows (as JSON, so binary
   * and map values compare by content); {@code columnar} is whether the default run must read
   * columnar batches (null: either).
   */
  private static void assertSameOnBothPaths(String query, Boolean columnar) {
    spark.conf().unset(CONF);
    Dataset<Row> on = spark.sql(query);
    List<String> columnarRows = json(on);
    if (columnar != null) {
      assertThat(batchScan(on.queryExecution().executedPlan()).supportsColumnar())
          .as("columnar scan for %s", query)
          .isEqualTo(columnar);
    }
    spark.conf().set(CONF, "false");
    Dataset<Row> off = spark.sql(query);
    List<String> rowRows = json(off);
    assertThat(batchScan(off.queryExecution().executedPlan()).supportsColumnar()).isFalse();
    spark.conf().unset(CONF);
    assertThat(columnarRows).as(query).isEqualTo(rowRows);
    assertThat(rowRows).as(query).isNotEmpty();
  }

  private static List<String> json(Dataset<Row> df) {
    List<String> out = new ArrayList<>();
    for (Row r : df.selectExpr("to_json(struct(*))").collectAsList()) {
      out.add(r.getString(0));
    }
    out.sort(null);
    return out;
  }

  private static List<String> rows(String query) {
    List<String> out = new ArrayList<>();
    for (Row r : spark.sql(query).collectAsList()) {
      out.add(r.toString());
    }
    return out;
  }
}

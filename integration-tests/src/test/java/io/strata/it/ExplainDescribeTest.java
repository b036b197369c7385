package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.classic.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * EXPLAIN shows on the BatchScan node the snapshot read, the pushed filters, the table kind and the
 * split count; DESCRIBE TABLE EXTENDED lists the kind, snapshot and splits with the table
 * properties, which SHOW TBLPROPERTIES and SHOW CREATE TABLE do not show.
 */
class ExplainDescribeTest {

  private static SparkSession spark;
  private static final String PK = "strata.default.ed_orders";
  private static final String APPEND = "strata.default.ed_events";
  private static final String FIXED = "strata.default.ed_clicks";

  @BeforeAll
  static void start() {
    spark = TestSpark$.MODULE$.session();
    for (String t : List.of(PK, APPEND, FIXED)) {
      sql("DROP TABLE IF EXISTS " + t);
    }
    sql(
        "CREATE TABLE "
            + PK
            + " (id BIGINT, status STRING, dt STRING) PARTITIONED BY (dt) TBLPROPERTIES"
            + " ('primary-key' = 'dt,id', 'bucket' = '2', 'merge-engine' = 'partial-update')");
    sql("INSERT INTO " + PK + " VALUES (1, 'a', 'd1'), (2, 'b', 'd1'), (3, 'c', 'd2')");
    sql("INSERT INTO " + PK + " VALUES (1, 'z', 'd1')");
    sql("CREATE TABLE " + APPEND + " (id BIGINT, kind STRING, dt STRING) PARTITIONED BY (dt)");
    sql("INSERT INTO " + APPEND + " VALUES (1, 'x', 'd1'), (2, 'y', 'd2'), (3, 'z', 'd3')");
    sql(
        "CREATE TABLE "
            + FIXED
            + " (id BIGINT, url STRING) TBLPROPERTIES ('bucket' = '4', 'bucket-key' = 'id')");
  }

  @Test
  void explainShowsSnapshotFiltersKindAndSplits() {
    long latest = latestSnapshot(PK);
    String plan = explain("SELECT * FROM " + PK + " WHERE dt = 'd1' AND id > 0");
    assertThat(plan)
        .contains("StrataScan[ed_orders, filters=[")
        .contains("dt = 'd1'")
        .contains("snapshot=" + latest)
        .contains("kind=primary-key (bucket 2, merge-engine partial-update)")
        .containsPattern("splits=[12]\\]");

    String appendPlan = explain("SELECT * FROM " + APPEND + " WHERE dt IN ('d1', 'd2')");
    assertThat(appendPlan)
        .contains("kind=append (bucket-unaware)")
        .contains("splits=")
        .doesNotContain("splits=?");
    assertThat(explain("SELECT * FROM " + FIXED)).contains("snapshot=none").contains("splits=0");
  }

  @Test
  void explainShowsTheTimeTravelSnapshot() {
    assertThat(explain("SELECT * FROM " + PK + " VERSION AS OF 1"))
        .contains("snapshot=1,")
        .contains("filters=[]");
    assertThat(explain("SELECT * FROM " + FIXED)).contains("kind=append (bucket 4, bucket-key id)");
  }

  @Test
  void describeExtendedAddsKindSnapshotAndSplits() {
    String properties = describe(PK).get("Table Properties");
    assertThat(properties)
        .contains("strata.table-kind=primary-key (bucket 2, merge-engine partial-update)")
        .contains("strata.snapshot=" + latestSnapshot(PK) + ",")
        .containsPattern("strata\\.splits=[1-4][,\\]]")
        .contains("primary-key=dt,id");
    // Spark's own rows are still there.
    assertThat(describe(PK)).containsKey("# Detailed Table Information").containsKey("Provider");

    assertThat(describe(FIXED).get("Table Properties"))
        .contains("strata.table-kind=append (bucket 4, bucket-key id)")
        .contains("strata.snapshot=none")
        .contains("strata.splits=0");
  }

  @Test
  void detailsAreNotTableProperties() {
    String ddl = spark.sql("SHOW CREATE TABLE " + PK).first().getString(0);
    assertThat(ddl).contains("'merge-engine' = 'partial-update'").doesNotContain("strata.snapshot");
    assertThat(spark.sql("SHOW TBLPROPERTIES " + PK).collectAsList().toString())
        .doesNotContain("strata.");
    assertThat(describe(PK)).doesNotContainKey("strata.snapshot");
  }

  private static long latestSnapshot(String table) {
    return spark
        .sql("SELECT max(snapshot_id) FROM " + table.replace("ed_", "`ed_") + "$snapshots`")
        .first()
        .getLong(0);
  }

  private static String explain(String query) {
    return spark.sql("EXPLAIN " + query).first().getString(0);
  }

  private static Map<String, String> describe(String table) {
    Map<String, String> rows = new LinkedHashMap<>();
    for (Row r : spark.sql("DESCRIBE TABLE EXTENDED " + table).collectAsList()) {
      rows.put(r.getString(0), r.getString(1));
    }
    return rows;
  }

  private static void sql(String statement) {
    spark.sql(statement).collect();
  }
}

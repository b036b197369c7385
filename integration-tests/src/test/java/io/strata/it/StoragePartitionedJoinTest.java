package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.spark.read.StrataScan;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.classic.SparkSession;
import org.apache.spark.sql.connector.read.partitioning.KeyGroupedPartitioning;
import org.apache.spark.sql.connector.read.partitioning.Partitioning;
import org.apache.spark.sql.connector.read.partitioning.UnknownPartitioning;
import org.apache.spark.sql.execution.SortExec;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.apache.spark.sql.execution.exchange.ShuffleExchangeExec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Fixed-bucket tables read with {@code read.bucketed-scan.enabled} report their buckets to Spark
 * (KeyGroupedPartitioning), so joins and aggregations on the bucket key of two such tables with the
 * same bucket count need no shuffle; compacted primary-key tables also report their key order, so a
 * sort-merge join needs no sort. Bucket keys Spark cannot match report nothing.
 */
class StoragePartitionedJoinTest {

  private static SparkSession spark;
  private static final String A = "strata.default.spj_a";
  private static final String B = "strata.default.spj_b";
  private static final String PA = "strata.default.spj_part_a";
  private static final String PB = "strata.default.spj_part_b";
  private static final String KA = "strata.default.spj_pk_a";
  private static final String KB = "strata.default.spj_pk_b";
  private static final String M = "strata.default.spj_two_keys";

  @BeforeAll
  static void start() {
    spark = TestSpark$.MODULE$.session();
    String bucketed = " TBLPROPERTIES ('bucket' = '4', 'bucket-key' = 'id')";
    for (String t : List.of(A, B)) {
      sql("DROP TABLE IF EXISTS " + t);
      sql("CREATE TABLE " + t + " (id BIGINT, v STRING)" + bucketed);
    }
    sql("INSERT INTO " + A + " SELECT id, CONCAT('a', id) FROM range(200)");
    sql("INSERT INTO " + A + " SELECT id, CONCAT('a2-', id) FROM range(100, 150)");
    sql("INSERT INTO " + B + " SELECT id * 2, CONCAT('b', id) FROM range(150)");
    for (String t : List.of(PA, PB)) {
      sql("DROP TABLE IF EXISTS " + t);
      sql("CREATE TABLE " + t + " (id BIGINT, v STRING, p INT) PARTITIONED BY (p)" + bucketed);
      sql(
          "INSERT INTO "
              + t
              + " SELECT id, CONCAT('"
              + t
              + "', id), CAST(id % 3 AS INT)"
              + " FROM range(120)");
    }
    String pk = " (id BIGINT, v BIGINT) TBLPROPERTIES ('primary-key' = 'id', 'bucket' = '4')";
    for (String t : List.of(KA, KB)) {
      sql("DROP TABLE IF EXISTS " + t);
      sql("CREATE TABLE " + t + pk);
      sql("INSERT INTO " + t + " SELECT id, id FROM range(300)");
      sql("INSERT INTO " + t + " SELECT id, -id FROM range(0, 300, 7)");
    }
  }

  @Test
  void aJoinOnTheBucketKeyNeedsNoShuffle() {
    String q = "SELECT a.id, a.v, b.v FROM " + A + " a JOIN " + B + " b ON a.id = b.id";
    assertNoShuffleAndSameAnswer(q);
  }

  @Test
  void anAggregationOnTheBucketKeyNeedsNoShuffle() {
    assertNoShuffleAndSameAnswer("SELECT id, count(*), max(v) FROM " + A + " GROUP BY id");
  }

  @Test
  void partitionedTablesJoinByPartitionAndBucketWithoutShuffle() {
    String q =
        "SELECT a.p, a.id, a.v, b.v FROM "
            + PA
            + " a JOIN "
            + PB
            + " b ON a.p = b.p AND a.id = b.id WHERE a.id % 5 <> 0";
    assertNoShuffleAndSameAnswer(q);
  }

  @Test
  void primaryKeyTablesJoinWithoutShuffleAndCompactedOnesWithoutSort() {
    String q = "SELECT a.id, a.v, b.v FROM " + KA + " a JOIN " + KB + " b ON a.id = b.id";
    assertNoShuffleAndSameAnswer(q);
    assertThat(withBucketing(true, () -> count(plan(q), SortExec.class))).isPositive();

    sql("CALL sys.compact(table => 'default.spj_pk_a')");
    sql("CALL sys.compact(table => 'default.spj_pk_b')");

    assertNoShuffleAndSameAnswer(q);
    assertThat(withBucketing(true, () -> count(plan(q), SortExec.class)))
        .as("each compacted bucket is one run sorted by id")
        .isZero();
  }

  @Test
  void aTwoColumnBucketKeyOrTheOptionOffReportsNoLayout() {
    sql("DROP TABLE IF EXISTS " + M);
    sql(
        "CREATE TABLE "
            + M
            + " (id BIGINT, v STRING) TBLPROPERTIES ('bucket' = '4', 'bucket-key' = 'id,v')");
    sql("INSERT INTO " + M + " SELECT id, CAST(id AS STRING) FROM range(20)");

    assertThat(withBucketing(true, () -> partitioning("SELECT * FROM " + A)))
        .isInstanceOf(KeyGroupedPartitioning.class);
    assertThat(withBucketing(true, () -> partitioning("SELECT * FROM " + M)))
        .isInstanceOf(UnknownPartitioning.class);
    // Spark 4.1 groups input partitions only by transforms of one column (see BucketedLayout), so
    // a join on a two-column bucket key shuffles, and answers as the model says.
    String m2 = M + "_copy";
    sql("DROP TABLE IF EXISTS " + m2);
    sql(
        "CREATE TABLE "
            + m2
            + " (id BIGINT, v STRING) TBLPROPERTIES ('bucket' = '4', 'bucket-key' = 'id,v')");
    sql("INSERT INTO " + m2 + " SELECT id, CAST(id AS STRING) FROM range(10, 30)");
    String join =
        "SELECT a.id, b.v FROM " + M + " a JOIN " + m2 + " b ON a.id = b.id AND a.v = b.v";
    List<String> joined =
        withBucketing(
            true,
            () -> {
              Dataset<Row> df = spark.sql(join);
              List<String> rows = new ArrayList<>();
              df.collectAsList().forEach(r -> rows.add(r.toString()));
              assertThat(count(executed(df), ShuffleExchangeExec.class)).isPositive();
              return rows;
            });
    List<String> model = new ArrayList<>();
    for (int id = 10; id < 20; id++) {
      model.add("[" + id + "," + id + "]");
    }
    assertThat(joined).containsExactlyInAnyOrderElementsOf(model);
    assertThat(withConf(false, true, () -> partitioning("SELECT * FROM " + A)))
        .isInstanceOf(UnknownPartitioning.class);
    assertThat(withConf(true, false, () -> partitioning("SELECT * FROM " + A)))
        .isInstanceOf(UnknownPartitioning.class);
  }

  /**
   * After a rescale, partitions written before keep their old bucket count: reporting the table's
   * count for them would let Spark join bucket 1 of 4 with bucket 1 of 3 (Paimon's issue 5654).
   */
  @Test
  void aRescaledTableReportsItsLayoutOnlyWhereEveryPartitionReadHasTheTablesCount() {
    String r = "strata.default.spj_rescaled";
    sql("DROP TABLE IF EXISTS " + r);
    sql(
        "CREATE TABLE "
            + r
            + " (id BIGINT, v STRING, p INT) PARTITIONED BY (p)"
            + " TBLPROPERTIES ('bucket' = '4', 'bucket-key' = 'id')");
    sql("INSERT INTO " + r + " SELECT id, CONCAT('r', id), CAST(id % 3 AS INT) FROM range(120)");
    sql("ALTER TABLE " + r + " SET TBLPROPERTIES ('bucket' = '3')");
    sql("INSERT INTO " + r + " SELECT id, 'new', 3 FROM range(120, 160)");

    assertThat(withBucketing(true, () -> partitioning("SELECT * FROM " + r)))
        .isInstanceOf(UnknownPartitioning.class);
    String q =
        "SELECT a.p, a.id, a.v, b.v FROM "
            + r
            + " a JOIN "
            + PB
            + " b ON a.p = b.p AND a.id = b.id";
    List<Row> bucketed = withBucketing(true, () -> spark.sql(q).collectAsList());
    List<Row> shuffled = withBucketing(false, () -> spark.sql(q).collectAsList());
    assertThat(bucketed).hasSize(120).containsExactlyInAnyOrderElementsOf(shuffled);

    assertThat(withBucketing(true, () -> partitioning("SELECT * FROM " + r + " WHERE p = 3")))
        .as("the new partition alone has the table's 3 buckets")
        .isInstanceOf(KeyGroupedPartitioning.class);
  }

  private static Partitioning partitioning(String query) {
    Dataset<Row> df = spark.sql(query);
    df.collect();
    List<SparkPlan> scans = new ArrayList<>();
    collect(executed(df), scans, BatchScanExec.class);
    assertThat(scans).hasSize(1);
    return ((StrataScan) ((BatchScanExec) scans.get(0)).scan()).outputPartitioning();
  }

  /** With v2 bucketing the plan has no shuffle; without it, it has one; both answer the same. */
  private static void assertNoShuffleAndSameAnswer(String query) {
    List<Row> bucketed =
        withBucketing(
            true,
            () -> {
              Dataset<Row> df = spark.sql(query);
              List<Row> rows = df.collectAsList();
              assertThat(count(executed(df), ShuffleExchangeExec.class))
                  .as(executed(df).toString())
                  .isZero();
              return rows;
            });
    List<Row> shuffled =
        withBucketing(
            false,
            () -> {
              Dataset<Row> df = spark.sql(query);
              List<Row> rows = df.collectAsList();
              assertThat(count(executed(df), ShuffleExchangeExec.class)).isPositive();
              return rows;
            });
    assertThat(bucketed).isNotEmpty().containsExactlyInAnyOrderElementsOf(shuffled);
  }

  private static SparkPlan plan(String query) {
    Dataset<Row> df = spark.sql(query);
    df.collect();
    return executed(df);
  }

  private static SparkPlan executed(Dataset<Row> df) {
    return df.queryExecution().executedPlan();
  }

  /**
   * Runs {@code body} with bucketed scans (Strata's read option and Spark's v2 bucketing) on or off
   * and broadcast joins off, then restores all three.
   */
  private static <T> T withBucketing(boolean enabled, Supplier<T> body) {
    return withConf(enabled, enabled, body);
  }

  private static <T> T withConf(boolean strataOption, boolean sparkBucketing, Supplier<T> body) {
    Map<String, String> conf =
        Map.of(
            "spark.strata.read.bucketed-scan.enabled",
            String.valueOf(strataOption),
            "spark.sql.sources.v2.bucketing.enabled",
            String.valueOf(sparkBucketing),
            "spark.sql.autoBroadcastJoinThreshold",
            "-1");
    Map<String, String> previous = new java.util.HashMap<>();
    conf.forEach(
        (k, v) -> {
          previous.put(k, spark.conf().getOption(k).getOrElse(() -> null));
          spark.conf().set(k, v);
        });
    try {
      return body.get();
    } finally {
      previous.forEach(
          (k, v) -> {
            if (v == null) {
              spark.conf().unset(k);
            } else {
              spark.conf().set(k, v);
            }
          });
    }
  }

  private static long count(SparkPlan plan, Class<?> type) {
    return SparkPlans.find(plan, type).size();
  }

  private static <T> void collect(SparkPlan plan, List<? super T> found, Class<T> type) {
    found.addAll(SparkPlans.find(plan, type));
  }

  private static void sql(String s) {
    spark.sql(s).collect();
  }
}

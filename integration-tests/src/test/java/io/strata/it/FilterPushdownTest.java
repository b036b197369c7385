package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.split.DataSplit;
import io.strata.spark.read.StrataScan;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.classic.SparkSession;
import org.apache.spark.sql.execution.FilterExec;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * V2 predicates pushed into the scan: answers equal Spark's own evaluation, exact partition
 * predicates are not evaluated again, files are skipped by stats, Parquet row groups by statistics
 * and dictionaries on both read paths, buckets by the bucket key, partitions at run time (dynamic
 * partition pruning), and files by a pushed top-N.
 */
class FilterPushdownTest {

  private static SparkSession spark;
  private static final String T = "strata.default.fp_append";
  private static final String COLUMNAR = "spark.strata.read.columnar.enabled";

  @BeforeAll
  static void start() {
    spark = TestSpark$.MODULE$.session();
    sql("DROP TABLE IF EXISTS " + T);
    sql("CREATE TABLE " + T + " (id BIGINT, name STRING, p INT, s STRING) PARTITIONED BY (p, s)");
    for (int round = 0; round < 4; round++) {
      sql(
          "INSERT INTO "
              + T
              + " SELECT id, IF(id % 9 = 0, NULL, CONCAT(IF(id % 2 = 0, 'ab', 'cd'), id)),"
              + " IF(id % 5 = 4, NULL, CAST(id % 5 AS INT)), CONCAT('s', CAST(id % 3 AS STRING))"
              + " FROM range("
              + round * 100
              + ", "
              + (round + 1) * 100
              + ")");
    }
    Dataset<Row> all = spark.table(T);
    spark.createDataFrame(all.collectAsList(), all.schema()).createOrReplaceTempView("fp_ref");
  }

  @Test
  void pushedPredicatesAnswerLikeSparkAndShowInTheScan() {
    String[] conditions = {
      "id IN (3, 150, 399, 1000)",
      "name IS NULL",
      "name IS NOT NULL AND id < 20",
      "name LIKE 'ab1%'",
      "id = 7 OR name LIKE 'cd39%'",
      "NOT (id >= 10)",
      "NOT (name = 'ab2')",
      "id <=> 42",
      "p <=> NULL",
      "p IN (1, NULL)",
      "NOT (p IN (1, 2))",
      "s > 's1'",
      "s LIKE 's2%' AND id > 300",
      "p >= 3 OR id = 1",
      "id IN (1, NULL)",
      "NOT (id IN (1, NULL))"
    };
    for (String c : conditions) {
      assertThat(QueryRows.sorted(QueryRows.of(spark, "SELECT * FROM " + T + " WHERE " + c)))
          .as(c)
          .isEqualTo(QueryRows.sorted(QueryRows.of(spark, "SELECT * FROM fp_ref WHERE " + c)));
    }
    String description =
        scan(spark.sql("SELECT * FROM " + T + " WHERE name LIKE 'ab%'")).description();
    assertThat(description).contains("name LIKE 'ab%'");
    String explain =
        spark.sql("SELECT * FROM " + T + " WHERE id IN (1, 2)").queryExecution().toString();
    assertThat(explain).contains("StrataScan[fp_append, filters=[").contains("IN (1, 2)");
  }

  @Test
  void exactPartitionPredicatesAreNotEvaluatedAgain() {
    for (String exact :
        new String[] {
          "p IN (1, 2)", "p IS NULL", "p = 1 OR p IS NULL", "s LIKE 's1%'", "s = 's2'"
        }) {
      Dataset<Row> df = spark.sql("SELECT * FROM " + T + " WHERE " + exact);
      assertThat(SparkPlans.has(df, FilterExec.class)).as(exact).isFalse();
      assertThat(df.count()).isEqualTo(count("fp_ref", exact));
    }
    // NOT of a nullable column, string ranges and data columns stay with Spark.
    for (String inexact : new String[] {"NOT (p = 3)", "s > 's1'", "id = 5", "p = 1 OR id = 5"}) {
      Dataset<Row> df = spark.sql("SELECT * FROM " + T + " WHERE " + inexact);
      assertThat(SparkPlans.has(df, FilterExec.class)).as(inexact).isTrue();
      assertThat(df.count()).isEqualTo(count("fp_ref", inexact));
    }
  }

  @Test
  void manifestStatsSkipFilesForInIsNullAndPrefixes() {
    sql("DROP TABLE IF EXISTS strata.default.fp_stats");
    sql("CREATE TABLE strata.default.fp_stats (id BIGINT, name STRING)");
    for (String values :
        new String[] {
          "(1, 'apple'), (2, 'apricot')",
          "(10, 'banana'), (11, NULL)",
          "(20, 'zebra'), (21, 'zulu')"
        }) {
      sql(
          "INSERT INTO strata.default.fp_stats SELECT /*+ REPARTITION(1) */ * FROM VALUES "
              + values);
    }
    String t = "strata.default.fp_stats";
    assertThat(plannedFiles("SELECT * FROM " + t)).isEqualTo(3);
    assertThat(plannedFiles("SELECT * FROM " + t + " WHERE id IN (2, 21)")).isEqualTo(2);
    assertThat(plannedFiles("SELECT * FROM " + t + " WHERE name IS NULL")).isEqualTo(1);
    assertThat(plannedFiles("SELECT * FROM " + t + " WHERE name LIKE 'ap%'")).isEqualTo(1);
    assertThat(plannedFiles("SELECT * FROM " + t + " WHERE name LIKE 'c%'")).isZero();
    assertThat(QueryRows.of(spark, "SELECT id FROM " + t + " WHERE name LIKE 'ap%'"))
        .containsExactlyInAnyOrder("[1]", "[2]");
  }

  @Test
  void rowGroupsAreSkippedByStatisticsAndDictionariesOnBothPaths() {
    sql("DROP TABLE IF EXISTS strata.default.fp_groups");
    sql(
        "CREATE TABLE strata.default.fp_groups (id BIGINT, v STRING)"
            + " TBLPROPERTIES ('parquet.block.size' = '4096')");
    sql(
        "INSERT INTO strata.default.fp_groups SELECT /*+ REPARTITION(1) */ id,"
            + " IF(id % 2 = 0, 'a', 'c') FROM range(20000)");
    String t = "strata.default.fp_groups";
    try {
      for (String columnar : new String[] {"true", "false"}) {
        spark.conf().set(COLUMNAR, columnar);
        assertThat(scannedRows("SELECT * FROM " + t + " WHERE id = 12345"))
            .as("columnar = " + columnar)
            .isPositive()
            .isLessThan(20000);
        // 'b' lies within every row group's [min, max]; only the dictionaries rule it out.
        assertThat(scannedRows("SELECT * FROM " + t + " WHERE v = 'b'")).isZero();
        assertThat(scannedRows("SELECT * FROM " + t + " WHERE v IN ('b', 'bb')")).isZero();
        assertThat(scannedRows("SELECT * FROM " + t + " WHERE v LIKE 'b%'")).isZero();
        assertThat(scannedRows("SELECT * FROM " + t + " WHERE v = 'c'")).isEqualTo(20000);
        assertThat(QueryRows.of(spark, "SELECT count(*) FROM " + t + " WHERE v = 'c' AND id < 10"))
            .containsExactly("[5]");
      }
    } finally {
      spark.conf().unset(COLUMNAR);
    }
  }

  @Test
  void equalityAndInOnTheBucketKeyReadOnlyTheirBuckets() {
    sql("DROP TABLE IF EXISTS strata.default.fp_buckets");
    sql(
        "CREATE TABLE strata.default.fp_buckets (id BIGINT, v STRING) TBLPROPERTIES"
            + " ('primary-key' = 'id', 'bucket' = '4')");
    sql("INSERT INTO strata.default.fp_buckets SELECT id, CAST(id AS STRING) FROM range(200)");
    sql("INSERT INTO strata.default.fp_buckets SELECT id, 'new' FROM range(0, 200, 7)");
    String t = "strata.default.fp_buckets";
    Map<String, Integer> bucketOf =
        StrataCore.bucketByValue(
            StrataCore.table(TestSpark$.MODULE$.warehouse(), "default", "fp_buckets"), "id");
    assertThat(new TreeSet<>(bucketOf.values())).containsExactly(0, 1, 2, 3);

    assertThat(plannedBuckets("SELECT * FROM " + t + " WHERE id = 14"))
        .containsExactly(bucketOf.get("14"));
    assertThat(QueryRows.of(spark, "SELECT * FROM " + t + " WHERE id = 14"))
        .containsExactly("[14,new]");
    String in = "SELECT * FROM " + t + " WHERE id IN (3, 14, 150) AND v IS NOT NULL";
    assertThat(plannedBuckets(in))
        .isEqualTo(
            new TreeSet<>(List.of(bucketOf.get("3"), bucketOf.get("14"), bucketOf.get("150"))));
    assertThat(QueryRows.sorted(QueryRows.of(spark, in)))
        .containsExactly("[14,new]", "[150,150]", "[3,3]");
    // A range on the bucket key reads every bucket.
    assertThat(plannedBuckets("SELECT * FROM " + t + " WHERE id < 100")).hasSize(4);
  }

  @Test
  void dynamicPartitionPruningReadsOnlyTheJoinedPartitions() {
    sql("DROP TABLE IF EXISTS strata.default.fp_fact");
    sql("DROP TABLE IF EXISTS strata.default.fp_dim");
    sql("CREATE TABLE strata.default.fp_fact (id BIGINT, day INT) PARTITIONED BY (day)");
    sql("INSERT INTO strata.default.fp_fact SELECT id, CAST(id % 10 AS INT) FROM range(1000)");
    sql("CREATE TABLE strata.default.fp_dim (day INT, label STRING)");
    sql("INSERT INTO strata.default.fp_dim SELECT CAST(id AS INT), CONCAT('d', id) FROM range(10)");
    String query =
        "SELECT f.id, d.label FROM strata.default.fp_fact f JOIN strata.default.fp_dim d"
            + " ON f.day = d.day WHERE d.label IN ('d3', 'd7')";
    try {
      spark.conf().set("spark.sql.optimizer.dynamicPartitionPruning.enabled", "false");
      List<String> expected = QueryRows.sorted(QueryRows.of(spark, query));
      int unpruned = splitsOf(query, "fp_fact");
      spark.conf().unset("spark.sql.optimizer.dynamicPartitionPruning.enabled");
      assertThat(expected).hasSize(200);
      assertThat(QueryRows.sorted(QueryRows.of(spark, query))).isEqualTo(expected);
      assertThat(unpruned).isEqualTo(10);
      assertThat(splitsOf(query, "fp_fact")).isEqualTo(2);
    } finally {
      spark.conf().unset("spark.sql.optimizer.dynamicPartitionPruning.enabled");
    }
  }

  @Test
  void dynamicFiltersOnTheBucketKeyReadOnlyTheJoinedBuckets() {
    sql("DROP TABLE IF EXISTS strata.default.fp_bucket_fact");
    sql("DROP TABLE IF EXISTS strata.default.fp_bucket_dim");
    sql(
        "CREATE TABLE strata.default.fp_bucket_fact (id BIGINT, v BIGINT) TBLPROPERTIES"
            + " ('bucket' = '8', 'bucket-key' = 'id')");
    sql("INSERT INTO strata.default.fp_bucket_fact SELECT id % 100, id FROM range(2000)");
    sql("CREATE TABLE strata.default.fp_bucket_dim (id BIGINT, label STRING)");
    sql("INSERT INTO strata.default.fp_bucket_dim SELECT id, CONCAT('k', id) FROM range(100)");
    String query =
        "SELECT f.v, d.label FROM strata.default.fp_bucket_fact f JOIN"
            + " strata.default.fp_bucket_dim d ON f.id = d.id WHERE d.label = 'k42'";
    try {
      spark.conf().set("spark.sql.optimizer.dynamicPartitionPruning.enabled", "false");
      List<String> expected = QueryRows.sorted(QueryRows.of(spark, query));
      int unpruned = splitsOf(query, "fp_bucket_fact");
      spark.conf().unset("spark.sql.optimizer.dynamicPartitionPruning.enabled");
      assertThat(expected).hasSize(20);
      assertThat(QueryRows.sorted(QueryRows.of(spark, query))).isEqualTo(expected);
      assertThat(unpruned).isEqualTo(8);
      assertThat(splitsOf(query, "fp_bucket_fact")).isEqualTo(1);
    } finally {
      spark.conf().unset("spark.sql.optimizer.dynamicPartitionPruning.enabled");
    }
  }

  @Test
  void aPushedTopNPlansOnlyFilesThatCanHoldTheFirstRows() {
    sql("DROP TABLE IF EXISTS strata.default.fp_topn");
    sql("CREATE TABLE strata.default.fp_topn (id BIGINT, v STRING, p INT) PARTITIONED BY (p)");
    for (int round = 0; round < 5; round++) {
      sql(
          "INSERT INTO strata.default.fp_topn SELECT /*+ REPARTITION(1) */"
              + " IF(id >= 400 AND id % 13 = 0, NULL, id), CAST(id AS STRING), CAST(id % 2 AS INT) FROM range("
              + round * 100
              + ", "
              + (round + 1) * 100
              + ")");
    }
    String t = "strata.default.fp_topn";
    Dataset<Row> all = spark.table(t);
    spark.createDataFrame(all.collectAsList(), all.schema()).createOrReplaceTempView("fp_topn_ref");
    int allFiles = plannedFiles("SELECT * FROM " + t);
    assertThat(allFiles).isEqualTo(10);
    String[] orders = {
      "ORDER BY id LIMIT 5",
      "ORDER BY id NULLS LAST LIMIT 5",
      "ORDER BY id DESC LIMIT 5",
      "ORDER BY id DESC NULLS LAST LIMIT 150",
      "ORDER BY id NULLS FIRST LIMIT 3"
    };
    for (String order : orders) {
      assertThat(QueryRows.of(spark, "SELECT id FROM " + t + " " + order))
          .as(order)
          .isEqualTo(QueryRows.of(spark, "SELECT id FROM fp_topn_ref " + order));
    }
    // Round 0 holds the first rows; NULLs (only in round 4) come first unless asked otherwise.
    assertThat(plannedFiles("SELECT * FROM " + t + " ORDER BY id NULLS LAST LIMIT 5")).isEqualTo(2);
    assertThat(plannedFiles("SELECT * FROM " + t + " ORDER BY id LIMIT 5")).isEqualTo(4);
    // Round 3 and round 2's odd ids hold 150 rows down to 201; round 4 has NULLs, never counted.
    assertThat(plannedFiles("SELECT * FROM " + t + " ORDER BY id DESC LIMIT 150")).isEqualTo(6);
    assertThat(plannedFiles("SELECT * FROM " + t + " WHERE p = 1 ORDER BY id NULLS LAST LIMIT 5"))
        .isEqualTo(1);
    // A filter on a data column could remove the rows the stats count on: nothing is pruned.
    assertThat(plannedFiles("SELECT * FROM " + t + " WHERE v IS NOT NULL ORDER BY id LIMIT 5"))
        .isEqualTo(allFiles);
    // String stats may be truncated: a top-N on a string column prunes nothing.
    assertThat(plannedFiles("SELECT * FROM " + t + " ORDER BY v LIMIT 5")).isEqualTo(allFiles);
  }

  private static long count(String table, String condition) {
    return spark.sql("SELECT * FROM " + table + " WHERE " + condition).count();
  }

  private static StrataScan scan(Dataset<Row> df) {
    df.collect();
    List<BatchScanExec> scans = new ArrayList<>();
    collect(df.queryExecution().executedPlan(), scans, BatchScanExec.class);
    assertThat(scans).hasSize(1);
    return (StrataScan) scans.get(0).scan();
  }

  private static int plannedFiles(String query) {
    return scan(spark.sql(query)).splits().stream().mapToInt(s -> s.files().size()).sum();
  }

  private static Set<Integer> plannedBuckets(String query) {
    return scan(spark.sql(query)).splits().stream()
        .map(DataSplit::bucket)
        .collect(Collectors.toSet());
  }

  /** Splits the scan of {@code table} read after runtime filtering. */
  private static int splitsOf(String query, String table) {
    Dataset<Row> df = spark.sql(query);
    df.collect();
    List<BatchScanExec> scans = new ArrayList<>();
    collect(df.queryExecution().executedPlan(), scans, BatchScanExec.class);
    return scans.stream()
        .map(s -> (StrataScan) s.scan())
        .filter(s -> s.description().startsWith("StrataScan[" + table + ","))
        .mapToInt(s -> s.splits().size())
        .sum();
  }

  /** Rows the scan node produced (before Spark's own filter). */
  private static long scannedRows(String query) {
    Dataset<Row> df = spark.sql(query);
    df.collect();
    List<BatchScanExec> scans = new ArrayList<>();
    collect(df.queryExecution().executedPlan(), scans, BatchScanExec.class);
    assertThat(scans).hasSize(1);
    return scans.get(0).metrics().get("numOutputRows").get().value();
  }

  private static <T> void collect(SparkPlan plan, List<T> found, Class<T> type) {
    found.addAll(SparkPlans.find(plan, type));
  }

  private static void sql(String s) {
    spark.sql(s).collect();
  }
}

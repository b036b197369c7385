package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.classic.SparkSession;
import org.apache.spark.sql.execution.FilterExec;
import org.apache.spark.sql.execution.LocalTableScanExec;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * COUNT(*), COUNT, MIN and MAX are answered from the manifests (no data file opened) where that is
 * exact; a LIMIT without filters plans only the splits it needs; exact partition filters are not
 * evaluated again on the rows.
 */
class AggregateAndLimitPushdownTest {

  private static SparkSession spark;
  private static final String T = "strata.default.agg_append";
  private static final String PK = "strata.default.agg_pk";

  @BeforeAll
  static void start() {
    spark = TestSpark$.MODULE$.session();
    sql("DROP TABLE IF EXISTS " + T);
    sql("DROP TABLE IF EXISTS " + PK);
    sql("CREATE TABLE " + T + " (id BIGINT, name STRING, p INT) PARTITIONED BY (p)");
    for (int round = 0; round < 3; round++) {
      sql(
          "INSERT INTO "
              + T
              + " SELECT IF(id % 7 = 0, NULL, id), CAST(id AS STRING), IF(id % 5 = 4, NULL,"
              + " CAST(id % 5 AS INT)) FROM range("
              + round * 100
              + ", "
              + (round + 1) * 100
              + ")");
    }
    sql(
        "CREATE TABLE "
            + PK
            + " (id BIGINT, v BIGINT) TBLPROPERTIES ('primary-key' = 'id', 'bucket' = '2')");
    sql("INSERT INTO " + PK + " SELECT id, id FROM range(10)");
    sql("INSERT INTO " + PK + " SELECT id, -id FROM range(5)");
  }

  @Test
  void countMinMaxComeFromTheManifests() {
    String q = "SELECT count(*), count(id), min(id), max(id) FROM " + T;
    assertAnsweredFromManifests(q);
    assertThat(QueryRows.of(spark, q))
        .isEqualTo(
            QueryRows.of(
                spark,
                "SELECT sum(1), sum(IF(id IS NULL, 0, 1)),"
                    + " min(id + 0), max(id + 0) FROM "
                    + T));
  }

  @Test
  void groupedByPartitionAndFilteredByPartition() {
    String q =
        "SELECT p, count(*), max(id) FROM " + T + " WHERE p IN (1, 2) OR p IS NULL GROUP BY p";
    assertAnsweredFromManifests(q);
    assertThat(QueryRows.sorted(QueryRows.of(spark, q)))
        .isEqualTo(
            QueryRows.sorted(
                QueryRows.of(
                    spark,
                    "SELECT p, sum(1), max(id + 0) FROM "
                        + T
                        + " WHERE p IN (1, 2) OR p IS NULL GROUP BY p")));
    assertThat(QueryRows.of(spark, q)).hasSize(3);
  }

  @Test
  void stringMaxAndDataFiltersAndMergesReadTheRows() {
    assertReadsRows("SELECT max(name) FROM " + T);
    assertReadsRows("SELECT count(*) FROM " + T + " WHERE id > 10");
    assertReadsRows("SELECT count(*) FROM " + PK);
    assertThat(QueryRows.of(spark, "SELECT count(*) FROM " + PK)).containsExactly("[10]");
  }

  @Test
  void aCountOpensNoDataFile() throws IOException {
    String t = "strata.default.agg_no_files";
    sql("DROP TABLE IF EXISTS " + t);
    sql("CREATE TABLE " + t + " (id BIGINT)");
    sql("INSERT INTO " + t + " SELECT id FROM range(1000)");
    Path dir = TestSpark$.MODULE$.warehouse().resolve("default.db/agg_no_files");
    List<Path> data;
    try (Stream<Path> files = Files.walk(dir)) {
      data = files.filter(f -> f.getFileName().toString().startsWith("data-")).toList();
    }
    assertThat(data).isNotEmpty();
    for (Path f : data) {
      Files.delete(f);
    }
    assertThat(QueryRows.of(spark, "SELECT count(*), min(id), max(id) FROM " + t))
        .containsExactly("[1000,0,999]");
  }

  @Test
  void metadataAnswersRunNoSparkJob() {
    JobsStarted jobs = new JobsStarted();
    spark.sparkContext().addSparkListener(jobs);
    try {
      String count = "SELECT count(*) AS n, count(*) + 1 FROM " + T;
      assertThat(spark.sql(count).queryExecution().executedPlan())
          .isInstanceOf(LocalTableScanExec.class);
      assertThat(QueryRows.of(spark, count)).containsExactly("[300,301]");
      String snapshots =
          "SELECT snapshot_id * 10, commit_kind FROM strata.default.`agg_append$snapshots`"
              + " WHERE snapshot_id > 1";
      assertThat(spark.sql(snapshots).queryExecution().executedPlan())
          .isInstanceOf(LocalTableScanExec.class);
      assertThat(QueryRows.of(spark, snapshots)).containsExactly("[20,APPEND]", "[30,APPEND]");
      assertThat(jobs.since()).isZero();
      // A subquery is Spark's to plan: the same rows come back through a Spark job.
      String latest =
          "SELECT snapshot_id FROM strata.default.`agg_append$snapshots` WHERE snapshot_id ="
              + " (SELECT max(snapshot_id) FROM strata.default.`agg_append$snapshots`)";
      assertThat(QueryRows.of(spark, latest)).containsExactly("[3]");
      assertThat(jobs.since()).isPositive();
    } finally {
      spark.sparkContext().removeSparkListener(jobs);
    }
  }

  /** Counts the Spark jobs started since it was last asked. */
  private static final class JobsStarted extends SparkListener {
    private final AtomicInteger started = new AtomicInteger();

    @Override
    public void onJobStart(SparkListenerJobStart start) {
      started.incrementAndGet();
    }

    int since() {
      try {
        spark.sparkContext().listenerBus().waitUntilEmpty();
      } catch (TimeoutException e) {
        throw new AssertionError("Spark's listener bus did not drain", e);
      }
      return started.getAndSet(0);
    }
  }

  @Test
  void exactPartitionFiltersAreNotEvaluatedAgainButNotIs() {
    Dataset<Row> eq = spark.sql("SELECT * FROM " + T + " WHERE p = 3");
    assertThat(SparkPlans.has(eq, FilterExec.class)).isFalse();
    assertThat(eq.count()).isEqualTo(60);
    Dataset<Row> not = spark.sql("SELECT * FROM " + T + " WHERE NOT (p = 3)");
    assertThat(SparkPlans.has(not, FilterExec.class)).isTrue();
    // NULL partition values are neither 3 nor not 3.
    assertThat(not.count()).isEqualTo(180);
  }

  @Test
  void aLimitPlansOnlyTheSplitsItNeeds() {
    Dataset<Row> all = spark.sql("SELECT * FROM " + T);
    Dataset<Row> limited = spark.sql("SELECT * FROM " + T + " LIMIT 5");
    assertThat(limited.collectAsList()).hasSize(5);
    assertThat(plannedSplits(limited)).isLessThan(plannedSplits(all));
    Dataset<Row> filtered = spark.sql("SELECT * FROM " + T + " WHERE id > 250 LIMIT 5");
    assertThat(filtered.collectAsList()).hasSize(5);
  }

  private static int plannedSplits(Dataset<Row> df) {
    df.collect();
    List<BatchScanExec> scans = new ArrayList<>();
    collect(df.queryExecution().executedPlan(), scans, BatchScanExec.class);
    assertThat(scans).hasSize(1);
    return ((io.strata.spark.read.StrataScan) scans.get(0).scan()).splits().size();
  }

  private static void assertAnsweredFromManifests(String query) {
    Dataset<Row> df = spark.sql(query);
    df.collect();
    SparkPlan plan = df.queryExecution().executedPlan();
    List<LocalTableScanExec> local = new ArrayList<>();
    collect(plan, local, LocalTableScanExec.class);
    List<BatchScanExec> scans = new ArrayList<>();
    collect(plan, scans, BatchScanExec.class);
    assertThat(local).as(plan.toString()).hasSize(1);
    assertThat(scans).as(plan.toString()).isEmpty();
  }

  private static void assertReadsRows(String query) {
    Dataset<Row> df = spark.sql(query);
    df.collect();
    List<BatchScanExec> scans = new ArrayList<>();
    collect(df.queryExecution().executedPlan(), scans, BatchScanExec.class);
    assertThat(scans).as(query).hasSize(1);
  }

  private static <T> void collect(SparkPlan plan, List<T> found, Class<T> type) {
    found.addAll(SparkPlans.find(plan, type));
  }

  private static void sql(String s) {
    spark.sql(s).collect();
  }
}

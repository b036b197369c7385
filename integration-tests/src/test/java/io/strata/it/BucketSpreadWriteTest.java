package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.spark.write.WriteMetrics;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.classic.SparkSession;
import org.apache.spark.sql.execution.CommandResultExec;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.V2ExistingTableWriteExec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Fixed-bucket writes spread their buckets evenly over their tasks ({@code sink.parallelism}), one
 * task per bucket, as the write's driver metrics report from the tasks' commit messages.
 */
class BucketSpreadWriteTest {

  private static SparkSession spark;

  @BeforeAll
  static void start() {
    spark = TestSpark$.MODULE$.session();
    spark.sql("CREATE DATABASE IF NOT EXISTS strata.spread").collect();
  }

  @Test
  void eightBucketsOverEightTasksGiveEachTaskOneBucket() {
    create("eight", "8", "8", "");
    SparkPlan write = insert("eight", "id, id * 2", 8000);

    assertThat(metric(write, WriteMetrics.WRITE_TASKS)).isEqualTo(8);
    assertThat(metric(write, WriteMetrics.MAX_BUCKETS_PER_TASK)).isEqualTo(1);
    assertThat(buckets("eight")).isEqualTo(8);
    assertThat(first("SELECT count(*), count(DISTINCT id), sum(v) FROM strata.spread.eight"))
        .isEqualTo("[8000,8000,63992000]");
  }

  @Test
  void sixteenBucketsOverFourTasksGiveEachTaskFour() {
    create("sixteen", "16", "4", "");
    SparkPlan write = insert("sixteen", "id, id * 2", 16000);

    assertThat(metric(write, WriteMetrics.WRITE_TASKS)).isEqualTo(4);
    // 16 buckets in 4 tasks with at most 4 each: exactly 4 each.
    assertThat(metric(write, WriteMetrics.MAX_BUCKETS_PER_TASK)).isEqualTo(4);
    assertThat(buckets("sixteen")).isEqualTo(16);
    assertThat(first("SELECT count(*), count(DISTINCT id), sum(v) FROM strata.spread.sixteen"))
        .isEqualTo("[16000,16000,255984000]");
  }

  @Test
  void eachPartitionSpreadsItsBucketsOverTheTasks() {
    create("parts", "4", "4", "PARTITIONED BY (p)");
    SparkPlan write = insert("parts", "id, id * 2, CAST(id % 3 AS INT)", 6000);

    // Each of the 3 partitions gives each of the 4 tasks exactly one of its 4 buckets.
    assertThat(metric(write, WriteMetrics.WRITE_TASKS)).isEqualTo(4);
    assertThat(metric(write, WriteMetrics.MAX_BUCKETS_PER_TASK)).isEqualTo(3);
    assertThat(buckets("parts")).isEqualTo(12);
    assertThat(
            first(
                "SELECT count(*), count(DISTINCT id), sum(v), count(DISTINCT p)"
                    + " FROM strata.spread.parts"))
        .isEqualTo("[6000,6000,35994000,3]");
  }

  @Test
  void anUpsertKeepsEachBucketInOneTaskAndTheLatestValues() {
    create("upsert", "8", "8", "");
    insert("upsert", "id, id", 4000);
    SparkPlan write = insert("upsert", "id, -id", 2000);

    assertThat(metric(write, WriteMetrics.MAX_BUCKETS_PER_TASK)).isEqualTo(1);
    assertThat(first("SELECT count(*), min(v), max(v) FROM strata.spread.upsert"))
        .as("keys 0..1999 took their upsert -id; keys 2000..3999 kept theirs")
        .isEqualTo("[4000,-1999,3999]");
    assertThat(first("SELECT v FROM strata.spread.upsert WHERE id = 5")).isEqualTo("[-5]");
  }

  private static void create(String name, String buckets, String tasks, String partitioning) {
    String partitionColumn = partitioning.isEmpty() ? "" : ", p INT";
    spark
        .sql(
            "CREATE TABLE strata.spread."
                + name
                + " (id BIGINT NOT NULL, v BIGINT"
                + partitionColumn
                + ") "
                + partitioning
                + " TBLPROPERTIES ('primary-key' = '"
                + (partitioning.isEmpty() ? "id" : "id, p")
                + "', 'bucket' = '"
                + buckets
                + "', 'sink.parallelism' = '"
                + tasks
                + "')")
        .collect();
  }

  /** The write node of an INSERT of {@code columns} over {@code range(rows)}. */
  private static SparkPlan insert(String table, String columns, int rows) {
    Dataset<Row> statement =
        spark.sql(
            "INSERT INTO strata.spread."
                + table
                + " SELECT "
                + columns
                + " FROM range("
                + rows
                + ")");
    SparkPlan plan = statement.queryExecution().executedPlan();
    if (plan instanceof CommandResultExec result) {
      plan = result.commandPhysicalPlan();
    }
    List<V2ExistingTableWriteExec> writes = SparkPlans.find(plan, V2ExistingTableWriteExec.class);
    assertThat(writes).hasSize(1);
    return (SparkPlan) writes.get(0);
  }

  private static long metric(SparkPlan plan, String name) {
    return plan.metrics().apply(name).value();
  }

  /** The (partition, bucket) pairs holding files. */
  private static long buckets(String table) {
    return spark
        .sql("SELECT DISTINCT partition, bucket FROM strata.spread.`" + table + "$files`")
        .count();
  }

  private static String first(String query) {
    return spark.sql(query).first().toString();
  }
}

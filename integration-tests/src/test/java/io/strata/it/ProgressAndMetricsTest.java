package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.compact.CompactionSummary;
import io.strata.core.expire.SnapshotExpiration;
import io.strata.spark.SparkJobs;
import io.strata.spark.write.WriteMetrics;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.classic.SparkSession;
import org.apache.spark.sql.execution.CommandResultExec;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.V2ExistingTableWriteExec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Progress of long work: write metrics in the SQL tab (read back from the executed write node),
 * Spark job descriptions of compaction, sort compaction, orphan listing and writes (seen by a
 * listener, and restored afterwards), and INFO lines whose counts match the table's metadata.
 */
class ProgressAndMetricsTest {

  private static SparkSession spark;
  private static final Jobs jobs = new Jobs();

  /** What a job was started with: its description and the tasks of its first stage. */
  record Job(String description, int tasks) {}

  /** Records every job start. */
  static final class Jobs extends SparkListener {
    final List<Job> started = Collections.synchronizedList(new ArrayList<>());

    @Override
    public void onJobStart(SparkListenerJobStart start) {
      String description =
          start.properties() == null ? null : start.properties().getProperty(SparkJobs.DESCRIPTION);
      started.add(new Job(description, start.stageInfos().head().numTasks()));
    }

    /** The jobs started since the last call whose description starts with {@code prefix}. */
    List<Job> startingWith(String prefix) {
      try {
        spark.sparkContext().listenerBus().waitUntilEmpty();
      } catch (java.util.concurrent.TimeoutException e) {
        throw new AssertionError("Spark's listener bus did not drain", e);
      }
      synchronized (started) {
        List<Job> found =
            started.stream()
                .filter(j -> j.description() != null && j.description().startsWith(prefix))
                .toList();
        started.clear();
        return found;
      }
    }
  }

  @BeforeAll
  static void start() {
    spark = TestSpark$.MODULE$.session();
    spark.sparkContext().addSparkListener(jobs);
  }

  @AfterAll
  static void stop() {
    spark.sparkContext().removeSparkListener(jobs);
  }

  @AfterEach
  void clearDescription() {
    spark.sparkContext().setLocalProperty(SparkJobs.DESCRIPTION, null);
  }

  @Test
  void anInsertShowsRecordsFilesAndBytesAndDescribesItsJob() {
    sql("DROP TABLE IF EXISTS default.wm_files");
    sql("CREATE TABLE default.wm_files (id BIGINT, p INT) PARTITIONED BY (p)");
    sql("INSERT INTO default.wm_files VALUES (0, 0)");
    Map<String, Long> before = files("wm_files");
    jobs.startingWith("");
    spark.sparkContext().setJobDescription("outer statement");

    SparkPlan write =
        writeNode(
            spark.sql(
                "INSERT INTO default.wm_files SELECT /*+ REPARTITION(2) */ id, CAST(id % 3 AS INT)"
                    + " FROM range(300)"));

    Map<String, Long> added = files("wm_files");
    added.keySet().removeAll(before.keySet());
    assertThat(added).hasSizeGreaterThanOrEqualTo(3);
    assertThat(metric(write, WriteMetrics.RECORDS_WRITTEN)).isEqualTo(300);
    assertThat(metric(write, WriteMetrics.DATA_FILES_WRITTEN)).isEqualTo(added.size());
    assertThat(metric(write, WriteMetrics.DATA_BYTES_WRITTEN))
        .isEqualTo(added.values().stream().mapToLong(Long::longValue).sum());
    assertThat(metric(write, WriteMetrics.COMMIT_RETRIES)).isZero();
    assertThat(metric(write, WriteMetrics.SNAPSHOTS_EXPIRED)).isZero();
    assertThat(metric(write, WriteMetrics.PARTITIONS_EXPIRED)).isZero();
    assertThat(jobs.startingWith("Strata append to default.wm_files"))
        .extracting(Job::description)
        .containsOnly("Strata append to default.wm_files: outer statement");
    assertThat(spark.sparkContext().getLocalProperty(SparkJobs.DESCRIPTION))
        .isEqualTo("outer statement");
  }

  @Test
  void anInsertShowsTheSnapshotsAndPartitionsItsMaintenanceExpired() {
    sql("DROP TABLE IF EXISTS default.wm_expire");
    sql(
        "CREATE TABLE default.wm_expire (id BIGINT, dt STRING) PARTITIONED BY (dt) TBLPROPERTIES"
            + " ('snapshot.num-retained.min' = '1', 'snapshot.num-retained.max' = '1',"
            + " 'partition.expiration-time' = '1 d', 'partition.timestamp-formatter' = 'yyyyMMdd',"
            + " 'partition.expiration-check-interval' = '0 s')");
    sql("INSERT INTO default.wm_expire VALUES (1, '29990101')");
    long earliestBefore = earliestSnapshot("wm_expire");

    SparkPlan write;
    String expiredLine;
    try (LogCapture log = LogCapture.of(SnapshotExpiration.class)) {
      write =
          writeNode(
              spark.sql("INSERT INTO default.wm_expire VALUES (2, '20000101'), (3, '29990102')"));
      expiredLine = log.single("Expired");
    }

    long earliestAfter = earliestSnapshot("wm_expire");
    long partitionsAfter = spark.sql("SELECT * FROM default.`wm_expire$partitions`").count();
    // One partition before, two inserted: what is missing now was expired.
    assertThat(metric(write, WriteMetrics.PARTITIONS_EXPIRED)).isEqualTo(3 - partitionsAfter);
    assertThat(metric(write, WriteMetrics.PARTITIONS_EXPIRED)).isEqualTo(1);
    assertThat(metric(write, WriteMetrics.SNAPSHOTS_EXPIRED))
        .isEqualTo(earliestAfter - earliestBefore);
    assertThat(expiredLine)
        .startsWith(
            "Expired "
                + (earliestAfter - earliestBefore)
                + " snapshots ("
                + earliestBefore
                + ".."
                + (earliestAfter - 1)
                + ") of default.wm_expire, deleted ");
  }

  @Test
  void compactionDescribesItsJobAndLogsTheFilesItReplaced() {
    sql("DROP TABLE IF EXISTS default.wm_compact");
    sql(
        "CREATE TABLE default.wm_compact (id BIGINT, v STRING) TBLPROPERTIES"
            + " ('primary-key' = 'id', 'bucket' = '3', 'write-only' = 'true')");
    for (int round = 0; round < 3; round++) {
      sql("INSERT INTO default.wm_compact SELECT id, 'r" + round + "' FROM range(100)");
    }
    Set<String> before = files("wm_compact").keySet();
    jobs.startingWith("");

    String line;
    try (LogCapture log = LogCapture.of(CompactionSummary.class)) {
      sql("CALL strata.sys.compact(table => 'default.wm_compact')");
      line = log.single("Compacted");
    }

    Set<String> after = files("wm_compact").keySet();
    Set<String> removed = new HashSet<>(before);
    removed.removeAll(after);
    Set<String> added = new HashSet<>(after);
    added.removeAll(before);
    List<Job> compactions = jobs.startingWith("Strata compact default.wm_compact: ");
    assertThat(compactions).hasSize(1);
    Job job = compactions.get(0);
    assertThat(job.description()).isEqualTo("Strata compact default.wm_compact: 3 buckets (full)");
    assertThat(job.tasks()).isEqualTo(3);
    Matcher m =
        Pattern.compile(
                "Compacted 3 buckets of default\\.wm_compact in 3 Spark tasks: (\\d+) files \\(.*\\)"
                    + " into (\\d+) files \\(.*\\), snapshot \\d+, in \\d+\\.\\d s")
            .matcher(line);
    assertThat(m.matches()).as(line).isTrue();
    assertThat(Integer.parseInt(m.group(1))).isEqualTo(removed.size());
    assertThat(Integer.parseInt(m.group(2))).isEqualTo(added.size());
    assertThat(spark.sparkContext().getLocalProperty(SparkJobs.DESCRIPTION)).isNull();
  }

  @Test
  void sortCompactionDescribesItsJobs() {
    sql("DROP TABLE IF EXISTS default.wm_sort");
    sql("CREATE TABLE default.wm_sort (a INT, b BIGINT)");
    for (int round = 0; round < 2; round++) {
      sql(
          "INSERT INTO default.wm_sort SELECT /*+ REPARTITION(1) */ CAST(id % 7 AS INT), id"
              + " FROM range(50)");
    }
    jobs.startingWith("");

    try (LogCapture log = LogCapture.of(CompactionSummary.class)) {
      sql(
          "CALL strata.sys.compact(table => 'default.wm_sort', order_strategy => 'zorder',"
              + " order_by => 'a,b')");
      assertThat(log.single("Compacted"))
          .matches(
              "Compacted 1 bucket of default\\.wm_sort by sorting in 1 Spark task: 2 files \\(.*\\)"
                  + " into 1 file \\(.*\\), snapshot 3, in \\d+\\.\\d s");
    }

    List<Job> sorting = jobs.startingWith("Strata sort compaction of default.wm_sort: ");
    assertThat(sorting).isNotEmpty();
    assertThat(sorting)
        .extracting(Job::description)
        .allMatch(d -> d.matches(".*: \\d+(\\.\\d)? K?B in 1 task \\(zorder by a,b\\)"));
    assertThat(spark.sparkContext().getLocalProperty(SparkJobs.DESCRIPTION)).isNull();
  }

  @Test
  void distributedOrphanListingDescribesItsJob() throws IOException {
    sql("DROP TABLE IF EXISTS default.wm_orphans");
    sql("CREATE TABLE default.wm_orphans (id BIGINT, p INT) PARTITIONED BY (p)");
    sql("INSERT INTO default.wm_orphans SELECT id, CAST(id % 4 AS INT) FROM range(8)");
    Path root = TestSpark$.MODULE$.warehouse().resolve("default.db/wm_orphans");
    long dataDirs;
    try (Stream<Path> children = Files.list(root)) {
      Set<String> metadata = Set.of("snapshot", "schema", "tag", "consumer");
      dataDirs =
          children
              .filter(Files::isDirectory)
              .filter(d -> !metadata.contains(d.getFileName().toString()))
              .count();
    }
    jobs.startingWith("");
    spark.sparkContext().setJobDescription("outer");

    sql(
        "CALL strata.sys.remove_orphan_files(table => 'default.wm_orphans', dry_run => true,"
            + " mode => 'distributed')");

    assertThat(jobs.startingWith("Strata remove_orphan_files on default.wm_orphans"))
        .extracting(Job::description)
        .containsExactly(
            "Strata remove_orphan_files on default.wm_orphans: list " + dataDirs + " directories");
    assertThat(spark.sparkContext().getLocalProperty(SparkJobs.DESCRIPTION)).isEqualTo("outer");
    assertThat(spark.sparkContext().getLocalProperty(SparkJobs.GROUP)).isNull();
  }

  /** The write node of an executed INSERT. */
  private static SparkPlan writeNode(Dataset<Row> statement) {
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

  /** The live data files of a table, by path, with their sizes. */
  private static Map<String, Long> files(String table) {
    return spark
        .sql("SELECT file_path, file_size_in_bytes FROM default.`" + table + "$files`")
        .collectAsList()
        .stream()
        .collect(Collectors.toMap(r -> r.getString(0), r -> r.getLong(1)));
  }

  private static long earliestSnapshot(String table) {
    return spark
        .sql("SELECT min(snapshot_id) FROM default.`" + table + "$snapshots`")
        .first()
        .getLong(0);
  }

  private static void sql(String s) {
    spark.sql(s).collect();
  }
}

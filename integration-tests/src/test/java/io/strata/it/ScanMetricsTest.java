package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.manifest.ManifestCache;
import io.strata.spark.read.ScanMetrics;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.classic.SparkSession;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A scan's custom metrics, read back from the SQL metrics of its BatchScanExec node. */
class ScanMetricsTest {

  private static SparkSession spark;
  private static final String T = "strata.default.metrics_parts";
  private static final String R = "strata.default.metrics_row_groups";

  @BeforeAll
  static void start() {
    spark = TestSpark$.MODULE$.session();
    sql("DROP TABLE IF EXISTS " + T);
    sql("CREATE TABLE " + T + " (id BIGINT, p INT) PARTITIONED BY (p)");
    // One manifest per commit: p=1; p=2 with ids 10..12; p=1 and p=2 with ids 5..6.
    insert(T, "(1, 1), (2, 1), (3, 1)");
    insert(T, "(10, 2), (11, 2), (12, 2)");
    insert(T, "(4, 1), (5, 2), (6, 2)");
    sql("DROP TABLE IF EXISTS " + R);
    // A tiny row-group size closes a row group at every size check: many row groups per file.
    sql(
        "CREATE TABLE "
            + R
            + " (id BIGINT, digest STRING) TBLPROPERTIES ('parquet.block.size' = '1')");
    sql(
        "INSERT INTO "
            + R
            + " SELECT /*+ REPARTITION(1) */ id, sha2(CAST(id AS STRING), 256) FROM range(5000)");
  }

  private static void insert(String table, String values) {
    sql("INSERT INTO " + table + " SELECT /*+ REPARTITION(1) */ * FROM VALUES " + values);
  }

  @Test
  void planningMetricsCountManifestsAndFilesSkippedAndCacheHits() {
    ManifestCache.shared().clear();
    String q = "SELECT * FROM " + T + " WHERE p = 2 AND id >= 11";

    BatchScanExec cold = scanOf(q, 2);
    assertThat(metric(cold, ScanMetrics.SNAPSHOT_ID)).isEqualTo(3);
    assertThat(metric(cold, ScanMetrics.MANIFESTS)).isEqualTo(3);
    assertThat(metric(cold, ScanMetrics.MANIFESTS_SKIPPED)).isEqualTo(1);
    assertThat(metric(cold, ScanMetrics.MANIFESTS_FROM_STORAGE)).isEqualTo(2);
    assertThat(metric(cold, ScanMetrics.MANIFESTS_FROM_CACHE)).isZero();
    assertThat(metric(cold, ScanMetrics.SKIPPED_BY_PARTITION)).isEqualTo(1);
    assertThat(metric(cold, ScanMetrics.SKIPPED_BY_STATS)).isEqualTo(1);
    assertThat(metric(cold, ScanMetrics.SKIPPED_BY_BUCKET)).isZero();
    assertThat(metric(cold, ScanMetrics.DATA_FILES)).isEqualTo(1);
    assertThat(metric(cold, ScanMetrics.SPLITS)).isEqualTo(1);
    assertThat(metric(cold, ScanMetrics.PLANNING_TIME)).isNotNegative();
    assertThat(metric(cold, ScanMetrics.BYTES_READ)).isPositive();
    assertThat(metric(cold, ScanMetrics.ROW_GROUPS_SKIPPED)).isZero();

    BatchScanExec warm = scanOf(q, 2);
    assertThat(metric(warm, ScanMetrics.MANIFESTS_FROM_CACHE)).isEqualTo(2);
    assertThat(metric(warm, ScanMetrics.MANIFESTS_FROM_STORAGE)).isZero();
  }

  @Test
  void rowGroupsSkippedByStatisticsAreCounted() throws IOException {
    List<BlockMetaData> rowGroups = rowGroupsOf(R);
    long expected = rowGroups.stream().filter(b -> maxId(b) < 4990).count();
    assertThat(rowGroups.size()).as("the file has several row groups").isGreaterThan(2);
    assertThat(expected).isPositive();

    BatchScanExec scan = scanOf("SELECT * FROM " + R + " WHERE id >= 4990", 10);
    BatchScanExec full = scanOf("SELECT * FROM " + R, 5000);

    assertThat(metric(scan, ScanMetrics.ROW_GROUPS_SKIPPED)).isEqualTo(expected);
    assertThat(metric(full, ScanMetrics.ROW_GROUPS_SKIPPED)).isZero();
    long chunks = rowGroups.stream().mapToLong(BlockMetaData::getCompressedSize).sum();
    long keptChunks =
        rowGroups.stream()
            .filter(b -> maxId(b) >= 4990)
            .mapToLong(BlockMetaData::getCompressedSize)
            .sum();
    assertThat(metric(full, ScanMetrics.BYTES_READ)).isEqualTo(chunks);
    assertThat(metric(scan, ScanMetrics.BYTES_READ)).isEqualTo(keptChunks);
  }

  private static long maxId(BlockMetaData block) {
    return ((Number) block.getColumns().get(0).getStatistics().genericGetMax()).longValue();
  }

  private static List<BlockMetaData> rowGroupsOf(String table) throws IOException {
    Path file = dataFile(table);
    try (ParquetFileReader reader =
        ParquetFileReader.open(
            HadoopInputFile.fromPath(
                new org.apache.hadoop.fs.Path(file.toUri()), new Configuration()))) {
      return reader.getFooter().getBlocks();
    }
  }

  /** The table's one data file. */
  private static Path dataFile(String table) throws IOException {
    Path dir = TestSpark$.MODULE$.warehouse().resolve("default.db").resolve(table.substring(15));
    try (Stream<Path> files = Files.walk(dir)) {
      List<Path> data = files.filter(f -> f.getFileName().toString().startsWith("data-")).toList();
      assertThat(data).hasSize(1);
      return data.get(0);
    }
  }

  /** The one Strata scan of {@code query}, after checking how many rows it returned. */
  static BatchScanExec scanOf(String query, int expectedRows) {
    Dataset<Row> df = TestSpark$.MODULE$.session().sql(query);
    assertThat(df.collectAsList()).hasSize(expectedRows);
    List<BatchScanExec> scans = new ArrayList<>();
    collect(df.queryExecution().executedPlan(), scans);
    assertThat(scans).hasSize(1);
    return scans.get(0);
  }

  static long metric(BatchScanExec scan, String name) {
    return scan.metrics().apply(name).value();
  }

  private static void collect(SparkPlan plan, List<BatchScanExec> found) {
    found.addAll(SparkPlans.find(plan, BatchScanExec.class));
  }

  private static void sql(String s) {
    spark.sql(s).collect();
  }
}

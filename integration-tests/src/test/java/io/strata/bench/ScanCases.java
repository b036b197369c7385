package io.strata.bench;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.spark.sql.SparkSession;

/**
 * The scan cases of {@link ReadBench}: one table {@code (id BIGINT, v INT, d DOUBLE, s STRING, p
 * INT)} of 20 partitions ({@code p = id % 20}), written from the same {@code range} by Strata,
 * Iceberg and Delta (each its own copy; ids ascend within every file), and Spark's raw Parquet
 * reader over Strata's files as the ceiling. Every engine answers the same query.
 */
final class ScanCases {

  private static final String STRATA_TABLE = "strata.bench.t";
  private static final String ICEBERG_TABLE = "iceberg.bench.t";
  private static final String SUMS = "sum(id), sum(v), sum(d), sum(length(s)), count(*)";

  private final SparkSession spark;
  private final Path dir;
  private final long rows;
  private final int reps;

  ScanCases(SparkSession spark, Path dir, long rows, int reps) {
    this.spark = spark;
    this.dir = dir;
    this.rows = rows;
    this.reps = reps;
  }

  /** Writes the three copies and registers the raw views {@code raw_t} and {@code raw_p7}. */
  void setUp() {
    String select =
        "SELECT id, CAST(id % 1000003 AS INT) AS v, CAST(id * 0.5 AS DOUBLE) AS d,"
            + " concat('s', CAST(id % 10007 AS STRING)) AS s, CAST(id % 20 AS INT) AS p"
            + " FROM range("
            + rows
            + ")";
    String columns = "(id BIGINT, v INT, d DOUBLE, s STRING, p INT)";
    long start = System.nanoTime();
    spark.sql("CREATE TABLE " + STRATA_TABLE + " " + columns + " PARTITIONED BY (p)");
    spark.sql("INSERT INTO " + STRATA_TABLE + " " + select);
    long strata = System.nanoTime();
    // Fanout without a distribution keeps each task's id order, as Strata's writer does.
    spark.sql(
        "CREATE TABLE "
            + ICEBERG_TABLE
            + " "
            + columns
            + " USING iceberg PARTITIONED BY (p) TBLPROPERTIES"
            + " ('write.distribution-mode' = 'none', 'write.spark.fanout.enabled' = 'true')");
    spark.sql("INSERT INTO " + ICEBERG_TABLE + " " + select);
    long iceberg = System.nanoTime();
    spark.sql(select).write().format("delta").partitionBy("p").save(deltaPath());
    System.err.printf(
        "scan table: %,d rows written by Strata in %s s, Iceberg %s s, Delta %s s%n",
        rows,
        BenchSupport.fmt(BenchSupport.seconds(strata - start)),
        BenchSupport.fmt(BenchSupport.seconds(iceberg - strata)),
        BenchSupport.fmt(BenchSupport.seconds(System.nanoTime() - iceberg)));
    String files = dir.resolve("strata/bench.db/t").toString();
    spark.read().parquet(files + "/p=*/bucket-*/*.parquet").createOrReplaceTempView("raw_t");
    spark.read().parquet(files + "/p=7/bucket-*/*.parquet").createOrReplaceTempView("raw_p7");
  }

  /** Runs the five scan cases into {@code results}. */
  void run(ReadResults results) {
    long low = rows / 2 + rows / 10;
    String range = " WHERE id BETWEEN " + low + " AND " + (low + rows / 1000);
    measure(
        results,
        "full scan, sum of every column",
        "SELECT sum(id), sum(v), sum(d), sum(length(s)), sum(p) FROM %s",
        "raw_t");
    measure(results, "count(*)", "SELECT count(*) FROM %s", "raw_t");
    measure(
        results,
        "one partition of 20 (p = 7)",
        "SELECT " + SUMS + " FROM %s WHERE p = 7",
        "raw_p7");
    measure(
        results,
        "range filter on sorted id (0.1%)",
        "SELECT " + SUMS + " FROM %s" + range,
        "raw_t");
    measure(results, "one-column projection", "SELECT sum(v) FROM %s", "raw_t");
  }

  private void measure(ReadResults results, String name, String query, String rawView) {
    Map<String, String> queries = new LinkedHashMap<>();
    queries.put(ReadResults.CEILING, String.format(query, rawView));
    queries.put(ReadResults.STRATA, String.format(query, STRATA_TABLE));
    queries.put(ReadResults.ICEBERG, String.format(query, ICEBERG_TABLE));
    queries.put(ReadResults.DELTA, String.format(query, "delta.`" + deltaPath() + "`"));
    results.add(name, Timing.interleavedSql(spark, reps, queries));
  }

  private String deltaPath() {
    return dir.resolve("delta/t").toString();
  }
}

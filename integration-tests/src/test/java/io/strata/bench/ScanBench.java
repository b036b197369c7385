package io.strata.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Issue 12: scan speed of Strata's columnar and row read paths against Spark's own Parquet reader
 * on the very same data files (the ceiling). In one SparkSession ({@code local[2]}), Strata writes
 * an append table of {@code rows} rows {@code (id BIGINT, v INT, d DOUBLE, s STRING, p INT)}
 * partitioned by {@code p} into 20 partitions; then each query runs once to warm up and {@code
 * reps} times timed (median reported) on Strata with {@code read.columnar.enabled} true, false, and
 * on {@code spark.read.parquet} of the table's data files.
 *
 * <p>Usage: {@code scripts/bench ScanBench [rows=5000000] [reps=3]}.
 */
public final class ScanBench {

  private static final String COLUMNAR = "spark.strata.read.columnar.enabled";

  private ScanBench() {}

  public static void main(String[] args) throws Exception {
    int rows = BenchSupport.intArg(args, 0, 5_000_000);
    int reps = BenchSupport.intArg(args, 1, 3);
    Path dir = BenchSupport.workDir("scan");
    SparkSession spark =
        SparkSession.builder()
            .master("local[2]")
            .appName("strata-scan-bench")
            .config("spark.ui.enabled", "false")
            .config("spark.sql.shuffle.partitions", "2")
            .config("spark.sql.session.timeZone", "UTC")
            .config("spark.sql.warehouse.dir", dir.resolve("spark-warehouse").toString())
            .config("spark.sql.catalog.strata", "io.strata.spark.StrataCatalog")
            .config("spark.sql.catalog.strata.warehouse", dir.resolve("warehouse").toString())
            .getOrCreate();
    try {
      run(spark, dir, rows, reps);
    } finally {
      spark.stop();
      BenchSupport.deleteTree(dir);
    }
  }

  private static void run(SparkSession spark, Path dir, int rows, int reps)
      throws java.io.IOException {
    spark.sql("CREATE DATABASE strata.bench");
    spark.sql(
        "CREATE TABLE strata.bench.t (id BIGINT, v INT, d DOUBLE, s STRING, p INT)"
            + " PARTITIONED BY (p)");
    long start = System.nanoTime();
    spark.sql(
        "INSERT INTO strata.bench.t SELECT id, CAST(id % 1000003 AS INT), id * 0.5,"
            + " concat('s', CAST(id % 10007 AS STRING)), CAST(id % 20 AS INT)"
            + " FROM range("
            + rows
            + ")");
    System.out.printf(
        "wrote %,d rows in %s s%n",
        rows, BenchSupport.fmt(BenchSupport.seconds(System.nanoTime() - start)));
    spark
        .read()
        .parquet(dir.resolve("warehouse/bench.db/t").toString() + "/p=*/bucket-*/*.parquet")
        .createOrReplaceTempView("raw");

    String[][] queries = {
      {
        "full scan, sum of every column",
        "SELECT sum(id), sum(v), sum(d), sum(length(s)), sum(p) FROM %s"
      },
      {"one-column projection", "SELECT sum(v) FROM %s"},
      {"count(*)", "SELECT count(*) FROM %s"},
    };
    List<String[]> table = new ArrayList<>();
    table.add(
        new String[] {
          "query",
          "columnar s",
          "row path s",
          "raw parquet s",
          "columnar/raw",
          "row/raw",
          "row/columnar"
        });
    for (String[] q : queries) {
      spark.conf().unset(COLUMNAR);
      double columnar = median(spark, String.format(q[1], "strata.bench.t"), reps);
      spark.conf().set(COLUMNAR, "false");
      double row = median(spark, String.format(q[1], "strata.bench.t"), reps);
      spark.conf().unset(COLUMNAR);
      double raw = median(spark, String.format(q[1], "raw"), reps);
      Row strata = collect(spark, String.format(q[1], "strata.bench.t"));
      Row ceiling = collect(spark, String.format(q[1], "raw"));
      if (!strata.equals(ceiling)) {
        throw new IllegalStateException(q[0] + ": Strata " + strata + " != raw " + ceiling);
      }
      table.add(
          new String[] {
            q[0],
            BenchSupport.fmt(columnar),
            BenchSupport.fmt(row),
            BenchSupport.fmt(raw),
            BenchSupport.fmt(columnar / raw) + "x",
            BenchSupport.fmt(row / raw) + "x",
            BenchSupport.fmt(row / columnar) + "x"
          });
    }
    BenchSupport.printTable(
        String.format(
            "Scan of %,d rows x 5 columns, 20 partitions, local[2], median of %d", rows, reps),
        table);
  }

  private static String[] dataFiles(Path tableDir) throws java.io.IOException {
    try (java.util.stream.Stream<Path> files = java.nio.file.Files.walk(tableDir)) {
      return files
          .filter(f -> f.getFileName().toString().endsWith(".parquet"))
          .map(Path::toString)
          .toArray(String[]::new);
    }
  }

  /** Seconds of the median of {@code reps} timed runs, after one warm-up run. */
  private static double median(SparkSession spark, String query, int reps) {
    Row expected = collect(spark, query);
    double[] times = new double[reps];
    for (int i = 0; i < reps; i++) {
      long start = System.nanoTime();
      Row got = collect(spark, query);
      times[i] = BenchSupport.seconds(System.nanoTime() - start);
      if (!got.equals(expected)) {
        throw new IllegalStateException(query + ": " + got + " != " + expected);
      }
    }
    Arrays.sort(times);
    return times[reps / 2];
  }

  private static Row collect(SparkSession spark, String query) {
    Dataset<Row> df = spark.sql(query);
    return df.collectAsList().get(0);
  }
}

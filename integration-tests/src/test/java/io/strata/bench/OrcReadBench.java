package io.strata.bench;

import java.nio.file.Path;
import java.util.Locale;
import org.apache.spark.sql.SparkSession;

/**
 * Full scans of an ORC table on the row path (table-core's ORC reader, rows converted for Spark)
 * and on the columnar path (orc-core's vectors seen as Spark columns), with the same rows in a
 * Parquet table (columnar) for reference, in one SparkSession ({@code local[2]}). Each query runs
 * once to warm up and {@code reps} times timed (median reported); the answers must agree.
 *
 * <p>Usage: {@code scripts/bench OrcReadBench [rows=2000000] [reps=3]}.
 */
public final class OrcReadBench {

  private static final String COLUMNAR = "spark.strata.read.columnar.enabled";

  private OrcReadBench() {}

  public static void main(String[] args) throws Exception {
    long rows = args.length > 0 ? Long.parseLong(args[0]) : 2_000_000L;
    int reps = BenchSupport.intArg(args, 1, 3);
    Path dir = BenchSupport.workDir("orc-read");
    SparkSession spark = PeerSession.create(dir);
    try {
      spark.sql("CREATE DATABASE strata.bench");
      for (String format : new String[] {"orc", "parquet"}) {
        spark.sql(
            "CREATE TABLE strata.bench."
                + format
                + " (id BIGINT, v DOUBLE, s STRING, d DECIMAL(10, 2), ts TIMESTAMP_NTZ, p INT)"
                + " PARTITIONED BY (p) TBLPROPERTIES ('file.format' = '"
                + format
                + "')");
        spark.sql(
            "INSERT INTO strata.bench."
                + format
                + " SELECT id, id * 0.5, CONCAT('s', id % 1000), CAST(id % 100000 AS DECIMAL(10,"
                + " 2)), TIMESTAMP_NTZ '2026-01-01 00:00:00' + make_interval(0, 0, 0, 0, 0, 0,"
                + " id % 86400), CAST(id % 20 AS INT) FROM range("
                + rows
                + ")");
      }
      // A data filter keeps Strata from answering the aggregates from manifests: every row is read.
      String query =
          "SELECT count(*), sum(id), sum(v), max(s), sum(d), max(ts) FROM strata.bench.%s"
              + " WHERE v >= 0";
      spark.conf().set(COLUMNAR, "false");
      Timing orcRows = Timing.sql(spark, reps, String.format(query, "orc"));
      spark.conf().set(COLUMNAR, "true");
      Timing orcColumnar = Timing.sql(spark, reps, String.format(query, "orc"));
      Timing parquetColumnar = Timing.sql(spark, reps, String.format(query, "parquet"));
      if (!orcRows.answer().equals(orcColumnar.answer())
          || !orcRows.answer().equals(parquetColumnar.answer())) {
        throw new IllegalStateException(
            "Answers differ: "
                + orcRows.answer()
                + " / "
                + orcColumnar.answer()
                + " / "
                + parquetColumnar.answer());
      }
      System.out.printf(
          Locale.ROOT,
          "OrcReadBench: %,d rows x 5 columns in 20 partitions, full scan with aggregates,"
              + " local[2], median of %d after a warm-up%n%n"
              + "| read | seconds |%n|---|---:|%n"
              + "| ORC, row path | %.2f |%n| ORC, columnar | %.2f |%n| Parquet, columnar | %.2f"
              + " |%n",
          rows,
          reps,
          orcRows.seconds(),
          orcColumnar.seconds(),
          parquetColumnar.seconds());
    } finally {
      spark.stop();
      BenchSupport.deleteTree(dir);
    }
  }
}

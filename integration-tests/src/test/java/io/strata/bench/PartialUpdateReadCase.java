package io.strata.bench;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.sql.SparkSession;

/**
 * The partial-update case of {@link ReadBench}: {@code RUNS} batches into a {@code partial-update}
 * Strata table {@code (id BIGINT primary key, a BIGINT, s STRING)} of 2 buckets ({@code
 * write-only}, so each batch stays a sorted run), batch {@code r} writing keys {@code [r * n/2, r *
 * n/2 + n)} with {@code a} set by even batches and {@code s} by odd ones (the other column NULL).
 * Strata reads it merged from batches (the default) and on table-core's row path ({@code
 * read.columnar.enabled = false}, how every partial-update table was read before); Paimon's Java
 * API reads the very table, one split per thread on 2 threads.
 */
final class PartialUpdateReadCase {

  private static final String TABLE = "strata.bench.pu";
  private static final String QUERY =
      "SELECT count(*), sum(id), sum(a), sum(length(s)) FROM " + TABLE;
  private static final String COLUMNAR = "spark.strata.read.columnar.enabled";

  private final SparkSession spark;
  private final Path dir;
  private final long perRun;
  private final int reps;

  PartialUpdateReadCase(SparkSession spark, Path dir, long perRun, int reps) {
    this.spark = spark;
    this.dir = dir;
    this.perRun = perRun;
    this.reps = reps;
  }

  void run(ReadResults results) throws Exception {
    spark.sql(
        "CREATE TABLE "
            + TABLE
            + " (id BIGINT, a BIGINT, s STRING) TBLPROPERTIES ('primary-key' = 'id',"
            + " 'bucket' = '2', 'merge-engine' = 'partial-update', 'write-only' = 'true')");
    for (int r = 0; r < ReadScale.RUNS; r++) {
      spark.sql("INSERT INTO " + TABLE + " " + batch(r));
    }
    Timing paimon = Timing.of(reps, this::paimonRead);
    Map<String, Timing> batches = new LinkedHashMap<>();
    batches.put(ReadResults.STRATA, Timing.sql(spark, reps, QUERY));
    batches.put(ReadResults.PAIMON, paimon);
    results.add(
        String.format(Locale.ROOT, "partial-update merge read, %d sorted runs", ReadScale.RUNS),
        batches);
    spark.conf().set(COLUMNAR, "false");
    Map<String, Timing> rows = new LinkedHashMap<>();
    try {
      rows.put(ReadResults.STRATA, Timing.sql(spark, reps, QUERY));
    } finally {
      spark.conf().unset(COLUMNAR);
    }
    rows.put(ReadResults.PAIMON, paimon);
    results.add(
        String.format(
            Locale.ROOT,
            "partial-update merge read, %d sorted runs, Strata's row path",
            ReadScale.RUNS),
        rows);
  }

  /** Batch {@code r}: keys {@code [r * n/2, r * n/2 + n)}; even batches set a, odd ones s. */
  private String batch(int r) {
    long from = r * (perRun / 2);
    String a = r % 2 == 0 ? "CAST(" + r + " AS BIGINT)" : "CAST(NULL AS BIGINT)";
    String s =
        r % 2 == 1 ? "concat('run-" + r + "-', CAST(id % 1000 AS STRING))" : "CAST(NULL AS STRING)";
    return "SELECT id, "
        + a
        + " AS a, "
        + s
        + " AS s FROM range("
        + from
        + ", "
        + (from + perRun)
        + ")";
  }

  /** Paimon reads Strata's table. */
  private String paimonRead() {
    return BenchSupport.paimonSums(tablePath());
  }

  private Path tablePath() {
    return dir.resolve("strata/bench.db/pu");
  }
}

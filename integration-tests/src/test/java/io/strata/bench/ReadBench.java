package io.strata.bench;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Set;
import org.apache.spark.sql.SparkSession;

/**
 * Issue 12: read speed of Strata against Apache Iceberg 1.11.0, Delta Lake 4.1.0 and Apache Paimon
 * 1.3.1, with Spark's own Parquet reader on Strata's very files as the ceiling, in ONE SparkSession
 * ({@code local[2]}). Cases: scans ({@link ScanCases}), a primary-key merge read across 5 sorted
 * runs ({@link MergeReadCase}), planning a table of many partitions and snapshots ({@link
 * PlanningCase}) and a join of two fixed-bucket tables ({@link JoinCase}). Each case runs its
 * engines side by side ({@link Timing#interleaved}): two warm-up rounds, then {@code reps} timed
 * rounds that run every engine once each (median reported), and every engine's answer is checked
 * against the others'.
 *
 * <p>Prints a Markdown table to stdout (progress goes to stderr) and writes the CSV that {@code
 * scripts/bench-chart} turns into a PNG.
 *
 * <p>Usage: {@code scripts/bench ReadBench [scale=0.5] [reps=3]
 * [csv=integration-tests/target/read-bench.csv] [cases=scan,merge,plan,join]} (also {@code
 * partial-update}, not run by default). Scale 1 is the full shapes: 10M scan rows, 5 runs
 * of 1M upserts, 2 x 4M join rows and 2,000 partitions x 4 buckets x 3 files in 500 snapshots; the
 * default 0.5 halves them all so that a run fits in about 15 minutes on 2 idle cores; 0.01 is a
 * smoke run.
 */
public final class ReadBench {

  private static final double DEFAULT_SCALE = 0.5;

  private ReadBench() {}

  public static void main(String[] args) throws Exception {
    ReadScale scale = new ReadScale(args.length > 0 ? Double.parseDouble(args[0]) : DEFAULT_SCALE);
    int reps = BenchSupport.intArg(args, 1, 3);
    Path csv = Path.of(args.length > 2 ? args[2] : "integration-tests/target/read-bench.csv");
    Set<String> cases = Set.of((args.length > 3 ? args[3] : "scan,merge,plan,join").split(","));
    Path dir = BenchSupport.workDir("read");
    SparkSession spark = PeerSession.create(dir);
    long start = System.nanoTime();
    ReadResults results = new ReadResults();
    try {
      run(spark, dir, scale, reps, cases, results);
    } finally {
      spark.stop();
      BenchSupport.deleteTree(dir);
    }
    System.out.printf(
        Locale.ROOT,
        "ReadBench scale %s: %,d scan rows x 5 columns in 20 partitions, local[2], median of %d"
            + " interleaved rounds after 2 warm-up rounds (whole run %.0f s)%n%n",
        scale.factor(),
        scale.scanRows(),
        reps,
        BenchSupport.seconds(System.nanoTime() - start));
    System.out.print(results.markdown());
    results.writeCsv(csv);
    System.err.println("wrote " + csv);
  }

  private static void run(
      SparkSession spark,
      Path dir,
      ReadScale scale,
      int reps,
      Set<String> cases,
      ReadResults results)
      throws Exception {
    spark.sql("CREATE DATABASE strata.bench");
    spark.sql("CREATE NAMESPACE iceberg.bench");
    if (cases.contains("scan")) {
      ScanCases scans = new ScanCases(spark, dir, scale.scanRows(), reps);
      scans.setUp();
      scans.run(results);
    }
    if (cases.contains("merge")) {
      new MergeReadCase(spark, dir, scale.upsertsPerRun(), reps).run(results);
    }
    if (cases.contains("partial-update")) {
      new PartialUpdateReadCase(spark, dir, scale.upsertsPerRun(), reps).run(results);
    }
    if (cases.contains("plan")) {
      new PlanningCase(dir, scale.planPartitions(), scale.planSnapshots(), reps).run(results);
    }
    if (cases.contains("join")) {
      new JoinCase(spark, dir, scale.joinRows(), reps).run(results);
    }
  }
}

package io.strata.bench;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.spark.sql.SparkSession;

/**
 * A join of two fixed-bucket tables on their bucket key: {@code ja (id, v)} of {@code rows} keys
 * and {@code jb (id, w)} of {@code rows} even keys, 4 buckets on {@code id}. Strata's tables are
 * fixed-bucket append tables read with {@code read.bucketed-scan.enabled} (a storage-partitioned
 * join), Iceberg's are partitioned by {@code bucket(4, id)} and read with Iceberg's defaults, so
 * without a storage-partitioned join ({@code spark.sql.iceberg.planning.preserve-data-grouping} is
 * false); the ceiling joins Spark's raw Parquet reads of Strata's files. Broadcast joins are off in
 * the session, so whatever has no storage-partitioned join shuffles both sides. Notes say which
 * plans shuffle.
 */
final class JoinCase {

  private static final String QUERY =
      "SELECT count(*), sum(a.v), sum(b.w) FROM %s a JOIN %s b ON a.id = b.id";

  private final SparkSession spark;
  private final Path dir;
  private final long rows;
  private final int reps;

  JoinCase(SparkSession spark, Path dir, long rows, int reps) {
    this.spark = spark;
    this.dir = dir;
    this.rows = rows;
    this.reps = reps;
  }

  void run(ReadResults results) {
    write();
    Map<String, String[]> tables = new LinkedHashMap<>();
    tables.put(ReadResults.CEILING, new String[] {"raw_ja", "raw_jb"});
    tables.put(ReadResults.STRATA, new String[] {"strata.bench.ja", "strata.bench.jb"});
    tables.put(ReadResults.ICEBERG, new String[] {"iceberg.bench.ja", "iceberg.bench.jb"});
    Map<String, String> queries = new LinkedHashMap<>();
    StringBuilder shuffles = new StringBuilder("bucketed join plans: ");
    tables.forEach(
        (engine, names) -> {
          String query = String.format(QUERY, names[0], names[1]);
          queries.put(engine, query);
          shuffles
              .append(engine)
              .append(exchanges(query) ? " shuffles" : " has no shuffle")
              .append("; ");
        });
    results.add("bucketed join, 2 × 4 buckets", Timing.interleavedSql(spark, reps, queries));
    results.note(shuffles.toString().replaceAll("; $", "."));
  }

  private void write() {
    long start = System.nanoTime();
    for (String t : new String[] {"ja", "jb"}) {
      String value = t.equals("ja") ? "v" : "w";
      spark.sql(
          "CREATE TABLE strata.bench."
              + t
              + " (id BIGINT, "
              + value
              + " BIGINT) TBLPROPERTIES ('bucket' = '4', 'bucket-key' = 'id',"
              + " 'read.bucketed-scan.enabled' = 'true')");
      spark.sql(
          "CREATE TABLE iceberg.bench."
              + t
              + " (id BIGINT, "
              + value
              + " BIGINT) USING iceberg PARTITIONED BY (bucket(4, id))"
              + " TBLPROPERTIES ('write.spark.fanout.enabled' = 'true')");
      String select =
          "SELECT id * "
              + (t.equals("ja") ? 1 : 2)
              + " AS id, id % 1000 AS "
              + value
              + " FROM range("
              + rows
              + ")";
      spark.sql("INSERT INTO strata.bench." + t + " " + select);
      spark.sql("INSERT INTO iceberg.bench." + t + " " + select);
      spark
          .read()
          .parquet(dir.resolve("strata/bench.db/" + t).toString() + "/bucket-*/*.parquet")
          .createOrReplaceTempView("raw_" + t);
    }
    System.err.printf(
        "join tables: 2 x %,d rows written by Strata and Iceberg in %s s%n",
        rows, BenchSupport.fmt(BenchSupport.seconds(System.nanoTime() - start)));
  }

  /**
   * Whether the physical plan of {@code query} shuffles by key (the final aggregate always does).
   */
  private boolean exchanges(String query) {
    return spark
        .sql(query)
        .queryExecution()
        .executedPlan()
        .toString()
        .contains("Exchange hashpartitioning");
  }
}

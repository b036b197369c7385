package io.strata.bench;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.sql.SparkSession;

/**
 * A filter on a non-key column of primary-key tables whose files each hold a narrow range of it (an
 * event time that grows with the key): one table with deletion vectors, one deduplicate table
 * compacted into one sorted run per bucket, and Spark's raw Parquet reader over the latter's files.
 * Paimon's value filter plans only the files whose stats allow a match.
 *
 * <pre>scripts/bench KeyFilterReadBench [writes=40] [rowsPerWrite=50000] [reps=5]</pre>
 */
public final class KeyFilterReadBench {

  private KeyFilterReadBench() {}

  public static void main(String[] args) throws Exception {
    int writes = BenchSupport.intArg(args, 0, 40);
    int rowsPerWrite = BenchSupport.intArg(args, 1, 50_000);
    int reps = BenchSupport.intArg(args, 2, 5);
    Path dir = BenchSupport.workDir("keyfilter");
    SparkSession spark = PeerSession.create(dir);
    try {
      spark.sql("CREATE DATABASE strata.db");
      String columns = "(id BIGINT NOT NULL, ts BIGINT, v DOUBLE)";
      spark.sql(
          "CREATE TABLE strata.db.dv "
              + columns
              + " TBLPROPERTIES ('primary-key' = 'id', 'bucket' = '2',"
              + " 'deletion-vectors.enabled' = 'true', 'target-file-size' = '1 mb')");
      spark.sql(
          "CREATE TABLE strata.db.compacted "
              + columns
              + " TBLPROPERTIES ('primary-key' = 'id', 'bucket' = '2', 'write-only' = 'true',"
              + " 'target-file-size' = '1 mb')");
      for (int w = 0; w < writes; w++) {
        // Write w holds the next block of keys, all with event time w.
        String rows =
            String.format(
                Locale.ROOT,
                "SELECT id + %d AS id, CAST(%d AS BIGINT) AS ts, id * 0.5 AS v FROM range(%d)",
                (long) w * rowsPerWrite,
                w,
                rowsPerWrite);
        for (String table : new String[] {"dv", "compacted"}) {
          spark.sql("INSERT INTO strata.db." + table + " " + rows).collect();
        }
      }
      spark.sql("CALL strata.sys.compact(table => 'db.compacted')").collect();
      String where = " WHERE ts = " + (writes / 2);
      // The compacted table's live files only: the files the compaction replaced are still there.
      String[] live =
          spark.sql("SELECT file_path FROM strata.db.`compacted$files`").collectAsList().stream()
              .map(r -> r.getString(0))
              .toArray(String[]::new);
      spark.read().parquet(live).createOrReplaceTempView("raw_compacted");
      Map<String, String> queries = new LinkedHashMap<>();
      queries.put("Raw Parquet", "SELECT count(*), sum(v) FROM raw_compacted" + where);
      queries.put("Strata, deletion vectors", "SELECT count(*), sum(v) FROM strata.db.dv" + where);
      queries.put("Strata, compacted", "SELECT count(*), sum(v) FROM strata.db.compacted" + where);
      Map<String, Timing> timings = Timing.interleavedSql(spark, reps, queries);
      long dvFiles = spark.sql("SELECT * FROM strata.db.`dv$files`").count();
      long compactedFiles = spark.sql("SELECT * FROM strata.db.`compacted$files`").count();
      System.out.printf(
          Locale.ROOT,
          "KeyFilterReadBench: %d writes x %,d rows, 2 buckets (%d and %d files), filter on a"
              + " non-key column, local[2], median of %d%n%n"
              + "| read | seconds | ÷ raw | answer |%n|---|---|---|---|%n",
          writes,
          rowsPerWrite,
          dvFiles,
          compactedFiles,
          reps);
      Timing.printRelativeTo("Raw Parquet", timings);
    } finally {
      spark.stop();
      BenchSupport.deleteTree(dir);
    }
  }
}

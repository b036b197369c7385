package io.strata.bench;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.sql.SparkSession;

/**
 * A point lookup on a string column of an append table whose files all span the same values, so
 * neither manifest statistics nor Parquet row-group statistics can skip one: the same rows in a
 * table with bloom-filter file indexes on the column ({@code file-index.bloom-filter.columns}, in
 * {@code .index} files, which tasks check), in one keeping them in the manifest (which planning
 * checks) and in one without, and Spark's raw Parquet reader over the latter's files.
 *
 * <pre>scripts/bench FileIndexReadBench [files=40] [rowsPerFile=50000] [reps=5]</pre>
 */
public final class FileIndexReadBench {

  private FileIndexReadBench() {}

  public static void main(String[] args) throws Exception {
    int files = BenchSupport.intArg(args, 0, 40);
    int rowsPerFile = BenchSupport.intArg(args, 1, 50_000);
    int reps = BenchSupport.intArg(args, 2, 5);
    Path dir = BenchSupport.workDir("fileindex");
    SparkSession spark = PeerSession.create(dir);
    try {
      spark.sql("CREATE DATABASE strata.db");
      String columns = "(id BIGINT, s STRING, v DOUBLE)";
      spark.sql(
          "CREATE TABLE strata.db.indexed "
              + columns
              + " TBLPROPERTIES ('bucket' = '-1', 'write-only' = 'true',"
              + " 'file-index.bloom-filter.columns' = 's',"
              + " 'file-index.bloom-filter.s.items' = '"
              + rowsPerFile
              + "')");
      // The same index kept in the manifest: planning leaves the files it rules out unplanned.
      spark.sql(
          "CREATE TABLE strata.db.embedded "
              + columns
              + " TBLPROPERTIES ('bucket' = '-1', 'write-only' = 'true',"
              + " 'file-index.bloom-filter.columns' = 's',"
              + " 'file-index.bloom-filter.s.items' = '"
              + rowsPerFile
              + "', 'file-index.in-manifest-threshold' = '1 mb')");
      spark.sql(
          "CREATE TABLE strata.db.plain "
              + columns
              + " TBLPROPERTIES ('bucket' = '-1', 'write-only' = 'true')");
      for (int f = 0; f < files; f++) {
        // File f holds ids f, f + files, f + 2 * files...: every file spans the whole key range.
        String rows =
            String.format(
                Locale.ROOT,
                "SELECT id * %d + %d AS id, concat('key-', cast(id * %d + %d AS STRING)) AS s,"
                    + " id * 0.5 AS v FROM range(%d)",
                files,
                f,
                files,
                f,
                rowsPerFile);
        for (String table : new String[] {"indexed", "embedded", "plain"}) {
          spark.sql("INSERT INTO strata.db." + table + " " + rows + " DISTRIBUTE BY 1").collect();
        }
      }
      long key = (long) rowsPerFile * files / 2 + 7;
      String where = " WHERE s = 'key-" + key + "'";
      String plainFiles = dir.resolve("strata/db.db/plain/bucket-0").toString();
      Map<String, String> queries = new LinkedHashMap<>();
      queries.put(
          "Raw Parquet", "SELECT count(*), sum(v) FROM parquet.`" + plainFiles + "`" + where);
      queries.put("Strata, no index", "SELECT count(*), sum(v) FROM strata.db.plain" + where);
      queries.put("Strata, bloom filter", "SELECT count(*), sum(v) FROM strata.db.indexed" + where);
      queries.put(
          "Strata, bloom filter in the manifest",
          "SELECT count(*), sum(v) FROM strata.db.embedded" + where);
      Map<String, Timing> timings = Timing.interleavedSql(spark, reps, queries);
      System.out.printf(
          Locale.ROOT,
          "FileIndexReadBench: %d files x %,d rows, point lookup on s, local[2], median of %d%n%n"
              + "| read | seconds | ÷ raw | answer |%n|---|---|---|---|%n",
          files,
          rowsPerFile,
          reps);
      Timing.printRelativeTo("Raw Parquet", timings);
    } finally {
      spark.stop();
      BenchSupport.deleteTree(dir);
    }
  }
}

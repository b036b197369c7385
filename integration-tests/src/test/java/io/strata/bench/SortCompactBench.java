package io.strata.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Issue 13: what a sort compaction costs and what it buys. Writes {@code rows} rows of {@code (a
 * INT, b INT, s STRING)} with uniform random a and b in {@code [0, 1,000,000)} in {@code inserts}
 * inserts into an append table ({@code 'target-file-size' = '2mb'}), then runs {@code CALL
 * sys.compact} with {@code order} by a and, on a copy, {@code zorder} by a, b. For each layout it
 * reports the files and the share of files whose min/max stats may hold a point {@code a = p} or
 * {@code b = p} (averaged over 100 points): the files a point filter must read.
 *
 * <p>Usage: {@code scripts/bench SortCompactBench [rows=1000000] [inserts=16]}.
 */
public final class SortCompactBench {

  private static final int DOMAIN = 1_000_000;

  private SortCompactBench() {}

  public static void main(String[] args) throws Exception {
    int rows = BenchSupport.intArg(args, 0, 1_000_000);
    int inserts = BenchSupport.intArg(args, 1, 16);
    Path dir = BenchSupport.workDir("sort-compact");
    SparkSession spark = PeerSession.create(dir);
    List<String[]> table = new ArrayList<>();
    table.add(
        new String[] {"layout", "compaction (s)", "files", "files for a = p", "files for b = p"});
    write(spark, "t_order", rows, inserts);
    write(spark, "t_zorder", rows, inserts);
    table.add(layout(spark, "t_order", "unsorted (as written)", 0));
    table.add(layout(spark, "t_order", "order by a", compact(spark, "t_order", "order", "a")));
    table.add(
        layout(spark, "t_zorder", "zorder by a, b", compact(spark, "t_zorder", "zorder", "a,b")));
    BenchSupport.printTable(
        String.format(
            "SortCompactBench: %,d rows in %d inserts, target-file-size 2mb (single run)",
            rows, inserts),
        table);
    spark.stop();
    BenchSupport.deleteTree(dir);
  }

  private static void write(SparkSession spark, String name, int rows, int inserts) {
    spark.sql(
        "CREATE TABLE strata.default."
            + name
            + " (a INT, b INT, s STRING) TBLPROPERTIES ('target-file-size' = '2mb')");
    int perInsert = rows / inserts;
    for (int i = 0; i < inserts; i++) {
      spark
          .sql(
              "INSERT INTO strata.default."
                  + name
                  + " SELECT CAST(rand("
                  + (2 * i)
                  + ") * "
                  + DOMAIN
                  + " AS INT), CAST(rand("
                  + (2 * i + 1)
                  + ") * "
                  + DOMAIN
                  + " AS INT), concat('row-', id) FROM range("
                  + perInsert
                  + ")")
          .collect();
    }
  }

  /** Nanoseconds of the sort compaction. */
  private static long compact(SparkSession spark, String name, String strategy, String orderBy) {
    long start = System.nanoTime();
    spark
        .sql(
            "CALL strata.sys.compact(table => 'default."
                + name
                + "', order_strategy => '"
                + strategy
                + "', order_by => '"
                + orderBy
                + "')")
        .collect();
    return System.nanoTime() - start;
  }

  private static String[] layout(SparkSession spark, String name, String label, long nanos) {
    List<long[]> a = new ArrayList<>();
    List<long[]> b = new ArrayList<>();
    for (Row r :
        spark
            .sql("SELECT min_value_stats, max_value_stats FROM strata.default.`" + name + "$files`")
            .collectAsList()) {
      a.add(range("a", r));
      b.add(range("b", r));
    }
    return new String[] {
      label,
      nanos == 0 ? "-" : BenchSupport.fmt(BenchSupport.seconds(nanos)),
      String.valueOf(a.size()),
      share(a),
      share(b)
    };
  }

  /** The average files (and share) whose range holds a point, over 100 points of the domain. */
  private static String share(List<long[]> ranges) {
    long hits = 0;
    for (int p = DOMAIN / 200; p < DOMAIN; p += DOMAIN / 100) {
      for (long[] r : ranges) {
        hits += r[0] <= p && p <= r[1] ? 1 : 0;
      }
    }
    return String.format("%.1f (%.0f%%)", hits / 100.0, 100.0 * hits / (100.0 * ranges.size()));
  }

  private static long[] range(String column, Row stats) {
    Pattern value = Pattern.compile("\\b" + column + "=(-?\\d+)");
    Matcher min = value.matcher(stats.getString(0));
    Matcher max = value.matcher(stats.getString(1));
    if (!min.find() || !max.find()) {
      throw new IllegalStateException("No stats of " + column + " in " + stats);
    }
    return new long[] {Long.parseLong(min.group(1)), Long.parseLong(max.group(1))};
  }
}

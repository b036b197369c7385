package io.strata.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.SparkSession;

/**
 * What postponed buckets cost a Spark upsert: the same {@code rows} rows of {@code (dt STRING, id
 * BIGINT, v BIGINT, s STRING)}, primary key {@code (dt, id)}, in 10 partitions, written into a
 * table of 4 fixed buckets and into one with {@code 'bucket' = '-2'} and {@code
 * postpone.default-bucket-num} 4, so both end with the same layout. The postponed write also reads
 * each partition's bucket count from the manifests, clusters by it through {@code
 * strata_partition_buckets}, and checks the counts at commit. Each round writes a fresh pair of
 * tables (all partitions new), then upserts the same rows into them again (every partition has
 * buckets), the two engines' writes in alternating order; medians of {@code rounds}.
 *
 * <p>Usage: {@code scripts/bench PostponedWriteBench [rows=4000000] [rounds=3]}.
 */
public final class PostponedWriteBench {

  private PostponedWriteBench() {}

  public static void main(String[] args) throws Exception {
    int rows = BenchSupport.intArg(args, 0, 4_000_000);
    int rounds = BenchSupport.intArg(args, 1, 3);
    Path dir = BenchSupport.workDir("postponed-write");
    SparkSession spark = PeerSession.create(dir);
    String source =
        String.format(
            "SELECT concat('d', id %% 10) AS dt, (id * 7919) %% %d AS id, id AS v,"
                + " concat('value-', id) AS s FROM range(%d)",
            rows, rows);
    String fixed = "'bucket' = '4'";
    String postponed = "'bucket' = '-2', 'postpone.default-bucket-num' = '4'";
    create(spark, "warm_f", fixed, source + " LIMIT 1000");
    create(spark, "warm_p", postponed, source + " LIMIT 1000");
    insert(spark, "warm_p", source + " LIMIT 1000");
    long[] fixedNanos = new long[rounds];
    long[] postponedNanos = new long[rounds];
    long[] fixedAgain = new long[rounds];
    long[] postponedAgain = new long[rounds];
    for (int r = 0; r < rounds; r++) {
      // The first write creates the partitions; the second upserts into partitions that have
      // buckets, whose counts the postponed write looks up.
      if (r % 2 == 0) {
        fixedNanos[r] = create(spark, "f" + r, fixed, source);
        postponedNanos[r] = create(spark, "p" + r, postponed, source);
        fixedAgain[r] = insert(spark, "f" + r, source);
        postponedAgain[r] = insert(spark, "p" + r, source);
      } else {
        postponedNanos[r] = create(spark, "p" + r, postponed, source);
        fixedNanos[r] = create(spark, "f" + r, fixed, source);
        postponedAgain[r] = insert(spark, "p" + r, source);
        fixedAgain[r] = insert(spark, "f" + r, source);
      }
      for (String t : List.of("f" + r, "p" + r)) {
        long count = spark.sql("SELECT count(*) FROM strata.default." + t).first().getLong(0);
        if (count != rows) {
          throw new IllegalStateException(t + " holds " + count + " rows, not " + rows);
        }
      }
    }
    List<String[]> table = new ArrayList<>();
    table.add(new String[] {"write", "rounds (s)", "median (s)", "rows/s", "time / fixed"});
    table.add(row("new partitions, fixed 4 buckets", fixedNanos, fixedNanos, rows));
    table.add(row("new partitions, postponed (4 each)", postponedNanos, fixedNanos, rows));
    table.add(row("upsert again, fixed", fixedAgain, fixedAgain, rows));
    table.add(row("upsert again, postponed", postponedAgain, fixedAgain, rows));
    BenchSupport.printTable(
        String.format(
            "PostponedWriteBench: %,d upserts in 10 partitions, local[2], %d rounds", rows, rounds),
        table);
    spark.stop();
    BenchSupport.deleteTree(dir);
  }

  private static long create(SparkSession spark, String name, String bucketing, String source) {
    spark.sql(
        "CREATE TABLE strata.default."
            + name
            + " (dt STRING, id BIGINT NOT NULL, v BIGINT, s STRING) PARTITIONED BY (dt)"
            + " TBLPROPERTIES ('primary-key' = 'dt,id', "
            + bucketing
            + ")");
    return insert(spark, name, source);
  }

  private static long insert(SparkSession spark, String name, String source) {
    long start = System.nanoTime();
    spark.sql("INSERT INTO strata.default." + name + " " + source);
    return System.nanoTime() - start;
  }

  private static long median(long[] values) {
    long[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }

  private static String[] row(String name, long[] rounds, long[] fixedRounds, int rows) {
    long median = median(rounds);
    long fixed = median(fixedRounds);
    StringBuilder each = new StringBuilder();
    for (long r : rounds) {
      each.append(each.length() == 0 ? "" : " / ")
          .append(BenchSupport.fmt(BenchSupport.seconds(r)));
    }
    return new String[] {
      name,
      each.toString(),
      BenchSupport.fmt(BenchSupport.seconds(median)),
      BenchSupport.rate(rows, median),
      BenchSupport.fmt((double) median / fixed)
    };
  }
}

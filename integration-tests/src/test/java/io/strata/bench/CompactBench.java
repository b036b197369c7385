package io.strata.bench;

import io.strata.core.catalog.Identifier;
import io.strata.core.compact.FullCompaction;
import io.strata.core.levels.CompactStrategy;
import io.strata.core.table.FileStoreTable;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Issue 13: {@code CALL sys.compact} rewrites buckets in Spark tasks; how much faster is that than
 * the same compaction done serially in one process? Writes {@code rows} upserts of {@code (id
 * BIGINT primary key, v BIGINT, s STRING)} into a {@code 'write-only'} table of 8 buckets in {@code
 * commits} overlapping commits (so each bucket holds {@code commits} sorted runs to merge), twice
 * with the same rows, then fully compacts one copy with {@code CALL sys.compact} in the {@code
 * local[2]} session and the other with table-core's {@code FullCompaction} on the driver's thread.
 * Both copies must read the same rows afterwards, with no level-0 file left. Median of {@code reps}
 * repetitions, each on fresh tables, after an untimed round on a tenth of the rows; each round also
 * reports what the statement's Spark job and tasks spent ({@link TaskTimes}).
 *
 * <p>Usage: {@code scripts/bench CompactBench [rows=4000000] [commits=4] [reps=3]}.
 */
public final class CompactBench {

  private static final int BUCKETS = 8;

  private CompactBench() {}

  public static void main(String[] args) throws Exception {
    int rows = BenchSupport.intArg(args, 0, 4_000_000);
    int commits = BenchSupport.intArg(args, 1, 4);
    int reps = BenchSupport.intArg(args, 2, 3);
    Path dir = BenchSupport.workDir("compact");
    SparkSession spark = PeerSession.create(dir);
    // An untimed round on a tenth of the rows compiles both paths' code first, so that the first
    // timed round does not charge the JIT to whichever compaction runs first.
    compactBoth(spark, dir, "warmup", Math.max(rows / 10, 100_000), commits, 0, new TaskTimes[1]);
    long[] distributed = new long[reps];
    long[] serial = new long[reps];
    List<String> rounds = new ArrayList<>();
    for (int r = 0; r < reps; r++) {
      TaskTimes[] tasks = new TaskTimes[1];
      long[] times = compactBoth(spark, dir, String.valueOf(r), rows, commits, r, tasks);
      distributed[r] = times[0];
      serial[r] = times[1];
      rounds.add(
          String.format(
              "round %d: CALL sys.compact %.2f s (%s); serial %.2f s (%.2f s on CPU)",
              r + 1,
              BenchSupport.seconds(times[0]),
              tasks[0].describe(),
              BenchSupport.seconds(times[1]),
              BenchSupport.seconds(times[2])));
    }
    double tasksSeconds = BenchSupport.seconds(median(distributed));
    double driverSeconds = BenchSupport.seconds(median(serial));
    List<String[]> table = new ArrayList<>();
    table.add(new String[] {"compaction", "median (s)", "runs (s)"});
    table.add(
        new String[] {
          "CALL sys.compact (Spark tasks)", BenchSupport.fmt(tasksSeconds), runs(distributed)
        });
    table.add(
        new String[] {
          "FullCompaction (serial, driver)", BenchSupport.fmt(driverSeconds), runs(serial)
        });
    table.add(
        new String[] {"serial / tasks", BenchSupport.fmt(driverSeconds / tasksSeconds) + "x", ""});
    BenchSupport.printTable(
        String.format(
            "CompactBench: %,d upserts in %d commits, %d buckets, full compaction, local[2]",
            rows, commits, BUCKETS),
        table);
    rounds.forEach(System.out::println);
    spark.stop();
    BenchSupport.deleteTree(dir);
  }

  /**
   * Writes two copies, compacts one in tasks and one serially; their times in that order, then the
   * serial compaction's CPU time, and in {@code tasks[0]} what the tasks reported.
   */
  private static long[] compactBoth(
      SparkSession spark,
      Path dir,
      String suffix,
      int rows,
      int commits,
      int round,
      TaskTimes[] tasks)
      throws Exception {
    String tasksTable = "c_tasks_" + suffix;
    String driver = "c_driver_" + suffix;
    write(spark, tasksTable, rows, commits);
    write(spark, driver, rows, commits);
    FileStoreTable table =
        PlanningTables.strataCatalog(dir.resolve("strata"))
            .loadTable(new Identifier("default", driver));
    long[] times = new long[3];
    long[] serialCpu = new long[1];
    // Alternate which runs first, so neither always meets the heap the writes left behind.
    if (round % 2 == 1) {
      times[1] = compactSerially(table, serialCpu);
    }
    tasks[0] =
        TaskTimes.of(
            spark,
            () -> {
              long start = System.nanoTime();
              compactInTasks(spark, tasksTable);
              times[0] = System.nanoTime() - start;
            });
    if (round % 2 == 0) {
      times[1] = compactSerially(table, serialCpu);
    }
    check(spark, tasksTable, driver, rows);
    times[2] = serialCpu[0];
    return times;
  }

  private static void compactInTasks(SparkSession spark, String name) {
    spark
        .sql("CALL sys.compact(table => 'default." + name + "', compact_strategy => 'full')")
        .collect();
  }

  private static long compactSerially(FileStoreTable table, long[] cpu) {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long cpuStart = threads.getCurrentThreadCpuTime();
    long start = System.nanoTime();
    new FullCompaction(table, "bench", Clock.systemUTC()).run(null, CompactStrategy.FULL);
    long elapsed = System.nanoTime() - start;
    cpu[0] = threads.getCurrentThreadCpuTime() - cpuStart;
    return elapsed;
  }

  private static void write(SparkSession spark, String name, int rows, int commits) {
    spark.sql(
        "CREATE TABLE strata.default."
            + name
            + " (id BIGINT NOT NULL, v BIGINT, s STRING) TBLPROPERTIES ('primary-key' = 'id',"
            + " 'bucket' = '"
            + BUCKETS
            + "', 'write-only' = 'true')");
    // Each commit rewrites a range of keys that overlaps the previous one by half.
    long perCommit = rows / commits;
    for (int c = 0; c < commits; c++) {
      long first = c * perCommit / 2;
      spark
          .sql(
              "INSERT INTO strata.default."
                  + name
                  + " SELECT id, id * "
                  + (c + 1)
                  + ", concat('row-', id, '-', "
                  + c
                  + ") FROM range("
                  + first
                  + ", "
                  + (first + perCommit)
                  + ")")
          .collect();
    }
  }

  /** Both copies read alike and keep no level-0 file, else the timings compare nothing. */
  private static void check(SparkSession spark, String tasks, String driver, int rows) {
    String sums = "SELECT count(*), sum(id), sum(v), sum(length(s)) FROM strata.default.";
    Row a = spark.sql(sums + tasks).first();
    Row b = spark.sql(sums + driver).first();
    if (!a.equals(b)) {
      throw new IllegalStateException("The two compactions disagree: " + a + " vs " + b);
    }
    for (String name : List.of(tasks, driver)) {
      long levelZero =
          spark
              .sql("SELECT count(*) FROM strata.default.`" + name + "$files` WHERE level = 0")
              .first()
              .getLong(0);
      if (levelZero != 0) {
        throw new IllegalStateException(name + " kept " + levelZero + " level-0 files");
      }
    }
  }

  private static long median(long[] nanos) {
    long[] sorted = nanos.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }

  private static String runs(long[] nanos) {
    return String.join(
        " / ",
        Arrays.stream(nanos).mapToObj(n -> BenchSupport.fmt(BenchSupport.seconds(n))).toList());
  }
}

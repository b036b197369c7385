package io.strata.bench;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.SparkSession;

/**
 * Issue 13: the time Spark takes to upsert {@code rows} rows of {@code (id BIGINT primary key, v
 * BIGINT, s STRING)} into a Strata primary-key table of 4 buckets, against the time it takes to
 * write the same rows as plain Parquet files, and the peak heap of the run. Keys are shuffled
 * ({@code id * 7919 mod rows}) so that the writer has to sort them. Run it with a small heap (e.g.
 * {@code STRATA_BENCH_JAVA_OPTS=-Xmx1g}) to check that memory stays bounded. CPU time is the JVM's
 * (tasks, GC and JIT), steadier than wall time on a shared machine.
 *
 * <p>Usage: {@code scripts/bench SparkUpsertWriteBench [rows=10000000]}.
 */
public final class SparkUpsertWriteBench {

  private SparkUpsertWriteBench() {}

  public static void main(String[] args) throws Exception {
    int rows = BenchSupport.intArg(args, 0, 10_000_000);
    Path dir = BenchSupport.workDir("spark-upsert-write");
    SparkSession spark = PeerSession.create(dir);
    String source =
        String.format(
            "SELECT (id * 7919) %% %d AS id, id AS v, concat('value-', id) AS s FROM range(%d)",
            rows, rows);
    spark.sql(
        "CREATE TABLE strata.default.t (id BIGINT NOT NULL, v BIGINT, s STRING)"
            + " TBLPROPERTIES ('primary-key' = 'id', 'bucket' = '4')");
    // Warm up both paths on a small write, so class loading is not timed.
    spark.sql("INSERT INTO strata.default.t SELECT * FROM (" + source + ") LIMIT 1000");
    spark.sql(source).limit(1000).write().parquet(dir.resolve("warmup").toString());
    long start = System.nanoTime();
    long cpu = processCpuNanos();
    spark.sql("INSERT INTO strata.default.t " + source);
    long strata = System.nanoTime() - start;
    long strataCpu = processCpuNanos() - cpu;
    start = System.nanoTime();
    cpu = processCpuNanos();
    spark.sql(source).repartition(4).write().parquet(dir.resolve("parquet").toString());
    long parquet = System.nanoTime() - start;
    long parquetCpu = processCpuNanos() - cpu;
    long count = spark.sql("SELECT count(*) FROM strata.default.t").first().getLong(0);
    if (count != rows) {
      throw new IllegalStateException("Strata's table holds " + count + " rows, not " + rows);
    }
    List<String[]> table = new ArrayList<>();
    table.add(
        new String[] {
          "write", "time (s)", "rows/s", "time / Parquet's", "CPU (s)", "CPU / Parquet's"
        });
    table.add(result("Strata upsert, 4 buckets", strata, parquet, strataCpu, parquetCpu, rows));
    table.add(result("plain Parquet, 4 tasks", parquet, parquet, parquetCpu, parquetCpu, rows));
    BenchSupport.printTable(
        String.format(
            "SparkUpsertWriteBench: %,d rows, local[2], max heap %d MB, peak heap %d MB",
            rows, Runtime.getRuntime().maxMemory() >> 20, peakHeap() >> 20),
        table);
    spark.stop();
    BenchSupport.deleteTree(dir);
  }

  private static String[] result(
      String name, long nanos, long parquet, long cpu, long parquetCpu, int rows) {
    return new String[] {
      name,
      BenchSupport.fmt(BenchSupport.seconds(nanos)),
      BenchSupport.rate(rows, nanos),
      BenchSupport.fmt((double) nanos / parquet),
      BenchSupport.fmt(BenchSupport.seconds(cpu)),
      BenchSupport.fmt((double) cpu / parquetCpu)
    };
  }

  /**
   * CPU time of the whole JVM (tasks, GC, JIT): on a shared machine a steadier measure than wall
   * time.
   */
  private static long processCpuNanos() {
    return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  /** The summed peak usage of the heap's memory pools since the JVM started. */
  private static long peakHeap() {
    long peak = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        peak += pool.getPeakUsage().getUsed();
      }
    }
    return peak;
  }
}

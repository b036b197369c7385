package io.strata.bench;

import com.sun.management.GarbageCollectionNotificationInfo;
import com.sun.management.OperatingSystemMXBean;
import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.commit.FileStoreCommit;
import io.strata.core.io.HadoopFileIO;
import io.strata.core.schema.SchemaFactory;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.write.CommitMessage;
import io.strata.core.write.TableWriter;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.BatchWriteBuilder;
import org.apache.spark.sql.SparkSession;

/**
 * One case of {@link UpsertScaleBench}, run in a JVM of its own so that its heap is measured alone:
 * {@code strata-core | paimon | strata-spark | strata-compact | parquet-spark}, {@code rows}, a
 * work directory. Prints one {@code RESULT case nanos cpuNanos peakHeap maxHeapAfterGc rows} line
 * per measured step: {@code strata-compact} prints the upserts' line (as {@code strata-spark}) and
 * then that of the full compaction that follows them, whose heap figures are measured from its
 * start.
 */
public final class UpsertScaleCase {

  static final Map<String, String> OPTIONS = Map.of("bucket", "4", "file.format", "parquet");

  private static final AtomicLong MAX_AFTER_GC = new AtomicLong();

  private UpsertScaleCase() {}

  public static void main(String[] args) throws Exception {
    String name = args[0];
    int rows = Integer.parseInt(args[1]);
    Path dir = Path.of(args[2]);
    watchGarbageCollections();
    switch (name) {
      case "strata-core" -> report(name, strataCore(dir, rows));
      case "paimon" -> report(name, paimon(dir, rows));
      case "strata-spark", "parquet-spark", "strata-compact" -> spark(name, dir, rows);
      default -> throw new IllegalStateException("unknown case " + name);
    }
  }

  /** Prints the RESULT line of a step timed as {nanos, cpu nanos, rows}. */
  private static void report(String step, long[] timed) {
    System.out.printf(
        "RESULT %s %d %d %d %d %d%n",
        step, timed[0], timed[1], peakHeap(), MAX_AFTER_GC.get(), timed[2]);
  }

  /** The key of upsert {@code i}: every key once, in shuffled order, so the writer must sort. */
  static long key(long i, int rows) {
    return i * 7919 % rows;
  }

  /** {nanos, cpu nanos, rows written}. */
  private static long[] strataCore(Path dir, int rows) {
    WarehouseCatalog catalog = BenchSupport.strataCatalog(dir, HadoopFileIO.local());
    RowType columns =
        new RowType(
            List.of(
                new DataField(0, "id", DataTypes.BIGINT().notNull()),
                new DataField(1, "v", DataTypes.BIGINT()),
                new DataField(2, "s", DataTypes.STRING())));
    FileStoreTable table =
        catalog.createTable(
            new Identifier("default", "t"),
            SchemaFactory.create(columns, List.of(), List.of("id"), OPTIONS, null, 1L));
    long start = System.nanoTime();
    long cpu = cpuNanos();
    long written = 0;
    try (TableWriter writer = new TableWriter(table, Map.of())) {
      for (long i = 0; i < rows; i++) {
        writer.write(new Object[] {key(i, rows), i, "value-" + i});
      }
      List<CommitMessage> messages = writer.prepareCommit();
      for (CommitMessage m : messages) {
        written += m.newFiles().stream().mapToLong(f -> f.rowCount()).sum();
      }
      new FileStoreCommit(table, "bench", Clock.systemUTC()).commit(messages, CommitKind.APPEND);
    }
    return new long[] {System.nanoTime() - start, cpuNanos() - cpu, written};
  }

  private static long[] paimon(Path dir, int rows) throws Exception {
    org.apache.paimon.options.Options options = new org.apache.paimon.options.Options();
    options.set("warehouse", dir.toUri().toString());
    try (Catalog catalog = CatalogFactory.createCatalog(CatalogContext.create(options))) {
      Table table = BenchSupport.createPaimonKeyTable(catalog, OPTIONS);
      long start = System.nanoTime();
      long cpu = cpuNanos();
      BatchWriteBuilder builder = table.newBatchWriteBuilder();
      long written = 0;
      try (BatchTableWrite write = builder.newWrite();
          BatchTableCommit commit = builder.newCommit()) {
        for (long i = 0; i < rows; i++) {
          write.write(GenericRow.of(key(i, rows), i, BinaryString.fromString("value-" + i)));
        }
        var messages = write.prepareCommit();
        for (var m : messages) {
          written +=
              ((org.apache.paimon.table.sink.CommitMessageImpl) m)
                  .newFilesIncrement().newFiles().stream().mapToLong(f -> f.rowCount()).sum();
        }
        commit.commit(messages);
      }
      return new long[] {System.nanoTime() - start, cpuNanos() - cpu, written};
    }
  }

  private static void spark(String name, Path dir, int rows) {
    SparkSession spark =
        SparkSession.builder()
            .master("local[2]")
            .appName("strata-upsert-scale")
            .config("spark.ui.enabled", "false")
            .config("spark.sql.shuffle.partitions", "4")
            .config("spark.local.dir", dir.resolve("spark-local").toString())
            .config(
                "spark.sql.extensions", "io.strata.spark.extensions.StrataSparkSessionExtensions")
            .config("spark.sql.catalog.strata", "io.strata.spark.StrataCatalog")
            .config("spark.sql.catalog.strata.warehouse", dir.resolve("strata").toString())
            .getOrCreate();
    String source =
        String.format(
            "SELECT id * 7919 %% %d AS id, id AS v, concat('value-', id) AS s FROM range(%d)",
            rows, rows);
    boolean strata = !name.equals("parquet-spark");
    if (strata) {
      spark.sql(
          "CREATE TABLE strata.default.t (id BIGINT NOT NULL, v BIGINT, s STRING)"
              + " TBLPROPERTIES ('primary-key' = 'id', 'bucket' = '4')");
      spark.sql("INSERT INTO strata.default.t SELECT * FROM (" + source + ") LIMIT 1000");
    } else {
      spark.sql(source).limit(1000).write().parquet(dir.resolve("warmup").toString());
    }
    long start = System.nanoTime();
    long cpu = cpuNanos();
    if (strata) {
      spark.sql("INSERT INTO strata.default.t " + source);
    } else {
      spark.sql(source).repartition(4).write().parquet(dir.resolve("parquet").toString());
    }
    long nanos = System.nanoTime() - start;
    long cpuUsed = cpuNanos() - cpu;
    long count =
        strata
            ? spark.sql("SELECT count(*) FROM strata.default.t").first().getLong(0)
            : spark.read().parquet(dir.resolve("parquet").toString()).count();
    report(strata ? "strata-spark" : name, new long[] {nanos, cpuUsed, count});
    if (name.equals("strata-compact")) {
      report("strata-compact", compact(spark, rows));
    }
    spark.stop();
  }

  /**
   * Upserts a tenth of the keys again (a second sorted run over the whole key range of each
   * bucket), then fully compacts the table: every bucket's files are merged into one run. Returns
   * the compaction's {nanos, cpu nanos, rows after}, its heap figures measured from its start.
   */
  private static long[] compact(SparkSession spark, int rows) {
    spark.sql(
        String.format(
            "INSERT INTO strata.default.t SELECT id * 7919 %% %d, -id, concat('update-', id)"
                + " FROM range(%d)",
            rows, rows / 10));
    System.gc();
    resetHeapPeaks();
    long start = System.nanoTime();
    long cpu = cpuNanos();
    spark.sql("CALL strata.sys.compact(table => 'default.t', compact_strategy => 'full')");
    long nanos = System.nanoTime() - start;
    long cpuUsed = cpuNanos() - cpu;
    long levelZero =
        spark
            .sql("SELECT count(*) FROM strata.default.`t$files` WHERE level = 0")
            .first()
            .getLong(0);
    if (levelZero > 0) {
      throw new IllegalStateException("the full compaction left " + levelZero + " level-0 files");
    }
    long count = spark.sql("SELECT count(*) FROM strata.default.t").first().getLong(0);
    return new long[] {nanos, cpuUsed, count};
  }

  /** Restarts the peak heap and the largest heap after a collection from now. */
  private static void resetHeapPeaks() {
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        pool.resetPeakUsage();
      }
    }
    MAX_AFTER_GC.set(0);
  }

  private static long cpuNanos() {
    return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  /** The summed peak usage of the heap's pools: what the heap grew to, garbage included. */
  private static long peakHeap() {
    long peak = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        peak += pool.getPeakUsage().getUsed();
      }
    }
    return peak;
  }

  /** Tracks the largest heap left after a collection: the live data, not the garbage. */
  private static void watchGarbageCollections() {
    Set<String> heapPools = new HashSet<>();
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        heapPools.add(pool.getName());
      }
    }
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      ((NotificationEmitter) gc)
          .addNotificationListener(
              (notification, handback) -> {
                if (!notification
                    .getType()
                    .equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) {
                  return;
                }
                GarbageCollectionNotificationInfo info =
                    GarbageCollectionNotificationInfo.from(
                        (CompositeData) notification.getUserData());
                long used = 0;
                for (Map.Entry<String, MemoryUsage> e :
                    info.getGcInfo().getMemoryUsageAfterGc().entrySet()) {
                  if (heapPools.contains(e.getKey())) {
                    used += e.getValue().getUsed();
                  }
                }
                MAX_AFTER_GC.accumulateAndGet(used, Math::max);
              },
              null,
              null);
    }
  }
}

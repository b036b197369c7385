package io.strata.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.paimon.fs.local.LocalFileIO;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.source.DataSplit;
import org.apache.paimon.table.source.RawFile;
import org.apache.paimon.table.source.Split;
import org.apache.spark.sql.SparkSession;

/**
 * The primary-key cases of {@link ReadBench}. {@code RUNS} upsert batches of {@code (id BIGINT
 * primary key, v BIGINT, s STRING)}, batch {@code r} writing keys {@code [r * n/2, r * n/2 + n)},
 * go into a Strata table of 2 buckets ({@code write-only}, so each batch stays a sorted run) and
 * into an Iceberg v2 table of {@code bucket(2, id)}, whose later batches are {@code MERGE INTO}
 * with merge-on-read (position deletes). Strata and Iceberg read through Spark; Paimon's Java API
 * reads Strata's very table, one split per thread on 2 threads (as {@code local[2]} runs 2 tasks).
 * Then Strata compacts fully and the compacted table is read by Strata, Paimon and the raw Parquet
 * reader over its live files.
 */
final class MergeReadCase {

  private static final String STRATA_TABLE = "strata.bench.pk";
  private static final String ICEBERG_TABLE = "iceberg.bench.pk";
  private static final String QUERY = "SELECT count(*), sum(id), sum(v), sum(length(s)) FROM %s";

  private final SparkSession spark;
  private final Path dir;
  private final long perRun;
  private final int reps;

  MergeReadCase(SparkSession spark, Path dir, long perRun, int reps) {
    this.spark = spark;
    this.dir = dir;
    this.perRun = perRun;
    this.reps = reps;
  }

  void run(ReadResults results) throws Exception {
    write();
    results.note(runsNote());
    Map<String, Supplier<String>> merge = new LinkedHashMap<>();
    merge.put(ReadResults.STRATA, () -> Timing.rows(spark, String.format(QUERY, STRATA_TABLE)));
    merge.put(ReadResults.ICEBERG, () -> Timing.rows(spark, String.format(QUERY, ICEBERG_TABLE)));
    merge.put(ReadResults.PAIMON, this::paimonRead);
    results.add(
        String.format(Locale.ROOT, "primary-key merge read, %d sorted runs", ReadScale.RUNS),
        Timing.interleaved(reps, merge));
    spark.sql("CALL strata.sys.compact(table => 'bench.pk')");
    List<String> live = liveFiles();
    spark.read().parquet(live.toArray(String[]::new)).createOrReplaceTempView("raw_pk");
    Map<String, Supplier<String>> compacted = new LinkedHashMap<>();
    compacted.put(ReadResults.CEILING, () -> Timing.rows(spark, String.format(QUERY, "raw_pk")));
    compacted.put(ReadResults.STRATA, () -> Timing.rows(spark, String.format(QUERY, STRATA_TABLE)));
    compacted.put(ReadResults.PAIMON, this::paimonRead);
    results.add("primary-key read after full compaction", Timing.interleaved(reps, compacted));
  }

  private void write() {
    long start = System.nanoTime();
    spark.sql(
        "CREATE TABLE "
            + STRATA_TABLE
            + " (id BIGINT, v BIGINT, s STRING) TBLPROPERTIES"
            + " ('primary-key' = 'id', 'bucket' = '2', 'write-only' = 'true')");
    for (int r = 0; r < ReadScale.RUNS; r++) {
      spark.sql("INSERT INTO " + STRATA_TABLE + " " + batch(r));
    }
    long strata = System.nanoTime();
    spark.sql(
        "CREATE TABLE "
            + ICEBERG_TABLE
            + " (id BIGINT, v BIGINT, s STRING) USING iceberg PARTITIONED BY (bucket(2, id))"
            + " TBLPROPERTIES ('format-version' = '2', 'write.merge.mode' = 'merge-on-read',"
            + " 'write.update.mode' = 'merge-on-read', 'write.delete.mode' = 'merge-on-read')");
    spark.sql("INSERT INTO " + ICEBERG_TABLE + " " + batch(0));
    for (int r = 1; r < ReadScale.RUNS; r++) {
      spark.sql(
          "MERGE INTO "
              + ICEBERG_TABLE
              + " t USING ("
              + batch(r)
              + ") u ON t.id = u.id"
              + " WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT *");
    }
    System.err.printf(
        "primary-key table: %d runs of %,d upserts written by Strata in %s s, Iceberg %s s%n",
        ReadScale.RUNS,
        perRun,
        BenchSupport.fmt(BenchSupport.seconds(strata - start)),
        BenchSupport.fmt(BenchSupport.seconds(System.nanoTime() - strata)));
  }

  /** Batch {@code r}: keys {@code [r * n/2, r * n/2 + n)}, valued by the batch. */
  private String batch(int r) {
    long from = r * (perRun / 2);
    return "SELECT id, CAST("
        + r
        + " AS BIGINT) AS v, concat('run-"
        + r
        + "-', CAST(id % 1000 AS STRING)) AS s FROM range("
        + from
        + ", "
        + (from + perRun)
        + ")";
  }

  /** Paimon reads Strata's table. */
  private String paimonRead() {
    return BenchSupport.paimonSums(strataPath());
  }

  /** How many files and splits Strata's table has before compaction, as Paimon plans them. */
  private String runsNote() {
    FileStoreTable table = BenchSupport.paimonTable(LocalFileIO.create(), strataPath());
    List<Split> splits = table.newReadBuilder().newScan().plan().splits();
    long files = splits.stream().mapToLong(s -> ((DataSplit) s).dataFiles().size()).sum();
    return String.format(
        Locale.ROOT,
        "merge read: Strata's primary-key table holds %d data files in %d buckets before"
            + " compaction (%d upsert batches of %,d rows, %,d keys).",
        files,
        splits.size(),
        ReadScale.RUNS,
        perRun,
        perRun * (ReadScale.RUNS + 1) / 2);
  }

  /** The data files of the compacted table's latest snapshot, as Paimon plans them. */
  private List<String> liveFiles() {
    FileStoreTable table = BenchSupport.paimonTable(LocalFileIO.create(), strataPath());
    List<String> files = new ArrayList<>();
    for (Split split : table.newReadBuilder().newScan().plan().splits()) {
      List<RawFile> raw =
          ((DataSplit) split)
              .convertToRawFiles()
              .orElseThrow(() -> new IllegalStateException("A compacted split needs a merge"));
      raw.forEach(f -> files.add(f.path()));
    }
    return files;
  }

  private Path strataPath() {
    return dir.resolve("strata/bench.db/pk");
  }
}

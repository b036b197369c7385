package io.strata.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Issue 13: memory and throughput of primary-key upserts as data grows. Writes {@code rows} upserts
 * of {@code (id BIGINT primary key, v BIGINT, s STRING)} with shuffled keys into 4 buckets, each
 * case in a child JVM of its own with {@code -Xmx<heap>}: Strata's table-core writer and Paimon
 * 1.3.1's batch writer on one thread (same data, both without compaction), and a {@code local[2]}
 * Spark session writing the rows into a Strata table and as plain Parquet; {@code strata-compact}
 * writes as {@code strata-spark}, upserts a tenth of the keys again and runs {@code CALL
 * sys.compact} (full) in the same JVM, reported as a row of its own. Reports wall and CPU time,
 * rows/s, the heap's peak (garbage included) and the largest heap left after a garbage collection
 * (live data). A case that runs out of memory fails the run.
 *
 * <p>Usage: {@code scripts/bench UpsertScaleBench [rows=5000000] [heap=1g]
 * [cases=strata-core,paimon,strata-spark,parquet-spark]} (add {@code strata-compact} for the
 * compaction).
 */
public final class UpsertScaleBench {

  private UpsertScaleBench() {}

  public static void main(String[] args) throws Exception {
    int rows = BenchSupport.intArg(args, 0, 5_000_000);
    String heap = args.length > 1 ? args[1] : "1g";
    String[] cases =
        (args.length > 2 ? args[2] : "strata-core,paimon,strata-spark,parquet-spark").split(",");
    Path dir = BenchSupport.workDir("upsert-scale");
    List<String[]> results = new ArrayList<>();
    for (int i = 0; i < cases.length; i++) {
      // A case may be named more than once (alternating runs); each run gets a fresh directory.
      results.addAll(run(cases[i], rows, heap, dir.resolve(cases[i] + "-" + i)));
    }
    List<String[]> table = new ArrayList<>();
    table.add(
        new String[] {
          "case", "time (s)", "rows/s", "CPU (s)", "peak heap (MB)", "max heap after GC (MB)"
        });
    for (String[] r : results) {
      long nanos = Long.parseLong(r[2]);
      table.add(
          new String[] {
            r[1],
            BenchSupport.fmt(BenchSupport.seconds(nanos)),
            BenchSupport.rate(Long.parseLong(r[6]), nanos),
            BenchSupport.fmt(BenchSupport.seconds(Long.parseLong(r[3]))),
            String.valueOf(Long.parseLong(r[4]) >> 20),
            String.valueOf(Long.parseLong(r[5]) >> 20)
          });
    }
    BenchSupport.printTable(
        String.format("UpsertScaleBench: %,d upserts, 4 buckets, -Xmx%s per case", rows, heap),
        table);
    BenchSupport.deleteTree(dir);
  }

  /** Runs one case in a child JVM; its RESULT lines split on spaces. */
  private static List<String[]> run(String name, int rows, String heap, Path dir)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (!a.startsWith("-Xmx") && !a.startsWith("-Xms")) {
        command.add(a); // Spark's --add-opens and the log level
      }
    }
    command.add("-Xmx" + heap);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(UpsertScaleCase.class.getName());
    command.add(name);
    command.add(String.valueOf(rows));
    command.add(dir.toString());
    Process process =
        new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    List<String[]> results = new ArrayList<>();
    try (BufferedReader out =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        if (line.startsWith("RESULT ")) {
          results.add(line.split(" "));
        }
      }
    }
    int exit = process.waitFor();
    if (exit != 0 || results.isEmpty()) {
      throw new IllegalStateException("Case " + name + " failed with exit code " + exit);
    }
    for (String[] fields : results) {
      if (Long.parseLong(fields[6]) != rows) {
        throw new IllegalStateException(fields[1] + " left " + fields[6] + " rows, not " + rows);
      }
    }
    return results;
  }
}

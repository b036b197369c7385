package io.strata.bench;

import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.commit.FileStoreCommit;
import io.strata.core.format.CloseableIterator;
import io.strata.core.io.HadoopFileIO;
import io.strata.core.options.Options;
import io.strata.core.read.TableRead;
import io.strata.core.scan.TableScan;
import io.strata.core.schema.SchemaFactory;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.write.SequenceStarts;
import io.strata.core.write.TableWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.BatchWriteBuilder;
import org.apache.paimon.table.source.ReadBuilder;

/**
 * Issue 4: upsert throughput into a primary-key table and merge-read throughput of the result.
 * Writes {@code rows} upserts of {@code (id BIGINT primary key, v BIGINT, s STRING)} in {@code
 * commits} commits whose key ranges overlap by half (commit {@code c} writes keys {@code [c * n/2,
 * c * n/2 + n)}, {@code n = rows / commits}), then reads the latest snapshot back, merging. Strata
 * (table-core) and Paimon's Java writer and reader each write and read their own table of the same
 * rows; Paimon runs with {@code 'write-only' = 'true'} so that, like Strata, it writes level-0
 * files and does not compact. With {@code lookup} both write a {@code changelog-producer = lookup}
 * table instead: each commit compacts level 0 by lookup and writes its changelog, the time of which
 * counts as write time.
 *
 * <p>Usage: {@code scripts/bench MergeReadWriteBench [rows=10000000] [commits=4] [rounds=3]
 * [plain|lookup]}.
 */
public final class MergeReadWriteBench {

  private static final Map<String, String> PLAIN = Map.of("bucket", "4", "file.format", "parquet");

  private static final Map<String, String> LOOKUP =
      Map.of(
          "bucket",
          "4",
          "file.format",
          "parquet",
          "changelog-producer",
          "lookup",
          "write-only",
          "false");

  private MergeReadWriteBench() {}

  public static void main(String[] args) throws Exception {
    int rows = BenchSupport.intArg(args, 0, 10_000_000);
    int commits = BenchSupport.intArg(args, 1, 4);
    int rounds = BenchSupport.intArg(args, 2, 3);
    boolean lookup = args.length > 3 && args[3].equals("lookup");
    Map<String, String> options = lookup ? LOOKUP : PLAIN;
    Path dir = BenchSupport.workDir("merge-read-write");
    List<long[]> strataRuns = new ArrayList<>();
    List<long[]> paimonRuns = new ArrayList<>();
    for (int r = 0; r < rounds; r++) {
      // Alternate which engine runs first: the second meets a JIT already warm for the code both
      // share (parquet-mr, Hadoop), and a heap the first one grew.
      Path round = dir.resolve("round-" + r);
      if (r % 2 == 0) {
        strataRuns.add(runStrata(round.resolve("strata"), rows, commits, options));
        paimonRuns.add(runPaimon(round.resolve("paimon"), rows, commits, options));
      } else {
        paimonRuns.add(runPaimon(round.resolve("paimon"), rows, commits, options));
        strataRuns.add(runStrata(round.resolve("strata"), rows, commits, options));
      }
      BenchSupport.deleteTree(round);
    }
    long[] strata = medians(strataRuns);
    long[] paimon = medians(paimonRuns);
    if (strata[2] != paimon[2] || strata[3] != paimon[3]) {
      throw new IllegalStateException(
          "Strata and Paimon read different results: "
              + strata[2]
              + " rows (id sum "
              + strata[3]
              + ") vs "
              + paimon[2]
              + " rows (id sum "
              + paimon[3]
              + ").");
    }
    System.out.println("Strata write (s) by round: " + seconds(strataRuns, 0));
    System.out.println("Paimon write (s) by round: " + seconds(paimonRuns, 0));
    System.out.println("Strata read (s) by round:  " + seconds(strataRuns, 1));
    System.out.println("Paimon read (s) by round:  " + seconds(paimonRuns, 1));
    List<String[]> table = new ArrayList<>();
    table.add(
        new String[] {
          "engine",
          "write (s)",
          "write rows/s",
          "read (s)",
          "rows read",
          "read rows/s",
          "Strata/Paimon write rows/s",
          "Strata/Paimon read rows/s"
        });
    table.add(row("Strata", strata, paimon, rows));
    table.add(row("Paimon 1.3.1", paimon, paimon, rows));
    BenchSupport.printTable(
        String.format(
            "MergeReadWriteBench: %,d upserts in %d overlapping commits, 4 buckets%s"
                + " (median of %d rounds, engines alternating first)",
            rows, commits, lookup ? ", changelog-producer lookup" : "", rounds),
        table);
    BenchSupport.deleteTree(dir);
  }

  /** Each field's median over the runs (times; the rows and sums read are equal in all). */
  private static long[] medians(List<long[]> runs) {
    long[] median = new long[runs.get(0).length];
    for (int f = 0; f < median.length; f++) {
      final int field = f;
      long[] values = runs.stream().mapToLong(r -> r[field]).sorted().toArray();
      median[f] = values[values.length / 2];
    }
    return median;
  }

  private static String seconds(List<long[]> runs, int field) {
    StringBuilder out = new StringBuilder();
    for (long[] r : runs) {
      out.append(out.length() == 0 ? "" : " / ")
          .append(BenchSupport.fmt(BenchSupport.seconds(r[field])));
    }
    return out.toString();
  }

  private static String[] row(String engine, long[] result, long[] peer, int rows) {
    return new String[] {
      engine,
      BenchSupport.fmt(BenchSupport.seconds(result[0])),
      BenchSupport.rate(rows, result[0]),
      BenchSupport.fmt(BenchSupport.seconds(result[1])),
      String.format("%,d", result[2]),
      BenchSupport.rate(result[2], result[1]),
      BenchSupport.fmt((double) peer[0] / result[0]),
      BenchSupport.fmt((double) peer[1] / result[1])
    };
  }

  /** Key {@code j} of commit {@code c}: ranges of consecutive commits overlap by half. */
  private static long key(int c, int perCommit, int j) {
    return (long) c * (perCommit / 2) + j;
  }

  private static String text(int c, long key) {
    return "value-" + c + "-" + key;
  }

  /** {write nanos, read nanos, rows read, sum of ids read}. */
  private static long[] runStrata(
      Path warehouse, int rows, int commits, Map<String, String> options) {
    WarehouseCatalog catalog = BenchSupport.strataCatalog(warehouse, HadoopFileIO.local());
    RowType columns =
        new RowType(
            List.of(
                new DataField(0, "id", DataTypes.BIGINT()),
                new DataField(1, "v", DataTypes.BIGINT()),
                new DataField(2, "s", DataTypes.STRING())));
    FileStoreTable table =
        catalog.createTable(
            new Identifier("default", "t"),
            SchemaFactory.create(columns, List.of(), List.of("id"), options, null, 1L));
    FileStoreCommit commit = new FileStoreCommit(table, "bench", Clock.systemUTC());
    int perCommit = rows / commits;
    long start = System.nanoTime();
    for (int c = 0; c < commits; c++) {
      // A lookup table's writer compacts level 0 before it commits; a plain one does not.
      try (TableWriter writer =
          options.containsKey("changelog-producer")
              ? table.newWrite()
              : new TableWriter(
                  table, SequenceStarts.of(table, table.snapshotManager().latest()))) {
        for (int j = 0; j < perCommit; j++) {
          long key = key(c, perCommit, j);
          writer.write(new Object[] {key, (long) c, text(c, key)});
        }
        commit.commit(writer.prepareCommit(), CommitKind.APPEND);
      }
    }
    long writeNanos = System.nanoTime() - start;
    start = System.nanoTime();
    long count = 0;
    long idSum = 0;
    TableScan scan = new TableScan(table, new Options(Map.of()));
    for (DataSplit split : scan.plan(table.snapshotManager().latest()).splits()) {
      try (CloseableIterator<Object[]> reader =
          TableRead.open(table, split, table.schema().rowType())) {
        while (reader.hasNext()) {
          Object[] r = reader.next();
          count++;
          idSum += (Long) r[0];
        }
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
    return new long[] {writeNanos, System.nanoTime() - start, count, idSum};
  }

  private static long[] runPaimon(
      Path warehouse, int rows, int commits, Map<String, String> tableOptions) throws Exception {
    org.apache.paimon.options.Options options = new org.apache.paimon.options.Options();
    options.set("warehouse", warehouse.toUri().toString());
    try (Catalog catalog = CatalogFactory.createCatalog(CatalogContext.create(options))) {
      Table table = BenchSupport.createPaimonKeyTable(catalog, tableOptions);
      int perCommit = rows / commits;
      long start = System.nanoTime();
      for (int c = 0; c < commits; c++) {
        BatchWriteBuilder builder = table.newBatchWriteBuilder();
        // Paimon's lookup keeps local lookup files in its IO manager's temporary directory.
        try (BatchTableWrite write =
                (BatchTableWrite)
                    builder
                        .newWrite()
                        .withIOManager(
                            org.apache.paimon.disk.IOManager.create(
                                System.getProperty("java.io.tmpdir")));
            BatchTableCommit commit = builder.newCommit()) {
          for (int j = 0; j < perCommit; j++) {
            long key = key(c, perCommit, j);
            write.write(GenericRow.of(key, (long) c, BinaryString.fromString(text(c, key))));
          }
          commit.commit(write.prepareCommit());
        }
      }
      long writeNanos = System.nanoTime() - start;
      table = catalog.getTable(org.apache.paimon.catalog.Identifier.create("default", "t"));
      start = System.nanoTime();
      long[] countAndSum = new long[2];
      ReadBuilder builder = table.newReadBuilder();
      try (RecordReader<InternalRow> reader =
          builder.newRead().createReader(builder.newScan().plan())) {
        reader.forEachRemaining(
            r -> {
              countAndSum[0]++;
              countAndSum[1] += r.getLong(0);
              r.getLong(1);
              r.getString(2);
            });
      }
      return new long[] {writeNanos, System.nanoTime() - start, countAndSum[0], countAndSum[1]};
    }
  }
}

package io.strata.bench;

import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.io.FileIO;
import io.strata.core.io.ForwardingFileIO;
import io.strata.core.io.HadoopFileIO;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.apache.hadoop.fs.Path;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.fs.SeekableInputStream;
import org.apache.paimon.fs.local.LocalFileIO;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.FileStoreTableFactory;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.table.source.Split;

/** What the benchmarks share: counting file systems, timing, table copies and result tables. */
final class BenchSupport {

  private BenchSupport() {}

  /** Manifest and manifest-list files opened for reading, by file name. */
  static final class ReadCounts {
    final AtomicLong manifests = new AtomicLong();
    final AtomicLong manifestLists = new AtomicLong();

    void opened(String fileName) {
      if (fileName.startsWith("manifest-list-")) {
        manifestLists.incrementAndGet();
      } else if (fileName.startsWith("manifest-")) {
        manifests.incrementAndGet();
      }
    }

    void reset() {
      manifests.set(0);
      manifestLists.set(0);
    }
  }

  /** Strata's local FileIO, counting the manifests it opens. */
  static final class CountingFileIO extends ForwardingFileIO {
    final ReadCounts counts = new ReadCounts();

    CountingFileIO() {
      super(HadoopFileIO.local());
    }

    @Override
    public InputStream newInputStream(Path path) throws IOException {
      counts.opened(path.getName());
      return delegate.newInputStream(path);
    }
  }

  /** Paimon's local FileIO, counting the manifests it opens. */
  static final class CountingPaimonFileIO extends LocalFileIO {
    final transient ReadCounts counts = new ReadCounts();

    @Override
    public SeekableInputStream newInputStream(org.apache.paimon.fs.Path path) throws IOException {
      counts.opened(path.getName());
      return super.newInputStream(path);
    }
  }

  /** A Strata warehouse on a local directory, through a counting FileIO. */
  static WarehouseCatalog strataCatalog(java.nio.file.Path dir, FileIO fileIO) {
    return new WarehouseCatalog(fileIO, new Path(dir.toUri()));
  }

  /** Paimon's view of the table directory {@code tableDir}, through {@code fileIO}. */
  static FileStoreTable paimonTable(org.apache.paimon.fs.FileIO fileIO, java.nio.file.Path dir) {
    return FileStoreTableFactory.create(fileIO, new org.apache.paimon.fs.Path(dir.toUri()));
  }

  /** A fresh directory for one run; kept unless the run deletes it. */
  static java.nio.file.Path workDir(String name) throws IOException {
    String base = System.getProperty("strata.bench.dir", System.getProperty("java.io.tmpdir"));
    java.nio.file.Path root = java.nio.file.Path.of(base);
    Files.createDirectories(root);
    return Files.createTempDirectory(root, name + "-");
  }

  /** Copies a directory tree (a table) file by file. */
  static void copyTree(java.nio.file.Path from, java.nio.file.Path to) throws IOException {
    try (Stream<java.nio.file.Path> files = Files.walk(from)) {
      for (java.nio.file.Path p : (Iterable<java.nio.file.Path>) files::iterator) {
        java.nio.file.Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target);
        }
      }
    }
  }

  static void deleteTree(java.nio.file.Path dir) {
    try (Stream<java.nio.file.Path> files = Files.walk(dir)) {
      List<java.nio.file.Path> all = new ArrayList<>(files.toList());
      java.util.Collections.reverse(all);
      for (java.nio.file.Path p : all) {
        Files.delete(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot delete " + dir, e);
    }
  }

  static long countFiles(java.nio.file.Path dir, String prefix) throws IOException {
    try (Stream<java.nio.file.Path> files = Files.walk(dir)) {
      return files.filter(p -> p.getFileName().toString().startsWith(prefix)).count();
    }
  }

  static double seconds(long nanos) {
    return nanos / 1e9;
  }

  static String fmt(double value) {
    return String.format(Locale.ROOT, "%.3f", value);
  }

  static String rate(long rows, long nanos) {
    return String.format(Locale.ROOT, "%,.0f", rows / seconds(nanos));
  }

  /** Prints rows as a fixed-width table; the first row is the header. */
  static void printTable(String title, List<String[]> rows) {
    int[] widths = new int[rows.get(0).length];
    for (String[] row : rows) {
      for (int i = 0; i < row.length; i++) {
        widths[i] = Math.max(widths[i], row[i].length());
      }
    }
    System.out.println();
    System.out.println(title);
    for (int r = 0; r < rows.size(); r++) {
      StringBuilder line = new StringBuilder("| ");
      for (int i = 0; i < widths.length; i++) {
        String cell = rows.get(r)[i];
        line.append(cell).append(" ".repeat(widths[i] - cell.length())).append(" | ");
      }
      System.out.println(line.toString().stripTrailing());
      if (r == 0) {
        StringBuilder rule = new StringBuilder("|");
        for (int w : widths) {
          rule.append("-".repeat(w + 2)).append("|");
        }
        System.out.println(rule);
      }
    }
  }

  static int intArg(String[] args, int index, int defaultValue) {
    return args.length > index ? Integer.parseInt(args[index].replace("_", "")) : defaultValue;
  }

  /**
   * Paimon reads the table at {@code dir}, one split per thread as Spark would run one per task,
   * and sums what the merge benchmarks check of its rows ({@code id BIGINT, BIGINT, STRING}): the
   * row count, the sum of ids, the sum of the second column and the characters of the third (nulls
   * count 0), rendered as Spark renders the same aggregate query.
   */
  static String paimonSums(java.nio.file.Path dir) {
    FileStoreTable table = paimonTable(LocalFileIO.create(), dir);
    ReadBuilder builder = table.newReadBuilder();
    List<Split> splits = builder.newScan().plan().splits();
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      List<Future<long[]>> parts = new ArrayList<>();
      for (Split split : splits) {
        parts.add(pool.submit(() -> sums(builder, split)));
      }
      long[] total = new long[4];
      for (Future<long[]> part : parts) {
        long[] p = part.get();
        for (int i = 0; i < total.length; i++) {
          total[i] += p[i];
        }
      }
      return String.format(Locale.ROOT, "[[%d,%d,%d,%d]]", total[0], total[1], total[2], total[3]);
    } catch (Exception e) {
      throw new IllegalStateException("Paimon could not read " + dir, e);
    } finally {
      pool.shutdown();
    }
  }

  private static long[] sums(ReadBuilder builder, Split split) throws Exception {
    long[] sums = new long[4];
    try (RecordReader<InternalRow> reader = builder.newRead().createReader(split)) {
      reader.forEachRemaining(
          row -> {
            sums[0]++;
            sums[1] += row.getLong(0);
            sums[2] += row.isNullAt(1) ? 0 : row.getLong(1);
            sums[3] += row.isNullAt(2) ? 0 : row.getString(2).numChars();
          });
    }
    return sums;
  }

  /**
   * Creates {@code default.t (id BIGINT NOT NULL, v BIGINT, s STRING, PRIMARY KEY id)} in Paimon's
   * catalog with {@code options}, write-only (the benchmarks time writes, compaction apart).
   */
  /** A Paimon key table (id, v, s) with {@code options}; 'write-only' unless they say otherwise. */
  static org.apache.paimon.table.Table createPaimonKeyTable(
      org.apache.paimon.catalog.Catalog catalog, java.util.Map<String, String> options)
      throws Exception {
    catalog.createDatabase("default", true);
    org.apache.paimon.catalog.Identifier id =
        org.apache.paimon.catalog.Identifier.create("default", "t");
    catalog.createTable(
        id,
        org.apache.paimon.schema.Schema.newBuilder()
            .column("id", org.apache.paimon.types.DataTypes.BIGINT().notNull())
            .column("v", org.apache.paimon.types.DataTypes.BIGINT())
            .column("s", org.apache.paimon.types.DataTypes.STRING())
            .primaryKey("id")
            .options(options)
            .option("write-only", options.getOrDefault("write-only", "true"))
            .build(),
        false);
    return catalog.getTable(id);
  }
}

package io.strata.core.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.commit.FileStoreCommit;
import io.strata.core.io.ForwardingFileIO;
import io.strata.core.io.HadoopFileIO;
import io.strata.core.merge.RowKind;
import io.strata.core.schema.SchemaFactory;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Writes whose buffers spill to local files produce what writes that never spill produce, as one
 * sorted run per bucket, and leave no temporary file behind on success, failure or abort.
 */
class SpillingWriteTest {

  @TempDir Path dir;
  @TempDir Path spillDir;

  static final RowType COLUMNS =
      new RowType(
          List.of(
              new DataField(0, "k", DataTypes.STRING().notNull()),
              new DataField(1, "n", DataTypes.INT().notNull()),
              new DataField(2, "total", DataTypes.BIGINT()),
              new DataField(3, "price", DataTypes.DECIMAL(12, 2)),
              new DataField(4, "tags", DataTypes.ARRAY(DataTypes.STRING())),
              new DataField(5, "attrs", DataTypes.MAP(DataTypes.STRING(), DataTypes.TIMESTAMP(6))),
              new DataField(
                  6,
                  "nested",
                  DataTypes.ROW(
                      List.of(
                          new DataField(7, "a", DataTypes.DOUBLE()),
                          new DataField(8, "b", DataTypes.BYTES()))))));

  FileStoreTable table(String name, Map<String, String> options) {
    return table(TableTestSupport.catalog(dir), name, options);
  }

  static FileStoreTable table(WarehouseCatalog catalog, String name, Map<String, String> options) {
    Map<String, String> all = new HashMap<>(Map.of("primary-key", "k,n", "bucket", "2"));
    all.putAll(options);
    return catalog.createTable(
        new Identifier("default", name),
        SchemaFactory.create(COLUMNS, List.of(), List.of(), all, null, 1L));
  }

  /**
   * The options of a merge engine; write-only, so that each table keeps the runs its writer wrote
   * and the reads merge them.
   */
  static Map<String, String> engine(String mergeEngine) {
    return switch (mergeEngine) {
      case "aggregation" ->
          Map.of(
              "merge-engine",
              "aggregation",
              "fields.total.aggregate-function",
              "sum",
              "write-only",
              "true");
      case "partial-update" -> Map.of("merge-engine", "partial-update", "write-only", "true");
      default -> Map.of("write-only", "true");
    };
  }

  /** 2,000 upserts of 300 keys with nulls, and deletes when the engine takes them. */
  static List<Object[]> rows(Random random) {
    RandomRows values = new RandomRows(random.nextLong());
    List<Object[]> rows = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      int key = random.nextInt(300);
      rows.add(
          new Object[] {
            "key-" + (key % 30) + "-" + RandomRows.WORDS[key % 10],
            key,
            random.nextInt(4) == 0 ? null : (long) random.nextInt(100),
            random.nextInt(4) == 0 ? null : values.value(COLUMNS.typeAt(3)),
            values.value(COLUMNS.typeAt(4)),
            values.value(COLUMNS.typeAt(5)),
            random.nextInt(4) == 0 ? null : values.value(COLUMNS.typeAt(6))
          });
    }
    return rows;
  }

  static List<RowKind> kinds(Random random, int n, boolean deletes) {
    List<RowKind> kinds = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      kinds.add(deletes && random.nextInt(10) == 0 ? RowKind.DELETE : RowKind.INSERT);
    }
    return kinds;
  }

  List<CommitMessage> write(FileStoreTable t, List<Object[]> rows, List<RowKind> kinds) {
    TableWriter writer = new TableWriter(t, WriteStart.latest(t), spillDir);
    for (int i = 0; i < rows.size(); i++) {
      writer.write(rows.get(i), kinds.get(i));
    }
    return writer.prepareCommit();
  }

  static List<Object> contents(FileStoreTable t) {
    List<Object[]> rows = new ArrayList<>(TableTestSupport.readAll(t));
    rows.sort(Comparator.comparing((Object[] r) -> (Integer) r[1]));
    return RandomRows.deepRows(rows);
  }

  long spillFiles() throws IOException {
    try (Stream<Path> files = Files.list(spillDir)) {
      return files.count();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"deduplicate", "aggregation", "partial-update"})
  void spillingGivesTheSameTableAsOneSortedRunPerBucket(String mergeEngine) throws IOException {
    Random random = new Random(mergeEngine.hashCode());
    List<Object[]> rows = rows(random);
    // Deduplicate takes deletes. Aggregation would subtract them, but a key whose first record
    // is a retraction loses its key fields in Aggregation.merge (an existing bug, not the sort's).
    List<RowKind> kinds = kinds(random, rows.size(), mergeEngine.equals("deduplicate"));
    FileStoreTable roomy = table("roomy", engine(mergeEngine));
    Map<String, String> small = new HashMap<>(engine(mergeEngine));
    small.put("write-buffer-size", "16 kb");
    FileStoreTable spilling = table("spilling", small);
    small.put("write-buffer-spillable", "false");
    FileStoreTable flushing = table("flushing", small);

    TableWriter writer = new TableWriter(spilling, WriteStart.latest(spilling), spillDir);
    for (int i = 0; i < rows.size(); i++) {
      writer.write(rows.get(i), kinds.get(i));
    }
    assertThat(spillFiles()).as("sorted runs spilled while writing").isGreaterThan(1);
    List<CommitMessage> spilled = writer.prepareCommit();
    assertThat(spillFiles()).as("spilled files deleted after the flush").isZero();
    assertThat(spilled).hasSize(2).allSatisfy(m -> assertThat(m.newFiles()).hasSize(1));
    commit(spilling, spilled);

    List<CommitMessage> flushed = write(flushing, rows, kinds);
    assertThat(flushed.stream().mapToInt(m -> m.newFiles().size()).sum())
        .as("without spilling, a small buffer flushes several runs")
        .isGreaterThan(4);
    commit(flushing, flushed);
    commit(roomy, write(roomy, rows, kinds));

    List<Object> expected = contents(roomy);
    assertThat(expected).hasSizeGreaterThan(100);
    assertThat(contents(spilling)).isEqualTo(expected);
    assertThat(contents(flushing)).isEqualTo(expected);
  }

  @Test
  void spillingStopsAtTheDiskLimitAndFlushesInstead() throws IOException {
    Random random = new Random(5);
    List<Object[]> rows = rows(random);
    List<RowKind> kinds = kinds(random, rows.size(), true);
    FileStoreTable limited =
        table(
            "limited",
            Map.of("write-buffer-size", "16 kb", "write-buffer-spill.max-disk-size", "24 kb"));
    List<CommitMessage> messages = write(limited, rows, kinds);
    assertThat(spillFiles()).isZero();
    assertThat(messages.stream().mapToInt(m -> m.newFiles().size()).sum()).isGreaterThan(2);
    commit(limited, messages);
    FileStoreTable roomy = table("roomy", Map.of());
    commit(roomy, write(roomy, rows, kinds));
    assertThat(contents(limited)).isEqualTo(contents(roomy));
  }

  @Test
  void abortDeletesSpilledFiles() throws IOException {
    FileStoreTable t = table("aborted", Map.of("write-buffer-size", "16 kb"));
    TableWriter writer = new TableWriter(t, WriteStart.latest(t), spillDir);
    for (Object[] row : rows(new Random(3))) {
      writer.write(row);
    }
    assertThat(spillFiles()).isGreaterThan(1);
    writer.abort();
    assertThat(spillFiles()).isZero();
  }

  @Test
  void aFailedFlushDeletesSpilledFiles() throws IOException {
    FailingDataFiles io = new FailingDataFiles();
    WarehouseCatalog catalog = new WarehouseCatalog(io, new org.apache.hadoop.fs.Path(dir.toUri()));
    FileStoreTable t = table(catalog, "failing", Map.of("write-buffer-size", "16 kb"));
    TableWriter writer = new TableWriter(t, WriteStart.latest(t), spillDir);
    for (Object[] row : rows(new Random(4))) {
      writer.write(row);
    }
    assertThat(spillFiles()).isGreaterThan(1);
    io.failing = true;
    long before = spillFiles();
    assertThatThrownBy(writer::prepareCommit)
        .hasMessageStartingWith("Cannot write a data file in")
        .hasRootCauseMessage("injected: no data file " + t.root() + "/bucket-0");
    assertThat(spillFiles()).as("the failed bucket's spilled files").isLessThan(before);
    writer.abort(); // what a failed Spark task does next
    assertThat(spillFiles()).isZero();
  }

  static void commit(FileStoreTable t, List<CommitMessage> messages) {
    new FileStoreCommit(t, "test", Clock.systemUTC()).commit(messages, CommitKind.APPEND);
  }

  /** The local file system, refusing data files once {@link #failing} is set. */
  static final class FailingDataFiles extends ForwardingFileIO {
    volatile boolean failing;

    FailingDataFiles() {
      super(HadoopFileIO.local());
    }

    @Override
    public FileSystem fileSystem(org.apache.hadoop.fs.Path path) throws IOException {
      if (failing) {
        throw new IOException("injected: no data file " + path);
      }
      return delegate.fileSystem(path);
    }
  }
}

package io.strata.spark.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.commit.FileStoreCommit;
import io.strata.core.format.CloseableIterator;
import io.strata.core.io.HadoopFileIO;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.merge.RowKind;
import io.strata.core.read.TableRead;
import io.strata.core.schema.SchemaFactory;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.types.Timestamp;
import io.strata.core.write.TableWriter;
import io.strata.spark.SparkRowConverter;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link MergeRowReader} returns exactly the rows of table-core's {@code MergeSplitReader} for the
 * same split, over 6 sorted runs of random upserts, deletes and UPDATE_BEFORE records of every
 * atomic type with random nulls, with batches of 1, 2, 3 and 4096 rows and with projections: for
 * {@code deduplicate}, {@code first-row}, {@code partial-update} and every aggregate function of
 * {@code aggregation} (with and without removing retractions), and with {@code sequence.field} for
 * each engine. (The runs are written by a deduplicate table and read under the other engines'
 * options; scans never hand first-row tables a merge split, since their levels never overlap.)
 */
class MergeRowReaderTest {

  private static final RowType COLUMNS =
      new RowType(
          List.of(
              new DataField(0, "k", DataTypes.STRING().notNull()),
              new DataField(1, "n", DataTypes.INT().notNull()),
              new DataField(2, "v", DataTypes.BIGINT()),
              new DataField(3, "i", DataTypes.INT()),
              new DataField(4, "sm", DataTypes.SMALLINT()),
              new DataField(5, "t", DataTypes.TINYINT()),
              new DataField(6, "f", DataTypes.FLOAT()),
              new DataField(7, "d", DataTypes.DOUBLE()),
              new DataField(8, "dec", DataTypes.DECIMAL(10, 2)),
              new DataField(9, "b", DataTypes.BOOLEAN()),
              new DataField(10, "str", DataTypes.STRING()),
              new DataField(11, "dt", DataTypes.DATE()),
              new DataField(12, "ts", DataTypes.TIMESTAMP(6)),
              new DataField(13, "bin", DataTypes.BYTES())));

  /** The value columns each aggregate function applies to (table-core refuses the others). */
  private static final Map<String, List<String>> AGGREGATED =
      Map.ofEntries(
          Map.entry("sum", List.of("v", "i", "sm", "t", "f", "d", "dec")),
          Map.entry("product", List.of("v", "i", "sm", "t", "f", "d", "dec")),
          Map.entry(
              "min", List.of("v", "i", "sm", "t", "f", "d", "dec", "b", "str", "dt", "ts", "bin")),
          Map.entry(
              "max", List.of("v", "i", "sm", "t", "f", "d", "dec", "b", "str", "dt", "ts", "bin")),
          Map.entry("last_value", valueColumns()),
          Map.entry("last_non_null_value", valueColumns()),
          Map.entry("first_value", valueColumns()),
          Map.entry("first_non_null_value", valueColumns()),
          Map.entry("bool_and", List.of("b")),
          Map.entry("bool_or", List.of("b")),
          Map.entry("listagg", List.of("str")));

  @TempDir Path dir;
  private FileStoreTable table;
  private DataSplit split;

  @BeforeEach
  void writeRuns() {
    WarehouseCatalog catalog = new WarehouseCatalog(HadoopFileIO.local(), toHadoop(dir));
    table =
        catalog.createTable(
            new Identifier("default", "runs"),
            SchemaFactory.create(
                COLUMNS,
                List.of(),
                List.of(),
                Map.of("primary-key", "k,n", "bucket", "1", "write-only", "true"),
                null,
                1L));
    Random random = new Random(7);
    String[] strings = {"a", "", "ab", "é", "\uFF21", "\uD83D\uDE00"};
    RowKind[] kinds = RowKind.values();
    for (int run = 0; run < 6; run++) {
      TableWriter writer = table.newWrite();
      for (int i = 0; i < 40; i++) {
        Object[] row = {
          strings[random.nextInt(strings.length)],
          random.nextInt(8),
          (long) run * 100 + i,
          orNull(random, random.nextInt()),
          orNull(random, (short) random.nextInt()),
          orNull(random, (byte) random.nextInt()),
          orNull(random, random.nextInt(5) == 0 ? -0.0f : random.nextFloat() * 100 - 50),
          orNull(random, random.nextDouble() * 1e6 - 5e5),
          orNull(random, BigDecimal.valueOf(random.nextInt(200_000) - 100_000, 2)),
          orNull(random, random.nextBoolean()),
          orNull(random, strings[random.nextInt(strings.length)]),
          orNull(random, random.nextInt(40_000) - 20_000),
          orNull(random, Timestamp.fromMicros(random.nextInt() * 1000L)),
          orNull(random, new byte[] {(byte) random.nextInt(), (byte) random.nextInt(3)})
        };
        RowKind kind =
            random.nextInt(4) == 0 ? kinds[random.nextInt(kinds.length)] : RowKind.INSERT;
        writer.write(row, kind);
      }
      new FileStoreCommit(table, "test", Clock.systemUTC())
          .commit(writer.prepareCommit(), CommitKind.APPEND);
    }
    List<DataSplit> splits = table.newScan().plan(table.snapshotManager().latest()).splits();
    assertThat(splits).hasSize(1);
    split = splits.get(0);
    assertThat(split.rawConvertible()).isFalse();
    assertThat(split.files()).hasSizeGreaterThan(1);
  }

  @Test
  void deduplicateMatchesTheRowPath() throws IOException {
    assertSameRows(table);
  }

  /**
   * The runs' sequence ranges are disjoint (one commit each), so the merge orders a key's records
   * by their files' ranges without reading {@code _SEQUENCE_NUMBER}; with ranges that overlap it
   * reads them, and both read what table-core's merge reads.
   */
  @Test
  void overlappingSequenceRangesReadTheSequenceNumbers() throws IOException {
    assertThat(MergeRowReader.disjointSequences(split.files())).isNotNull();
    List<DataFileMeta> widened = new ArrayList<>();
    for (DataFileMeta f : split.files()) {
      widened.add(f.withSequenceNumbers(0, f.maxSequenceNumber()));
    }
    assertThat(MergeRowReader.disjointSequences(widened)).isNull();
    DataSplit overlapping =
        new DataSplit(
            split.snapshotId(),
            split.partition(),
            split.bucket(),
            split.totalBuckets(),
            widened,
            false);
    for (String engine : List.of("deduplicate", "first-row", "partial-update")) {
      FileStoreTable t = withOptions(Map.of("merge-engine", engine));
      RowType readType = COLUMNS.project(List.of("str", "v", "n"));
      List<List<Object>> expected = rowPath(t, readType);
      for (int batchSize : new int[] {1, 3, 4096}) {
        assertThat(merged(t, overlapping, readType, batchSize))
            .as("%s in batches of %d", engine, batchSize)
            .isEqualTo(expected);
      }
    }
  }

  /** Each file's maximum stands for its sequence numbers only when no two ranges overlap. */
  @Test
  void sequenceRangesStandInOnlyWhenDisjoint() {
    DataFileMeta f = split.files().get(0);
    assertThat(
            MergeRowReader.disjointSequences(
                List.of(
                    f.withSequenceNumbers(10, 19),
                    f.withSequenceNumbers(0, 9),
                    f.withSequenceNumbers(20, 20))))
        .containsExactly(19, 9, 20);
    assertThat(
            MergeRowReader.disjointSequences(
                List.of(f.withSequenceNumbers(0, 9), f.withSequenceNumbers(9, 12))))
        .isNull();
    assertThat(
            MergeRowReader.disjointSequences(
                List.of(f.withSequenceNumbers(12, 20), f.withSequenceNumbers(0, 30))))
        .isNull();
  }

  /**
   * Runs of INSERT records only: a deduplicate or first-row merge takes the kinds from the files'
   * delete counts (none) instead of reading {@code _VALUE_KIND}, and still reads what table-core's
   * merge reads.
   */
  @Test
  void insertOnlyRunsNeedNoKinds() throws IOException {
    FileStoreTable inserts =
        new WarehouseCatalog(HadoopFileIO.local(), toHadoop(dir))
            .createTable(
                new Identifier("default", "inserts"),
                SchemaFactory.create(
                    COLUMNS.project(List.of("k", "n", "v", "str")),
                    List.of(),
                    List.of(),
                    Map.of("primary-key", "k,n", "bucket", "1", "write-only", "true"),
                    null,
                    1L));
    Random random = new Random(11);
    for (int run = 0; run < 4; run++) {
      TableWriter writer = inserts.newWrite();
      for (int i = 0; i < 30; i++) {
        writer.write(
            new Object[] {
              "k" + random.nextInt(10), random.nextInt(4), (long) run * 100 + i, orNull(random, "s")
            },
            RowKind.INSERT);
      }
      new FileStoreCommit(inserts, "test", Clock.systemUTC())
          .commit(writer.prepareCommit(), CommitKind.APPEND);
    }
    DataSplit runs = inserts.newScan().plan(inserts.snapshotManager().latest()).splits().get(0);
    assertThat(runs.rawConvertible()).isFalse();
    assertThat(MergeRowReader.insertsOnly(runs.files())).isTrue();
    assertThat(MergeRowReader.insertsOnly(split.files())).isFalse();
    for (String engine : List.of("deduplicate", "first-row")) {
      Map<String, String> options = new HashMap<>(inserts.schema().options());
      options.put("merge-engine", engine);
      FileStoreTable t = inserts.withSchema(inserts.schema().withOptions(options));
      RowType readType = t.schema().rowType();
      List<List<Object>> expected = rowPath(t, runs, readType);
      assertThat(expected).hasSizeGreaterThan(10);
      for (int batchSize : new int[] {1, 2, 4096}) {
        assertThat(merged(t, runs, readType, batchSize))
            .as("%s in batches of %d", engine, batchSize)
            .isEqualTo(expected);
      }
    }
  }

  @Test
  void firstRowMatchesTheRowPath() throws IOException {
    Map<String, String> options = new HashMap<>(table.schema().options());
    options.put("merge-engine", "first-row");
    assertSameRows(table.withSchema(table.schema().withOptions(options)));
  }

  @Test
  void partialUpdateMatchesTheRowPath() throws IOException {
    assertSameRows(withOptions(Map.of("merge-engine", "partial-update")));
    assertSameRows(
        withOptions(
            Map.of(
                "merge-engine", "partial-update",
                "partial-update.remove-record-on-delete", "true")));
  }

  /**
   * Every function, with retractions folded (where min, max, first_*, bool_* and listagg fail as in
   * Paimon, and a product fails on a division without an exact decimal quotient: the batch path
   * must fail with the same message) and with {@code ignore-retract} (rows must come out).
   */
  @Test
  void everyAggregateFunctionMatchesTheRowPath() throws IOException {
    for (Map.Entry<String, List<String>> e : AGGREGATED.entrySet()) {
      for (String removes : new String[] {"false", "true"}) {
        for (boolean ignoreRetract : new boolean[] {false, true}) {
          Map<String, String> options = new HashMap<>();
          options.put("merge-engine", "aggregation");
          options.put("aggregation.remove-record-on-delete", removes);
          options.put("fields.str.list-agg-delimiter", "|");
          for (String column : e.getValue()) {
            options.put("fields." + column + ".aggregate-function", e.getKey());
            if (ignoreRetract) {
              options.put("fields." + column + ".ignore-retract", "true");
            }
          }
          // Columns of no function keep last_non_null_value, which retracts.
          boolean mustRead =
              ignoreRetract
                  || List.of("sum", "last_value", "last_non_null_value").contains(e.getKey());
          assertSameOutcome(withOptions(options), mustRead);
        }
      }
    }
  }

  @Test
  void aFunctionThatCannotRetractFailsOnBothPaths() throws IOException {
    FileStoreTable t =
        withOptions(Map.of("merge-engine", "aggregation", "fields.i.aggregate-function", "max"));
    String rowPath = outcome(() -> rowPath(t, COLUMNS)).toString();
    assertThat(rowPath)
        .startsWith(
            "java.lang.UnsupportedOperationException: Cannot merge a retraction (an"
                + " UPDATE_BEFORE, or a DELETE without 'aggregation.remove-record-on-delete')"
                + " into column ?: its aggregate function 'max' cannot undo a value");
    assertThat(outcome(() -> merged(t, COLUMNS, 4096)).toString()).isEqualTo(rowPath);
  }

  @Test
  void ignoredRetractionsMatchTheRowPath() throws IOException {
    Map<String, String> options = new HashMap<>();
    options.put("merge-engine", "aggregation");
    for (String column : AGGREGATED.get("sum")) {
      options.put("fields." + column + ".aggregate-function", "sum");
      options.put("fields." + column + ".ignore-retract", "true");
    }
    assertSameRows(withOptions(options));
  }

  @Test
  void defaultAggregateFunctionMatchesTheRowPath() throws IOException {
    Map<String, String> options = new HashMap<>();
    options.put("merge-engine", "aggregation");
    options.put("fields.default-aggregate-function", "first_non_null_value");
    for (String column : valueColumns()) {
      options.put("fields." + column + ".ignore-retract", "true");
    }
    assertSameRows(withOptions(options));
  }

  @Test
  void sequenceFieldOrdersEveryEngine() throws IOException {
    for (String engine :
        new String[] {"deduplicate", "first-row", "partial-update", "aggregation"}) {
      for (String sequence : new String[] {"i", "dt,sm"}) {
        FileStoreTable t =
            withOptions(
                Map.of(
                    "merge-engine",
                    engine,
                    "sequence.field",
                    sequence,
                    "fields.v.aggregate-function",
                    "sum",
                    "fields.str.aggregate-function",
                    "listagg",
                    "fields.str.ignore-retract",
                    "true"));
        assertSameRows(t);
      }
    }
  }

  @Test
  void fieldWiseEnginesMergeOnBatches() {
    FileStoreTable t = withOptions(Map.of("merge-engine", "aggregation", "sequence.field", "i"));
    assertThat(ColumnarScanCheck.vectorizedReason(t, List.of(split), COLUMNS, ReadMode.DATA))
        .isNull();
    // The row path reports bool_or on a BIGINT column as an invalid option.
    FileStoreTable boolOrOnNumbers =
        withOptions(
            Map.of("merge-engine", "aggregation", "fields.v.aggregate-function", "bool_or"));
    assertThat(
            ColumnarScanCheck.vectorizedReason(
                boolOrOnNumbers, List.of(split), COLUMNS, ReadMode.DATA))
        .isEqualTo("merge-engine aggregation folds a read column on rows only");
  }

  private FileStoreTable withOptions(Map<String, String> extra) {
    Map<String, String> options = new HashMap<>(table.schema().options());
    options.putAll(extra);
    return table.withSchema(table.schema().withOptions(options));
  }

  private static List<String> valueColumns() {
    return List.of("v", "i", "sm", "t", "f", "d", "dec", "b", "str", "dt", "ts", "bin");
  }

  private static Object orNull(Random random, Object value) {
    return random.nextInt(5) == 0 ? null : value;
  }

  /** What reading gives: the rows, or the error as {@code class: message}. */
  private interface Read {
    List<List<Object>> rows() throws IOException;
  }

  private static Object outcome(Read read) {
    try {
      return read.rows();
    } catch (IOException | RuntimeException e) {
      Throwable t = e;
      while (!(t instanceof UnsupportedOperationException || t instanceof ArithmeticException)
          && t.getCause() != null) {
        t = t.getCause();
      }
      // Which column fails first depends on the columns merged: the row path merges whole rows.
      return t.getClass().getName()
          + ": "
          + t.getMessage()
              .replaceAll("column '\\w+'", "column ?")
              .replaceAll("fields\\.\\w+\\.", "fields.?.");
    }
  }

  /** Both paths read the same rows, or fail with the same error (where {@code !mustRead}). */
  private void assertSameOutcome(FileStoreTable t, boolean mustRead) {
    for (RowType readType : List.of(COLUMNS, COLUMNS.project(List.of("str", "dec", "f", "n")))) {
      Object expected = outcome(() -> rowPath(t, readType));
      if (mustRead) {
        assertThat(expected).as("%s", t.schema().options()).isInstanceOf(List.class);
      }
      for (int batchSize : new int[] {1, 3, 4096}) {
        Object batches = outcome(() -> merged(t, readType, batchSize));
        if (readType != COLUMNS && expected instanceof String && batches instanceof List) {
          // The row path merges whole rows and fails on a column the projection leaves out; the
          // batches merge the read columns only, as Paimon's projected merge does.
          continue;
        }
        assertThat(batches)
            .as("%s in batches of %d, options %s", readType, batchSize, t.schema().options())
            .isEqualTo(expected);
      }
    }
  }

  private void assertSameRows(FileStoreTable t) throws IOException {
    List<RowType> readTypes =
        List.of(
            COLUMNS,
            COLUMNS.project(List.of("v", "k")),
            COLUMNS.project(List.of("str", "dec", "f", "n")),
            COLUMNS.project(List.of()));
    for (RowType readType : readTypes) {
      List<List<Object>> expected = rowPath(t, readType);
      assertThat(expected).isNotEmpty();
      for (int batchSize : new int[] {1, 2, 3, 4096}) {
        assertThat(merged(t, readType, batchSize))
            .as("%s in batches of %d", readType, batchSize)
            .isEqualTo(expected);
      }
    }
  }

  private List<List<Object>> rowPath(FileStoreTable t, RowType readType) throws IOException {
    return rowPath(t, split, readType);
  }

  private List<List<Object>> merged(FileStoreTable t, RowType readType, int batchSize)
      throws IOException {
    return merged(t, split, readType, batchSize);
  }

  /** The split's rows merged by table-core, byte arrays as hex so that rows compare by value. */
  static List<List<Object>> rowPath(FileStoreTable t, DataSplit split, RowType readType)
      throws IOException {
    List<List<Object>> rows = new ArrayList<>();
    try (CloseableIterator<Object[]> reader = TableRead.open(t, split, readType)) {
      reader.forEachRemaining(r -> rows.add(comparable(r)));
    }
    return rows;
  }

  /** The split's rows merged by {@link MergeRowReader} from batches of {@code batchSize} rows. */
  static List<List<Object>> merged(
      FileStoreTable t, DataSplit split, RowType readType, int batchSize) throws IOException {
    SparkRowConverter converter = new SparkRowConverter(readType);
    List<List<Object>> rows = new ArrayList<>();
    try (MergeRowReader reader =
        new MergeRowReader(
            t,
            split,
            readType,
            new ColumnarReadSettings(batchSize, false),
            new TaskReadMetrics())) {
      while (reader.next()) {
        rows.add(comparable(converter.toCore(reader.get())));
      }
    }
    return rows;
  }

  /** The row as a list that compares bytes by content. */
  private static List<Object> comparable(Object[] row) {
    List<Object> values = new ArrayList<>();
    for (Object v : row) {
      values.add(v instanceof byte[] b ? HexFormat.of().formatHex(b) : v);
    }
    return values;
  }

  private static org.apache.hadoop.fs.Path toHadoop(Path p) {
    return new org.apache.hadoop.fs.Path(p.toUri());
  }
}

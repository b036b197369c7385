package io.strata.core.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.compact.FullCompaction;
import io.strata.core.data.BinaryRow;
import io.strata.core.format.CloseableIterator;
import io.strata.core.format.HadoopFiles;
import io.strata.core.format.ParquetRowReader;
import io.strata.core.levels.CompactStrategy;
import io.strata.core.levels.CompactUnit;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.merge.KeyValueLayout;
import io.strata.core.merge.RowKind;
import io.strata.core.read.DeduplicatingBatchMerge;
import io.strata.core.read.MergeSplitReader;
import io.strata.core.read.TableRead;
import io.strata.core.scan.FileStoreScan;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.types.Timestamp;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.fs.FileSystem;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A compaction of a last-wins table merges the files' column batches ({@link
 * DeduplicatingBatchMerge}) where it can; its output files must equal, row for row and statistic
 * for statistic, those of the record-by-record merge.
 */
class DeduplicatingBatchMergeTest {

  private static final RowType ROW =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT().notNull()),
              new DataField(1, "name", DataTypes.STRING().notNull()),
              new DataField(2, "b", DataTypes.BOOLEAN()),
              new DataField(3, "t", DataTypes.TINYINT()),
              new DataField(4, "sm", DataTypes.SMALLINT()),
              new DataField(5, "i", DataTypes.INT()),
              new DataField(6, "d", DataTypes.DATE()),
              new DataField(7, "f", DataTypes.FLOAT()),
              new DataField(8, "db", DataTypes.DOUBLE()),
              new DataField(9, "s", DataTypes.STRING()),
              new DataField(10, "ts3", DataTypes.TIMESTAMP(3)),
              new DataField(11, "ts6", DataTypes.TIMESTAMP_LTZ(6)),
              new DataField(12, "dec", DataTypes.DECIMAL(5, 2)),
              new DataField(13, "decl", DataTypes.DECIMAL(15, 3)),
              new DataField(14, "tm", DataTypes.TIME(0))));

  private static final String[] STRINGS = {"", "a", "ü", "中文", "\uD83D\uDE00 emoji", "zz", null};

  @TempDir Path dir;

  @ParameterizedTest
  @CsvSource({"deduplicate,true", "deduplicate,false", "first-row,true", "first-row,false"})
  void batchMergeWritesTheFilesTheRecordMergeWrites(String engine, boolean dropDeletes)
      throws IOException {
    FileStoreTable table = table("t", engineOptions(engine));
    writeOverlappingCommits(table, new Random(42), 4, 500, 3, 10);

    List<DataFileMeta> files = files(table);
    assertThat(files).hasSizeGreaterThan(3);
    try (DeduplicatingBatchMerge merge = DeduplicatingBatchMerge.open(table, split(table), true)) {
      assertThat(merge).as("the batch merge reads this table").isNotNull();
    }
    List<DataFileMeta> batched = assertBothMergesWriteTheSameFiles(table, files, dropDeletes);
    long deletes = batched.stream().mapToLong(DataFileMeta::deleteRowCount).sum();
    assertThat(deletes > 0).isEqualTo(!dropDeletes && engine.equals("deduplicate"));
  }

  @Test
  void aLevelOfManyFilesIsReadAsOneRunOfFiles() throws IOException {
    FileStoreTable table = levelOfManyFilesUnderNewerCommits("levels", 9);

    List<DataFileMeta> files = files(table);
    List<List<DataFileMeta>> runs =
        DeduplicatingBatchMerge.sortedRuns(files, table.schema().trimmedPrimaryKeyType());
    assertThat(files.stream().filter(f -> f.level() == 5).count()).isGreaterThan(2);
    assertThat(runs).hasSizeLessThan(files.size());
    assertThat(runs).anySatisfy(run -> assertThat(run).hasSizeGreaterThan(2));
    assertThat(runs.stream().mapToInt(List::size).sum()).isEqualTo(files.size());

    assertBothMergesWriteTheSameFiles(table, files, true);
    assertBothMergesWriteTheSameFiles(table, files, false);
    List<String> batched = new ArrayList<>();
    try (CloseableIterator<Object[]> rows = TableRead.open(table, split(table), ROW)) {
      rows.forEachRemaining(r -> batched.add(Arrays.deepToString(r)));
    }
    List<String> recordwise = new ArrayList<>();
    try (MergeSplitReader rows = new MergeSplitReader(table, split(table), ROW)) {
      rows.forEachRemaining(r -> recordwise.add(Arrays.deepToString(r)));
    }
    assertThat(batched).hasSizeGreaterThan(1000).isEqualTo(recordwise);
  }

  /**
   * A merge holds one open file per sorted run, not one per file: a level of many files is read one
   * file after the other, each opened when its run reaches it (with the footer read to plan).
   */
  @Test
  void aMergeHoldsOneOpenFilePerSortedRun() throws IOException {
    FileStoreTable table = levelOfManyFilesUnderNewerCommits("open-files", 11);
    List<DataFileMeta> files = files(table);
    int runs =
        DeduplicatingBatchMerge.sortedRuns(files, table.schema().trimmedPrimaryKeyType()).size();
    assertThat(files.size()).isGreaterThan(runs + 1);

    OpenFilesIO io = new OpenFilesIO();
    FileStoreTable counted = new FileStoreTable(io, table.root(), table.schema());
    List<String> rows = new ArrayList<>();
    try (CloseableIterator<Object[]> merged =
        DeduplicatingBatchMerge.rows(counted, split(table), ROW)) {
      assertThat(merged).isNotNull();
      merged.forEachRemaining(r -> rows.add(Arrays.deepToString(r)));
    }
    assertThat(rows).hasSizeGreaterThan(1000);
    assertThat(io.mostOpenAtOnce()).isLessThanOrEqualTo(runs);
    assertThat(io.opened()).isGreaterThanOrEqualTo(2 * files.size());
    assertThat(io.open()).isZero();
  }

  /**
   * A table whose bucket holds a compacted level of several small files and, above it, two newer
   * commits of overlapping keys.
   */
  private FileStoreTable levelOfManyFilesUnderNewerCommits(String name, long seed)
      throws IOException {
    FileStoreTable table = table(name, Map.of());
    writeOverlappingCommits(table, new Random(seed), 3, 400, 0, 10);
    new FullCompaction(table, "test", Clock.systemUTC()).run(null, CompactStrategy.FULL);
    writeOverlappingCommits(table, new Random(seed + 1), 2, 300, 0, 10);
    return table;
  }

  /** Compacts {@code files} both ways; the batch merge's files, once they are shown equal. */
  private static List<DataFileMeta> assertBothMergesWriteTheSameFiles(
      FileStoreTable table, List<DataFileMeta> files, boolean dropDeletes) throws IOException {
    CompactUnit unit = new CompactUnit(files, 5, dropDeletes);
    BucketId bucket = new BucketId(split(table).partition(), 0);
    List<DataFileMeta> batched = new BucketCompactor(table).rewrite(bucket, 1, unit);
    List<DataFileMeta> recordwise =
        new BucketCompactor(table).recordByRecord().rewrite(bucket, 1, unit);
    assertThat(batched).hasSameSizeAs(recordwise).hasSizeGreaterThan(1);
    for (int i = 0; i < batched.size(); i++) {
      DataFileMeta a = batched.get(i);
      DataFileMeta b = recordwise.get(i);
      assertThat(a.fileName()).isNotEqualTo(b.fileName());
      assertThat(a.rowCount()).isEqualTo(b.rowCount());
      assertThat(a.minKey()).isEqualTo(b.minKey());
      assertThat(a.maxKey()).isEqualTo(b.maxKey());
      assertThat(a.keyStats()).isEqualTo(b.keyStats());
      assertThat(a.valueStats()).isEqualTo(b.valueStats());
      assertThat(a.minSequenceNumber()).isEqualTo(b.minSequenceNumber());
      assertThat(a.maxSequenceNumber()).isEqualTo(b.maxSequenceNumber());
      assertThat(a.deleteRowCount()).isEqualTo(b.deleteRowCount());
      assertThat(a.level()).isEqualTo(b.level()).isEqualTo(5);
      assertThat(rows(table, a)).isEqualTo(rows(table, b));
    }
    return batched;
  }

  @ParameterizedTest
  @ValueSource(strings = {"deduplicate", "first-row"})
  void mergeReadsReturnTheRowsOfTheRecordMerge(String engine) throws IOException {
    FileStoreTable table = table("read", engineOptions(engine));
    writeOverlappingCommits(table, new Random(3), 3, 300, 0, 8);
    DataSplit split = split(table);
    assertThat(split.rawConvertible()).isFalse();
    List<RowType> readTypes =
        List.of(ROW, ROW.project(List.of("s", "id")), ROW.project(List.of("d", "f", "b")));
    for (RowType readType : readTypes) {
      try (DeduplicatingBatchMerge merge =
          DeduplicatingBatchMerge.open(table, split, readType, false)) {
        assertThat(merge).as("the batch merge reads " + readType).isNotNull();
      }
      List<String> batched = new ArrayList<>();
      try (CloseableIterator<Object[]> rows = TableRead.open(table, split, readType)) {
        rows.forEachRemaining(r -> batched.add(Arrays.deepToString(r)));
      }
      List<String> recordwise = new ArrayList<>();
      try (MergeSplitReader rows = new MergeSplitReader(table, split, readType)) {
        rows.forEachRemaining(r -> recordwise.add(Arrays.deepToString(r)));
      }
      assertThat(batched).hasSizeGreaterThan(1000).isEqualTo(recordwise);
    }
  }

  @Test
  void aColumnNoInputKeptADictionaryForIsWrittenWithoutOne() throws IOException {
    RowType type =
        new RowType(
            List.of(
                new DataField(0, "id", DataTypes.BIGINT().notNull()),
                new DataField(1, "low", DataTypes.INT()),
                new DataField(2, "high", DataTypes.STRING())));
    FileStoreTable table =
        TableTestSupport.create(
            TableTestSupport.catalog(dir),
            "dictionaries",
            type,
            List.of(),
            Map.of("primary-key", "id", "bucket", "1", "write-only", "true"));
    Random random = new Random(5);
    for (int commit = 0; commit < 2; commit++) {
      List<Object[]> rows = new ArrayList<>();
      for (long k = commit * 20_000; k < commit * 20_000 + 40_000; k++) {
        rows.add(new Object[] {k, (int) (k % 5), Long.toHexString(random.nextLong()) + "-" + k});
      }
      TableTestSupport.write(table, rows, rows.stream().map(r -> RowKind.INSERT).toList());
    }
    List<DataFileMeta> inputs = files(table);
    for (DataFileMeta f : inputs) {
      assertThat(dictionaryPages(table, f)).containsEntry("low", true).containsEntry("high", false);
    }
    try (DeduplicatingBatchMerge merge = DeduplicatingBatchMerge.open(table, split(table), true)) {
      // The sequence number is one of them too; the writer leaves its dictionary out anyway.
      assertThat(merge.columnsWithoutDictionaryPages())
          .contains("high", "_SEQUENCE_NUMBER")
          .doesNotContain("low", "_VALUE_KIND");
    }
    CompactUnit unit = new CompactUnit(inputs, 5, true);
    BucketId bucket = new BucketId(split(table).partition(), 0);
    DataFileMeta compacted = new BucketCompactor(table).rewrite(bucket, 1, unit).get(0);
    assertThat(compacted.rowCount()).isEqualTo(60_000);
    assertThat(dictionaryPages(table, compacted))
        .containsEntry("low", true)
        .containsEntry("high", false);
  }

  /** Whether each column of a data file has a dictionary page in its first row group. */
  private static Map<String, Boolean> dictionaryPages(FileStoreTable table, DataFileMeta file)
      throws IOException {
    org.apache.hadoop.fs.Path path =
        table.dataFilePaths().of(split(table).partition(), 0, file.fileName(), null);
    FileSystem fs = table.fileIO().fileSystem(path);
    Map<String, Boolean> pages = new HashMap<>();
    try (ParquetFileReader reader =
        ParquetFileReader.open(HadoopFiles.inputFile(fs, path, fs.getFileStatus(path).getLen()))) {
      for (ColumnChunkMetaData chunk : reader.getFooter().getBlocks().get(0).getColumns()) {
        pages.put(chunk.getPath().toDotString(), chunk.hasDictionaryPage());
      }
    }
    return pages;
  }

  @Test
  void aNanMakesTheFloatBoundsUnknownOnBothPaths() throws IOException {
    FileStoreTable table = table("nan", Map.of("target-file-size", "128 mb"));
    Random random = new Random(7);
    for (int commit = 0; commit < 2; commit++) {
      List<Object[]> rows = new ArrayList<>();
      for (int k = 0; k < 100; k++) {
        Object[] row = row(random, k);
        row[7] = k == 50 && commit == 1 ? Float.NaN : row[7];
        rows.add(row);
      }
      TableTestSupport.write(table, rows, rows.stream().map(r -> RowKind.INSERT).toList());
    }
    CompactUnit unit = new CompactUnit(files(table), 5, true);
    BucketId bucket = new BucketId(split(table).partition(), 0);
    DataFileMeta batched = new BucketCompactor(table).rewrite(bucket, 1, unit).get(0);
    DataFileMeta recordwise =
        new BucketCompactor(table).recordByRecord().rewrite(bucket, 1, unit).get(0);
    assertThat(batched.valueStats()).isEqualTo(recordwise.valueStats());
    assertThat(rows(table, batched))
        .isEqualTo(rows(table, recordwise))
        .anyMatch(r -> r.contains("NaN"));
  }

  @Test
  void tablesWithColumnsABatchDoesNotHoldMergeRecordByRecord() throws IOException {
    RowType withDecimal =
        new RowType(
            List.of(
                new DataField(0, "id", DataTypes.BIGINT().notNull()),
                new DataField(1, "amount", DataTypes.DECIMAL(20, 2))));
    FileStoreTable table =
        TableTestSupport.create(
            TableTestSupport.catalog(dir),
            "decimal",
            withDecimal,
            List.of(),
            Map.of("primary-key", "id", "bucket", "1", "write-only", "true"));
    List<Object[]> rows = new ArrayList<>();
    rows.add(new Object[] {1L, new java.math.BigDecimal("1.25")});
    TableTestSupport.write(table, rows, List.of(RowKind.INSERT));
    TableTestSupport.write(table, rows, List.of(RowKind.INSERT));
    try (DeduplicatingBatchMerge merge = DeduplicatingBatchMerge.open(table, split(table), true)) {
      assertThat(merge).isNull();
    }
    CompactUnit unit = new CompactUnit(files(table), 5, true);
    List<DataFileMeta> compacted =
        new BucketCompactor(table).rewrite(new BucketId(split(table).partition(), 0), 1, unit);
    assertThat(compacted).singleElement().extracting(DataFileMeta::rowCount).isEqualTo(1L);
  }

  /**
   * Writes {@code commits} commits, each over the keys of three steps from {@code commit * step},
   * so that each overlaps the one before by two thirds; one key in {@code skipOneIn} is left out
   * (0: none) and one in {@code deleteOneIn} is a DELETE.
   */
  private static void writeOverlappingCommits(
      FileStoreTable table, Random random, int commits, int step, int skipOneIn, int deleteOneIn) {
    for (int commit = 0; commit < commits; commit++) {
      List<Object[]> rows = new ArrayList<>();
      List<RowKind> kinds = new ArrayList<>();
      for (int k = commit * step; k < commit * step + 3 * step; k++) {
        if (skipOneIn > 0 && random.nextInt(skipOneIn) == 0) {
          continue;
        }
        rows.add(row(random, k));
        kinds.add(random.nextInt(deleteOneIn) == 0 ? RowKind.DELETE : RowKind.INSERT);
      }
      TableTestSupport.write(table, rows, kinds);
    }
  }

  /** A first-row table takes no DELETE, unless created to drop them. */
  private static Map<String, String> engineOptions(String engine) {
    return engine.equals("first-row")
        ? Map.of("merge-engine", engine, "ignore-delete", "true")
        : Map.of("merge-engine", engine);
  }

  private FileStoreTable table(String name, Map<String, String> extra) {
    Map<String, String> options = new HashMap<>();
    options.put("primary-key", "id,name");
    options.put("bucket", "1");
    options.put("write-only", "true");
    // Small files, so that the output rolls and every file's first and last keys are checked.
    options.put("target-file-size", "24 kb");
    options.putAll(extra);
    return TableTestSupport.create(TableTestSupport.catalog(dir), name, ROW, List.of(), options);
  }

  private static Object[] row(Random random, int k) {
    float[] floats = {0.0f, -0.0f, 1.5f, -3.25f, Float.MAX_VALUE, Float.NEGATIVE_INFINITY};
    double[] doubles = {0.0d, -0.0d, 2.5d, -1e300, Double.MIN_VALUE, Double.POSITIVE_INFINITY};
    long[] longs = {Long.MIN_VALUE, -1, 0, Long.MAX_VALUE};
    return new Object[] {
      k % 7 == 0 ? longs[k % 4] + k : (long) k,
      STRINGS[(k % (STRINGS.length - 1))] + (k % 3),
      nullOr(random, random.nextBoolean()),
      nullOr(random, (byte) random.nextInt()),
      nullOr(random, (short) random.nextInt()),
      nullOr(random, random.nextInt()),
      nullOr(random, random.nextInt(40000) - 20000),
      nullOr(random, floats[random.nextInt(floats.length)]),
      nullOr(random, doubles[random.nextInt(doubles.length)]),
      STRINGS[random.nextInt(STRINGS.length)],
      nullOr(random, Timestamp.fromMillis(random.nextLong() % 4_000_000_000_000L)),
      nullOr(random, Timestamp.fromMicros(random.nextLong() % 4_000_000_000_000_000L)),
      nullOr(random, BigDecimal.valueOf(random.nextInt(200_000) - 100_000, 2)),
      nullOr(random, BigDecimal.valueOf(random.nextLong() % 999_999_999_999_999L, 3)),
      nullOr(random, random.nextInt(86_400_000))
    };
  }

  private static Object nullOr(Random random, Object value) {
    return random.nextInt(8) == 0 ? null : value;
  }

  /**
   * Every live file of the table's one bucket as a split that needs a merge (a scan of a first-row
   * table would leave out level 0).
   */
  private static DataSplit split(FileStoreTable table) {
    List<DataFileMeta> files = new ArrayList<>();
    for (ManifestEntry e :
        new FileStoreScan(table.manifestFiles(), table.schema().partitionType())
            .liveEntries(table.snapshotManager().latest())) {
      files.add(e.file());
    }
    files.sort(Comparator.comparingLong(DataFileMeta::minSequenceNumber));
    return new DataSplit(-1, BinaryRow.EMPTY, 0, 1, files, false);
  }

  private static List<DataFileMeta> files(FileStoreTable table) {
    return split(table).files();
  }

  /** The rows of an output file as written (keys, sequence number, kind, values), as text. */
  private static List<String> rows(FileStoreTable table, DataFileMeta file) throws IOException {
    org.apache.hadoop.fs.Path path =
        table.dataFilePaths().of(split(table).partition(), 0, file.fileName(), null);
    FileSystem fs = table.fileIO().fileSystem(path);
    RowType fileType = new KeyValueLayout(table.schema().trimmedPrimaryKeyType(), ROW).fileType();
    List<Object[]> rows = new ArrayList<>();
    try (CloseableIterator<Object[]> reader = ParquetRowReader.open(fs, path, fileType)) {
      reader.forEachRemaining(rows::add);
    }
    return rows.stream().map(Arrays::deepToString).toList();
  }
}

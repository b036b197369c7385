package io.strata.spark.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.format.ParquetRowWriter;
import io.strata.core.format.ParquetWriteOptions;
import io.strata.core.format.StatsMode;
import io.strata.core.io.CorruptFileException;
import io.strata.core.predicate.AndPredicate;
import io.strata.core.predicate.LeafPredicate;
import io.strata.core.predicate.Predicate;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.execution.datasources.parquet.VectorizedParquetRecordReader;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spark's vectorized reader reads Strata's zstd pages through table-core's page codecs: the rows
 * are those written, over many row groups, and row groups a filter rules out by their dictionaries
 * are skipped and counted.
 */
class ParquetBatchFileTest {

  @TempDir Path tmp;

  private static final RowType TYPE =
      new RowType(
          List.of(
              new DataField(0, "k", DataTypes.BIGINT().notNull()),
              new DataField(1, "s", DataTypes.STRING())));

  private static final int ROWS = 30_000;

  @Test
  void readsEveryRowThroughStratasRowGroups() throws IOException {
    Path file = write();
    TaskReadMetrics metrics = new TaskReadMetrics();
    List<String> rows = new ArrayList<>();
    try (VectorizedParquetRecordReader reader = open(file, null, metrics)) {
      assertThat(PageCodecRowGroups.installed(reader)).isTrue();
      while (reader.nextBatch()) {
        ColumnarBatch batch = reader.resultBatch();
        for (int r = 0; r < batch.numRows(); r++) {
          rows.add(
              batch.column(0).getLong(r)
                  + "/"
                  + (batch.column(1).isNullAt(r) ? null : batch.column(1).getUTF8String(r)));
        }
      }
    }
    List<String> expected = new ArrayList<>();
    for (int r = 0; r < ROWS; r++) {
      Object[] row = row(r);
      expected.add(row[0] + "/" + row[1]);
    }
    assertThat(rows).isEqualTo(expected);
    assertThat(skipped(metrics)).isZero();
  }

  @Test
  void rowGroupsRuledOutByTheirDictionariesAreSkippedAndCounted() throws IOException {
    Path file = write();
    // "b" lies between every row group's min "a" and max "c": only the dictionaries rule it out.
    Predicate missing =
        new LeafPredicate(1, "s", DataTypes.STRING(), LeafPredicate.Op.EQ, List.of("b"));
    TaskReadMetrics metrics = new TaskReadMetrics();
    try (VectorizedParquetRecordReader reader = open(file, missing, metrics)) {
      assertThat(reader.nextBatch()).isFalse();
    }
    assertThat(skipped(metrics)).isEqualTo(rowGroups(file)).isGreaterThan(1);
  }

  @Test
  void aRangeFilterReadsOnlyThePagesItsColumnIndexesKeep() throws IOException {
    Path file = write();
    long from = 7L * 20_000;
    long to = 7L * 20_100;
    Predicate range =
        new AndPredicate(
            new LeafPredicate(0, "k", DataTypes.BIGINT(), LeafPredicate.Op.GE, List.of(from)),
            new LeafPredicate(0, "k", DataTypes.BIGINT(), LeafPredicate.Op.LE, List.of(to)));
    List<Long> keys = new ArrayList<>();
    try (VectorizedParquetRecordReader reader = open(file, range, new TaskReadMetrics())) {
      while (reader.nextBatch()) {
        ColumnarBatch batch = reader.resultBatch();
        for (int r = 0; r < batch.numRows(); r++) {
          keys.add(batch.column(0).getLong(r));
        }
      }
    }
    // Every matching row, in order, and fewer rows than a row group holds: whole pages around the
    // range, not the row group.
    List<Long> matching = keys.stream().filter(k -> k >= from && k <= to).toList();
    assertThat(matching).hasSize(101).isSorted();
    assertThat(keys).isSorted().hasSizeLessThan(ROWS / rowGroups(file));
  }

  @Test
  void aDamagedPageNamesTheFile() throws IOException {
    Path file = write();
    byte[] bytes = Files.readAllBytes(file);
    // Inside the first column chunk's compressed page, past the page header.
    for (int i = 64; i < 1_000; i++) {
      bytes[i] = (byte) (bytes[i] ^ 0x5A);
    }
    Files.write(file, bytes);
    try (VectorizedParquetRecordReader reader = open(file, null, new TaskReadMetrics())) {
      assertThatThrownBy(
              () -> {
                while (reader.nextBatch()) {
                  // reads every page
                }
              })
          .isInstanceOf(CorruptFileException.class)
          .hasMessageContaining("The data file ")
          .hasMessageContaining(file.getFileName() + " is corrupted");
    }
  }

  private Path write() throws IOException {
    Path file = tmp.resolve("data-" + System.nanoTime() + ".parquet");
    ParquetWriteOptions options =
        new ParquetWriteOptions("zstd", 1, StatsMode.DEFAULT, Map.of(), 32 << 10, 4 << 10, true);
    try (ParquetRowWriter writer =
        ParquetRowWriter.create(fs(), new org.apache.hadoop.fs.Path(file.toUri()), TYPE, options)) {
      for (int r = 0; r < ROWS; r++) {
        writer.write(row(r));
      }
      writer.finish();
    }
    return file;
  }

  private static Object[] row(int r) {
    return new Object[] {(long) r * 7, r % 11 == 0 ? null : (r % 2 == 0 ? "a" : "c")};
  }

  private VectorizedParquetRecordReader open(Path file, Predicate filter, TaskReadMetrics metrics)
      throws IOException {
    ParquetBatchFile opener =
        new ParquetBatchFile(
            fs().getConf(),
            SparkReadSchema.of(TYPE),
            SparkReadSchema.of(new RowType(List.of())),
            new ColumnarReadSettings(1000, false));
    return opener.open(
        fs(),
        new org.apache.hadoop.fs.Path(file.toUri()),
        Files.size(file),
        filter,
        TYPE,
        new RowType(List.of()),
        new GenericInternalRow(0),
        metrics);
  }

  private static long skipped(TaskReadMetrics metrics) {
    for (CustomTaskMetric m : metrics.values()) {
      if (m.name().equals(ScanMetrics.ROW_GROUPS_SKIPPED)) {
        return m.value();
      }
    }
    throw new AssertionError("no " + ScanMetrics.ROW_GROUPS_SKIPPED + " metric");
  }

  private static int rowGroups(Path file) throws IOException {
    try (org.apache.parquet.hadoop.ParquetFileReader reader =
        org.apache.parquet.hadoop.ParquetFileReader.open(
            org.apache.parquet.hadoop.util.HadoopInputFile.fromPath(
                new org.apache.hadoop.fs.Path(file.toUri()), new Configuration()))) {
      return reader.getFooter().getBlocks().size();
    }
  }

  private static FileSystem fs() throws IOException {
    return FileSystem.getLocal(new Configuration());
  }
}

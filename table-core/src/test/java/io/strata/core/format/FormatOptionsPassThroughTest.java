package io.strata.core.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.options.FileFormat;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.orc.impl.RecordReaderImpl;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Table options with the {@code orc.} and {@code parquet.} prefixes reach the ORC and Parquet
 * writers: each chosen option shows in the written file, read back through the format library's own
 * reader, and the file reads the rows written.
 */
class FormatOptionsPassThroughTest {

  @TempDir Path tmp;

  static final RowType TYPE =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT()),
              new DataField(1, "name", DataTypes.STRING()),
              new DataField(2, "category", DataTypes.STRING())));

  static List<Object[]> rows(int n) {
    Random random = new Random(3);
    List<Object[]> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      rows.add(new Object[] {(long) i, "name-" + random.nextLong() + "-" + i, "c" + i % 20});
    }
    return rows;
  }

  Path write(FileFormat format, String name, Map<String, String> tableOptions, int n)
      throws IOException {
    Path file = tmp.resolve(name + "." + format.value());
    List<Object[]> rows = rows(n);
    OrcAvroRoundTripTest.write(
        format, file, TYPE, rows, ParquetWriteOptions.fromTableOptions(tableOptions));
    assertThat(OrcAvroRoundTripTest.read(file, TYPE))
        .extracting(r -> r[0] + "/" + r[1] + "/" + r[2])
        .containsExactlyElementsOf(rows.stream().map(r -> r[0] + "/" + r[1] + "/" + r[2]).toList());
    return file;
  }

  Reader orcReader(Path file) throws IOException {
    return OrcFile.createReader(
        TestFiles.hadoopPath(file),
        OrcFile.readerOptions(new Configuration(false)).filesystem(TestFiles.fs()));
  }

  /** Whether the first stripe holds a bloom filter of ORC column {@code column} (0 = the row). */
  static boolean orcBloomFilter(Reader reader, int column) throws IOException {
    try (RecordReaderImpl rows = (RecordReaderImpl) reader.rows()) {
      boolean[] all = new boolean[reader.getSchema().getMaximumId() + 1];
      java.util.Arrays.fill(all, true);
      return rows.readRowIndex(0, all, all).getBloomFilterKinds()[column] != null;
    }
  }

  @Test
  void orcOptionsShowInTheFileOrcWrites() throws IOException {
    Map<String, String> options = new HashMap<>();
    options.put("file.format", "orc");
    options.put("orc.compress.size", "4096");
    options.put("orc.row.index.stride", "1000");
    options.put("orc.stripe.size", "65536");
    options.put("orc.rows.between.memory.checks", "500");
    options.put("orc.bloom.filter.columns", "name");
    options.put("orc.write.batch-size", "100");
    options.put("orc.compress", "snappy"); // file.compression (zstd) decides the codec
    options.put("orc.no.such.option", "ignored");
    try (Reader tuned = orcReader(write(FileFormat.ORC, "tuned", options, 60_000));
        Reader plain = orcReader(write(FileFormat.ORC, "plain", Map.of(), 60_000))) {
      assertThat(tuned.getCompressionSize()).isEqualTo(4096);
      assertThat(plain.getCompressionSize()).isNotEqualTo(4096);
      assertThat(tuned.getRowIndexStride()).isEqualTo(1000);
      assertThat(plain.getRowIndexStride()).isEqualTo(10_000);
      assertThat(tuned.getStripes()).hasSizeGreaterThan(1);
      assertThat(plain.getStripes()).hasSize(1);
      assertThat(orcBloomFilter(tuned, 2)).isTrue();
      assertThat(orcBloomFilter(tuned, 1)).isFalse();
      assertThat(orcBloomFilter(plain, 2)).isFalse();
      assertThat(tuned.getCompressionKind()).isEqualTo(org.apache.orc.CompressionKind.ZSTD);
    }
  }

  @Test
  void writeBatchSizeReadsPaimonsFallbackKeyAndChecksItsValue() {
    assertThat(ParquetWriteOptions.fromTableOptions(Map.of()).writeBatchSize()).isEqualTo(1024);
    assertThat(
            ParquetWriteOptions.fromTableOptions(Map.of("orc.write.batch-size", "64"))
                .writeBatchSize())
        .isEqualTo(64);
    assertThat(
            ParquetWriteOptions.fromTableOptions(Map.of("write.batch-size", "32")).writeBatchSize())
        .isEqualTo(32);
    assertThatThrownBy(() -> ParquetWriteOptions.fromTableOptions(Map.of("write.batch-size", "0")))
        .hasMessage(
            "Invalid value '0' for table option 'write.batch-size': expected a positive number.");
  }

  @Test
  void parquetOptionsShowInTheFileParquetWrites() throws IOException {
    Map<String, String> options = new HashMap<>();
    options.put("parquet.block.row.count.limit", "1000");
    options.put("parquet.bloom.filter.enabled#name", "true");
    options.put("parquet.bloom.filter.expected.ndv#name", "1000");
    options.put("parquet.enable.dictionary#category", "false");
    options.put("parquet.no.such.option", "ignored");
    List<BlockMetaData> tuned = parquetBlocks(write(FileFormat.PARQUET, "tuned", options, 5000));
    List<BlockMetaData> plain = parquetBlocks(write(FileFormat.PARQUET, "plain", Map.of(), 5000));
    assertThat(tuned).hasSize(5);
    assertThat(plain).hasSize(1);
    ColumnChunkMetaData id = tuned.get(0).getColumns().get(0);
    ColumnChunkMetaData name = tuned.get(0).getColumns().get(1);
    assertThat(name.getBloomFilterOffset()).isPositive();
    assertThat(id.getBloomFilterOffset()).isNegative();
    assertThat(plain.get(0).getColumns().get(1).getBloomFilterOffset()).isNegative();
    assertThat(tuned.get(0).getColumns().get(2).hasDictionaryPage()).isFalse();
    assertThat(plain.get(0).getColumns().get(2).hasDictionaryPage()).isTrue();
  }

  @Test
  void anInvalidParquetValueNamesItsOption() {
    assertThatThrownBy(
            () ->
                write(
                    FileFormat.PARQUET,
                    "invalid",
                    Map.of("parquet.bloom.filter.enabled#name", "yes"),
                    1))
        .hasMessage(
            "Invalid value 'yes' for table option 'parquet.bloom.filter.enabled#name': expected"
                + " true or false.");
  }

  static List<BlockMetaData> parquetBlocks(Path file) throws IOException {
    try (ParquetFileReader reader =
        ParquetFileReader.open(HadoopFiles.inputFile(TestFiles.fs(), TestFiles.hadoopPath(file)))) {
      return reader.getFooter().getBlocks();
    }
  }
}

package io.strata.core.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every row group of a Parquet file is written with that file's own options, whatever other files
 * the JVM opened meanwhile (parquet-mr's default value-writer factory is one shared instance that
 * keeps the options last built).
 */
class ParquetWriterIsolationTest {

  @TempDir Path tmp;

  private static final RowType TYPE =
      new RowType(
          List.of(
              new DataField(0, "k", DataTypes.BIGINT().notNull()),
              new DataField(1, "s", DataTypes.STRING())));

  @Test
  void laterRowGroupsKeepTheirFilesOptionsWhenAnotherFileOpensInBetween() throws IOException {
    ParquetWriteOptions plain =
        new ParquetWriteOptions("zstd", 1, StatsMode.DEFAULT, Map.of(), 32 << 10, 4 << 10, false);
    ParquetWriteOptions dictionaries = ParquetWriteOptions.defaults();
    Path withoutDictionaries = tmp.resolve("plain.parquet");
    Path withDictionaries = tmp.resolve("dictionary.parquet");
    int rows = 40_000;
    try (ParquetRowWriter first =
        ParquetRowWriter.create(
            TestFiles.fs(), TestFiles.hadoopPath(withoutDictionaries), TYPE, plain)) {
      for (int r = 0; r < rows / 10; r++) {
        first.write(row(r));
      }
      try (ParquetRowWriter second =
          ParquetRowWriter.create(
              TestFiles.fs(), TestFiles.hadoopPath(withDictionaries), TYPE, dictionaries)) {
        for (int r = 0; r < 1_000; r++) {
          second.write(row(r));
        }
        for (int r = rows / 10; r < rows; r++) {
          first.write(row(r));
        }
        second.finish();
      }
      first.finish();
    }
    List<BlockMetaData> plainGroups = rowGroups(withoutDictionaries);
    assertThat(plainGroups).hasSizeGreaterThan(2);
    for (BlockMetaData group : plainGroups) {
      for (ColumnChunkMetaData column : group.getColumns()) {
        assertThat(column.hasDictionaryPage())
            .as("row group at %d, column %s", group.getStartingPos(), column.getPath())
            .isFalse();
      }
    }
    assertThat(rowGroups(withDictionaries).get(0).getColumns().get(1).hasDictionaryPage()).isTrue();
    assertThat(TestFiles.readAll(withoutDictionaries, TYPE)).hasSize(rows);
  }

  private static Object[] row(int r) {
    return new Object[] {(long) r, "value-" + (r % 10)};
  }

  private static List<BlockMetaData> rowGroups(Path file) throws IOException {
    try (ParquetFileReader reader =
        ParquetFileReader.open(
            HadoopInputFile.fromPath(
                new org.apache.hadoop.fs.Path(file.toUri()), new Configuration()))) {
      return reader.getFooter().getBlocks();
    }
  }
}

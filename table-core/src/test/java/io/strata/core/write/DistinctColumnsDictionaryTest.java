package io.strata.core.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.catalog.Identifier;
import io.strata.core.format.HadoopFiles;
import io.strata.core.format.ParquetWriteOptions;
import io.strata.core.merge.KeyValueLayout;
import io.strata.core.schema.SchemaFactory;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Primary-key files skip Parquet's dictionary on the columns whose values are distinct in a file
 * ({@code _SEQUENCE_NUMBER}, a one-column key and its copy), keep it elsewhere, and let a table's
 * own {@code parquet.enable.dictionary#<column>} decide.
 */
class DistinctColumnsDictionaryTest {

  @TempDir Path dir;

  static final RowType COLUMNS =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT().notNull()),
              new DataField(1, "v", DataTypes.BIGINT().notNull()),
              new DataField(2, "s", DataTypes.STRING())));

  FileStoreTable table(String name, List<String> keys, Map<String, String> extra) {
    Map<String, String> options = new HashMap<>(Map.of("bucket", "1"));
    options.putAll(extra);
    return TableTestSupport.catalog(dir)
        .createTable(
            new Identifier("default", name),
            SchemaFactory.create(COLUMNS, List.of(), keys, options, null, 1L));
  }

  static List<Object[]> rows() {
    List<Object[]> rows = new ArrayList<>();
    for (long i = 0; i < 3000; i++) {
      rows.add(new Object[] {i * 7 % 3000, i % 7, "s" + i % 5});
    }
    return rows;
  }

  /** Whether each column of the table's one data file has a dictionary page, by column name. */
  Map<String, Boolean> dictionaries(FileStoreTable table) throws IOException {
    TableTestSupport.append(table, rows());
    assertThat(TableTestSupport.readAll(table)).hasSize(3000);
    Path file;
    try (Stream<Path> files = Files.walk(Path.of(table.root().toUri()))) {
      file = files.filter(p -> p.getFileName().toString().endsWith(".parquet")).findFirst().get();
    }
    Map<String, Boolean> dictionary = new HashMap<>();
    try (ParquetFileReader reader =
        ParquetFileReader.open(
            HadoopFiles.inputFile(
                HadoopFiles.rawLocal(new Configuration()),
                new org.apache.hadoop.fs.Path(file.toUri())))) {
      for (ColumnChunkMetaData c : reader.getFooter().getBlocks().get(0).getColumns()) {
        dictionary.put(c.getPath().toDotString(), c.hasDictionaryPage());
      }
    }
    return dictionary;
  }

  @Test
  void distinctColumnsOfAOneColumnKeyGoWithoutDictionary() throws IOException {
    assertThat(dictionaries(table("one_key", List.of("id"), Map.of())))
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "_KEY_id", false,
                "_SEQUENCE_NUMBER", false,
                "_VALUE_KIND", true,
                "id", false,
                "v", true,
                "s", true));
  }

  @Test
  void fieldsOfACompositeKeyRepeatSoKeepTheirDictionary() throws IOException {
    assertThat(dictionaries(table("two_keys", List.of("id", "v"), Map.of())))
        .containsEntry("_KEY_v", true)
        .containsEntry("v", true)
        .containsEntry("_SEQUENCE_NUMBER", false);
  }

  /**
   * Parquet drops a dictionary that does not compress, so a distinct column shows none either way:
   * what the table asks for is checked in the options the file writer gets.
   */
  @Test
  void theTablesOwnColumnOptionWins() {
    ParquetWriteOptions own =
        ParquetWriteOptions.fromTableOptions(
                Map.of("parquet.enable.dictionary#_SEQUENCE_NUMBER", "true"))
            .withoutDictionaryFor(List.of("_SEQUENCE_NUMBER", "_KEY_id"));
    assertThat(own.formatOptions())
        .containsEntry("parquet.enable.dictionary#_SEQUENCE_NUMBER", "true")
        .containsEntry("parquet.enable.dictionary#_KEY_id", "false");
  }

  @Test
  void theFileWriterOfAPrimaryKeyFileGetsTheDistinctColumns() {
    FileStoreTable table = table("writer_options", List.of("id"), Map.of());
    RowType fileType =
        new KeyValueLayout(new RowType(List.of(COLUMNS.field(0))), COLUMNS).fileType();
    RollingFileWriter writer =
        new RollingFileWriter(
            table.fileIO(),
            new org.apache.hadoop.fs.Path(table.root(), "bucket-0"),
            fileType,
            io.strata.core.options.FileFormat.PARQUET,
            null,
            WriteSettings.of(table.options(), true));
    assertThat(writer.fileOptions().formatOptions())
        .containsOnly(
            Map.entry("parquet.enable.dictionary#_KEY_id", "false"),
            Map.entry("parquet.enable.dictionary#_SEQUENCE_NUMBER", "false"),
            Map.entry("parquet.enable.dictionary#id", "false"));
  }

  @Test
  void appendFilesHaveNoDistinctColumns() {
    assertThat(KeyValueLayout.distinctColumns(COLUMNS)).isEmpty();
    assertThat(KeyValueLayout.keyArity(COLUMNS)).isZero();
  }

  @Test
  void aPrimaryKeyFileStartsWithItsKeyColumns() {
    RowType composite =
        new KeyValueLayout(new RowType(List.of(COLUMNS.field(0), COLUMNS.field(2))), COLUMNS)
            .fileType();
    assertThat(KeyValueLayout.keyArity(composite)).isEqualTo(2);
    assertThat(
            KeyValueLayout.keyArity(
                new KeyValueLayout(new RowType(List.of(COLUMNS.field(0))), COLUMNS).fileType()))
        .isEqualTo(1);
  }
}

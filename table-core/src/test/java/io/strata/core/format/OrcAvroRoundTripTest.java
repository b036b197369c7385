package io.strata.core.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.GoldenFiles;
import io.strata.core.options.FileFormat;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.types.Timestamp;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.avro.file.DataFileStream;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.orc.TypeDescription;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * ORC and Avro data files: every type of {@link RoundTripTest} written and read back, the same
 * statistics as Parquet's, projections, and the schemas Paimon 1.3.1 writes (compared with the
 * golden files Paimon wrote).
 */
class OrcAvroRoundTripTest {

  @TempDir Path tmp;

  /** Avro holds timestamps up to micros (as in Paimon): the all-types row without c_ts9. */
  static final int TS9 = RoundTripTest.ALL.indexOf("c_ts9");

  static RowType typeFor(FileFormat format) {
    if (format != FileFormat.AVRO) {
      return RoundTripTest.ALL;
    }
    List<DataField> fields = new ArrayList<>(RoundTripTest.ALL.fields());
    fields.remove(TS9);
    return new RowType(fields);
  }

  static List<Object[]> rowsFor(FileFormat format, int n) {
    List<Object[]> rows = RoundTripTest.rows(n);
    if (format == FileFormat.ORC) {
      return rows.stream().map(OrcAvroRoundTripTest::outsideLastSecondBefore1970).toList();
    }
    if (format != FileFormat.AVRO) {
      return rows;
    }
    List<Object[]> out = new ArrayList<>();
    for (Object[] row : rows) {
      List<Object> values = new ArrayList<>(Arrays.asList(row));
      values.remove(TS9);
      out.add(values.toArray());
    }
    return out;
  }

  /**
   * The ORC library (Spark's and Paimon's alike) reads a timestamp strictly inside the last second
   * before 1970 with a sub-second part one second late ({@code -0.000001 s} reads as {@code
   * 0.999999 s}): such values move one second earlier, where ORC keeps them exactly.
   */
  private static Object[] outsideLastSecondBefore1970(Object[] row) {
    Object[] copy = row.clone();
    for (int i = 0; i < copy.length; i++) {
      if (copy[i] instanceof Timestamp t && t.millis() > -1000 && t.millis() < 0) {
        copy[i] = new Timestamp(t.millis() - 1000, t.nanoOfMillisecond());
      }
    }
    return copy;
  }

  @Test
  void orcReadsTheLastSecondBefore1970OneSecondLate() throws Exception {
    RowType type = new RowType(List.of(new DataField(0, "ts", DataTypes.TIMESTAMP(6))));
    Path file = file(FileFormat.ORC, "epoch");
    List<Object[]> rows =
        List.of(
            new Object[] {Timestamp.fromMicros(-1)},
            new Object[] {Timestamp.fromMicros(-1_000_001)});
    write(FileFormat.ORC, file, type, rows, ParquetWriteOptions.defaults());
    List<Object[]> got = read(file, type);
    assertThat(got.get(0)[0]).isEqualTo(Timestamp.fromMicros(999_999));
    assertThat(got.get(1)[0]).isEqualTo(Timestamp.fromMicros(-1_000_001));
  }

  private Path file(FileFormat format, String name) {
    return tmp.resolve(name + "." + format.value());
  }

  static FileStats write(
      FileFormat format, Path file, RowType type, List<Object[]> rows, ParquetWriteOptions options)
      throws IOException {
    try (DataFileWriter writer =
        DataFileFormat.of(format)
            .create(TestFiles.fs(), TestFiles.hadoopPath(file), type, options)) {
      for (Object[] row : rows) {
        writer.write(row);
      }
      assertThat(writer.rowCount()).isEqualTo(rows.size());
      assertThat(writer.path()).isEqualTo(TestFiles.hadoopPath(file));
      return writer.finish();
    }
  }

  static List<Object[]> read(Path file, RowType type) throws IOException {
    List<Object[]> rows = new ArrayList<>();
    try (CloseableIterator<Object[]> reader =
        DataFileFormat.ofFile(file.getFileName().toString())
            .open(TestFiles.fs(), TestFiles.hadoopPath(file), Files.size(file), type)) {
      reader.forEachRemaining(rows::add);
    }
    return rows;
  }

  @ParameterizedTest
  @CsvSource({
    "ORC, zstd",
    "ORC, snappy",
    "ORC, gzip",
    "ORC, lz4",
    "ORC, none",
    "AVRO, zstd",
    "AVRO, snappy",
    "AVRO, gzip",
    "AVRO, none"
  })
  void everyTypeRoundTrips(FileFormat format, String compression) throws Exception {
    Path file = file(format, "data");
    RowType type = typeFor(format);
    List<Object[]> rows = rowsFor(format, 30);
    write(format, file, type, rows, ParquetWriteOptions.defaults().withCompression(compression));
    assertThat(TestValues.normalizeRows(read(file, type)))
        .isEqualTo(TestValues.normalizeRows(rows));
    try (Stream<Path> files = Files.list(tmp)) {
      assertThat(files.map(p -> p.getFileName().toString()))
          .containsExactly("data." + format.value());
    }
  }

  @ParameterizedTest
  @EnumSource(
      value = FileFormat.class,
      names = {"ORC", "AVRO"})
  void manyBatchesRoundTripAndLengthGrows(FileFormat format) throws Exception {
    Path file = file(format, "big");
    RowType type = typeFor(format);
    List<Object[]> rows = rowsFor(format, 5000);
    try (DataFileWriter writer =
        DataFileFormat.of(format)
            .create(
                TestFiles.fs(),
                TestFiles.hadoopPath(file),
                type,
                ParquetWriteOptions.defaults().withCompression("none"))) {
      long before = writer.length();
      for (Object[] row : rows) {
        writer.write(row);
      }
      assertThat(writer.length()).isGreaterThan(before);
      writer.finish();
    }
    assertThat(TestValues.normalizeRows(read(file, type)))
        .isEqualTo(TestValues.normalizeRows(rows));
  }

  @ParameterizedTest
  @EnumSource(
      value = FileFormat.class,
      names = {"ORC", "AVRO"})
  void statsEqualParquetStatsInEveryMode(FileFormat format) throws Exception {
    RowType type = typeFor(format);
    List<Object[]> rows = rowsFor(format, 40);
    for (StatsMode mode :
        List.of(StatsMode.DEFAULT, StatsMode.FULL, StatsMode.COUNTS, StatsMode.NONE)) {
      ParquetWriteOptions options = ParquetWriteOptions.defaults().withStatsMode(mode);
      String name = mode.kind().name().toLowerCase();
      FileStats parquet =
          write(FileFormat.PARQUET, file(FileFormat.PARQUET, name), type, rows, options);
      FileStats other = write(format, file(format, name), type, rows, options);
      assertThat(other).as("%s", mode).isEqualTo(parquet);
      if (mode == StatsMode.FULL) {
        assertThat(other.min()[type.indexOf("c_int")]).isEqualTo(0);
        assertThat(other.nullCounts()[type.indexOf("c_bool")]).isEqualTo(13L);
      }
    }
  }

  @ParameterizedTest
  @EnumSource(
      value = FileFormat.class,
      names = {"ORC", "AVRO"})
  void projectionReordersAndFillsMissingColumnsAndNestedFields(FileFormat format) throws Exception {
    Path file = file(format, "p");
    RowType type = typeFor(format);
    List<Object[]> rows = rowsFor(format, 6);
    write(format, file, type, rows, ParquetWriteOptions.defaults());
    RowType prunedRow =
        DataTypes.ROW(
            List.of(
                new DataField(99, "missing", DataTypes.INT()),
                new DataField(26, "a", DataTypes.INT())));
    RowType read =
        new RowType(
            List.of(
                type.field(type.indexOf("c_ts6")),
                new DataField(98, "added", DataTypes.STRING()),
                new DataField(25, "c_row", prunedRow),
                type.field(type.indexOf("c_int"))));
    List<Object[]> got = read(file, read);
    assertThat(got).hasSize(6);
    for (int i = 0; i < 6; i++) {
      Object[] row = got.get(i);
      assertThat(row[0]).isEqualTo(rows.get(i)[type.indexOf("c_ts6")]);
      assertThat(row[1]).isNull();
      Object[] original = (Object[]) rows.get(i)[type.indexOf("c_row")];
      assertThat((Object[]) row[2]).containsExactly(null, original[0]);
      assertThat(row[3]).isEqualTo(i);
    }
  }

  @ParameterizedTest
  @EnumSource(
      value = FileFormat.class,
      names = {"ORC", "AVRO"})
  void mapsWithNonStringKeysRoundTrip(FileFormat format) throws Exception {
    RowType type =
        new RowType(
            List.of(
                new DataField(0, "id", DataTypes.INT().notNull()),
                new DataField(
                    1, "m", DataTypes.MAP(DataTypes.INT().notNull(), DataTypes.STRING()))));
    Map<Object, Object> map = new LinkedHashMap<>();
    map.put(3, "three");
    map.put(-1, null);
    List<Object[]> rows =
        List.of(new Object[] {1, map}, new Object[] {2, null}, new Object[] {3, Map.of()});
    Path file = file(format, "m");
    write(format, file, type, rows, ParquetWriteOptions.defaults());
    assertThat(TestValues.normalizeRows(read(file, type)))
        .isEqualTo(TestValues.normalizeRows(rows));
  }

  @ParameterizedTest
  @EnumSource(
      value = FileFormat.class,
      names = {"ORC", "AVRO"})
  void abortDeletesTheFileAndExistingFilesAreNotOverwritten(FileFormat format) throws Exception {
    Path file = file(format, "bad");
    RowType type = typeFor(format);
    DataFileWriter writer =
        DataFileFormat.of(format)
            .create(
                TestFiles.fs(), TestFiles.hadoopPath(file), type, ParquetWriteOptions.defaults());
    writer.write(rowsFor(format, 1).get(0));
    writer.abort();
    assertThat(file).doesNotExist();

    write(format, file, type, rowsFor(format, 1), ParquetWriteOptions.defaults());
    assertThatThrownBy(
            () -> write(format, file, type, rowsFor(format, 1), ParquetWriteOptions.defaults()))
        .isInstanceOf(IOException.class);
  }

  @ParameterizedTest
  @EnumSource(
      value = FileFormat.class,
      names = {"ORC", "AVRO"})
  void emptyFilesRoundTrip(FileFormat format) throws Exception {
    Path file = file(format, "empty");
    FileStats stats =
        write(format, file, typeFor(format), List.of(), ParquetWriteOptions.defaults());
    assertThat(stats.min()).containsOnlyNulls();
    assertThat(stats.nullCounts()).containsOnly(0L);
    assertThat(read(file, typeFor(format))).isEmpty();
  }

  @Test
  void theExtensionTellsTheFormat() {
    assertThat(DataFileFormat.formatOf("data-1.orc")).isEqualTo(FileFormat.ORC);
    assertThat(DataFileFormat.formatOf("data-1.avro")).isEqualTo(FileFormat.AVRO);
    assertThat(DataFileFormat.formatOf("data-1.parquet")).isEqualTo(FileFormat.PARQUET);
    assertThatThrownBy(() -> DataFileFormat.formatOf("data-1.csv"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot read data file data-1.csv: its extension names no supported format; data"
                + " files end in .parquet, .orc or .avro.");
  }

  @Test
  void unknownCompressionsFail() {
    assertThatThrownBy(() -> OrcRowWriter.compressionOf("brotli"))
        .hasMessage(
            "Unsupported file.compression 'brotli'; expected zstd, snappy, gzip, lz4 or none.");
    assertThatThrownBy(() -> AvroRowWriter.codecOf("lz4", 1))
        .hasMessage(
            "Unsupported file.compression 'lz4'; expected zstd, snappy, gzip, lz4 or none.");
  }

  // ------------------------------------------------ the schemas of Paimon's own files

  @Test
  void orcSchemaEqualsTheOnePaimonWrote() throws Exception {
    Path table = GoldenFiles.goldenTable("format_orc");
    RowType type = TestSchemas.read(table, 0);
    for (Path file : filesOf(table, ".orc")) {
      Reader reader =
          OrcFile.createReader(
              TestFiles.hadoopPath(file), OrcFile.readerOptions(new Configuration()));
      TypeDescription paimon = reader.getSchema();
      TypeDescription ours = OrcSchemas.toOrcSchema(type);
      assertThat(ours.toString()).isEqualTo(paimon.toString());
      for (int id = 0; id <= paimon.getMaximumId(); id++) {
        TypeDescription theirs = paimon.findSubtype(id);
        TypeDescription mine = ours.findSubtype(id);
        assertThat(mine.getAttributeNames()).isEqualTo(theirs.getAttributeNames());
        for (String key : theirs.getAttributeNames()) {
          assertThat(mine.getAttributeValue(key)).isEqualTo(theirs.getAttributeValue(key));
        }
      }
      assertThat(paimon.getChildren().get(0).getAttributeValue(OrcSchemas.FIELD_ID)).isEqualTo("0");
      reader.close();
    }
  }

  @Test
  void avroSchemaEqualsTheOnePaimonWrote() throws Exception {
    Path table = GoldenFiles.goldenTable("format_avro");
    RowType type = TestSchemas.read(table, 0);
    for (Path file : filesOf(table, ".avro")) {
      try (DataFileStream<GenericRecord> in =
          new DataFileStream<>(Files.newInputStream(file), new GenericDatumReader<>())) {
        assertThat(AvroSchemas.toAvroSchema(type)).isEqualTo(in.getSchema());
        assertThat(AvroSchemas.toAvroSchema(type).toString()).isEqualTo(in.getSchema().toString());
      }
    }
  }

  @ParameterizedTest
  @CsvSource({"format_orc, .orc", "format_avro, .avro"})
  void paimonFilesReadAsPaimonReadsThem(String name, String extension) throws Exception {
    Path table = GoldenFiles.goldenTable(name);
    RowType type = TestSchemas.read(table, 0);
    List<String> lines = new ArrayList<>();
    for (Path file : filesOf(table, extension)) {
      for (Object[] row : read(file, type)) {
        lines.add(GoldenRows.render(type, row));
      }
    }
    List<String> expected = TestFiles.expected(name, "latest");
    assertThat(lines).hasSize(2).containsExactlyInAnyOrderElementsOf(expected);
  }

  private static List<Path> filesOf(Path table, String extension) throws IOException {
    try (Stream<Path> files = Files.walk(table)) {
      List<Path> found =
          files
              .filter(p -> p.getFileName().toString().startsWith("data-"))
              .filter(p -> p.getFileName().toString().endsWith(extension))
              .sorted()
              .toList();
      assertThat(found).isNotEmpty();
      return found;
    }
  }
}

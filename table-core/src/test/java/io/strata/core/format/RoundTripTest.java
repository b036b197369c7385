package io.strata.core.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.types.Timestamp;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every type, nested and null, through ParquetRowWriter then ParquetRowReader. */
class RoundTripTest {

  static final RowType ELEMENT_ROW =
      DataTypes.ROW(
          List.of(
              new DataField(31, "k", DataTypes.INT().notNull()),
              new DataField(32, "v", DataTypes.STRING())));

  static final RowType ALL =
      new RowType(
          List.of(
              new DataField(0, "c_bool", DataTypes.BOOLEAN()),
              new DataField(1, "c_tinyint", DataTypes.TINYINT()),
              new DataField(2, "c_smallint", DataTypes.SMALLINT()),
              new DataField(3, "c_int", DataTypes.INT().notNull()),
              new DataField(4, "c_bigint", DataTypes.BIGINT()),
              new DataField(5, "c_float", DataTypes.FLOAT()),
              new DataField(6, "c_double", DataTypes.DOUBLE()),
              new DataField(7, "c_dec5", DataTypes.DECIMAL(5, 2)),
              new DataField(8, "c_dec18", DataTypes.DECIMAL(18, 4)),
              new DataField(9, "c_dec38", DataTypes.DECIMAL(38, 10)),
              new DataField(10, "c_string", DataTypes.STRING()),
              new DataField(11, "c_varchar", DataTypes.VARCHAR(10)),
              new DataField(12, "c_char", DataTypes.CHAR(3)),
              new DataField(13, "c_bytes", DataTypes.BYTES()),
              new DataField(14, "c_binary", DataTypes.BINARY(2)),
              new DataField(15, "c_date", DataTypes.DATE()),
              new DataField(16, "c_time", DataTypes.TIME(3)),
              new DataField(17, "c_ts3", DataTypes.TIMESTAMP(3)),
              new DataField(18, "c_ts6", DataTypes.TIMESTAMP(6)),
              new DataField(19, "c_ts9", DataTypes.TIMESTAMP(9)),
              new DataField(20, "c_ltz3", DataTypes.TIMESTAMP_LTZ(3)),
              new DataField(21, "c_ltz6", DataTypes.TIMESTAMP_LTZ(6)),
              new DataField(22, "c_array", DataTypes.ARRAY(DataTypes.INT())),
              new DataField(23, "c_array_rows", DataTypes.ARRAY(ELEMENT_ROW)),
              new DataField(
                  24,
                  "c_map",
                  DataTypes.MAP(DataTypes.STRING(), DataTypes.ARRAY(DataTypes.BIGINT()))),
              new DataField(
                  25,
                  "c_row",
                  DataTypes.ROW(
                      List.of(
                          new DataField(26, "a", DataTypes.INT()),
                          new DataField(27, "inner", ELEMENT_ROW),
                          new DataField(
                              28, "bytes", DataTypes.ARRAY(DataTypes.BYTES().notNull()))))),
              new DataField(29, "c_nested", DataTypes.ARRAY(DataTypes.ARRAY(DataTypes.STRING())))));

  @TempDir Path tmp;

  static Object[] fullRow(int i) {
    Map<Object, Object> map = new LinkedHashMap<>();
    map.put("k" + i, Arrays.asList(1L, null, (long) -i));
    map.put("empty", List.of());
    map.put("null", null);
    return new Object[] {
      i % 2 == 0,
      (byte) (i - 128),
      (short) (i * 100 - 30000),
      i,
      i * 3_000_000_000L,
      i + 0.5f,
      -i - 0.25,
      new BigDecimal("-123.45"),
      new BigDecimal("99999999999999.9999").subtract(BigDecimal.valueOf(i)),
      new BigDecimal("-1234567890123456789012345678.0123456789").add(BigDecimal.valueOf(i)),
      "string " + i + " ünïcødé 𝄞",
      "vc" + i,
      "ch" + (i % 10),
      new byte[] {(byte) i, (byte) 0xff, 0, 7},
      new byte[] {(byte) 0x80, (byte) i},
      19_000 + i,
      45_296_789 + i,
      Timestamp.fromMillis(-86_400_123L * i),
      Timestamp.fromMicros(1_700_000_000_123_456L + i),
      new Timestamp(-1_000_000_000_001L + i, 123_456 + i),
      Timestamp.fromMillis(1_700_000_000_999L + i),
      Timestamp.fromMicros(-1L - i),
      Arrays.asList(i, null, -i),
      Arrays.asList(new Object[] {i, "v" + i}, null, new Object[] {-i, null}),
      map,
      new Object[] {i, new Object[] {7, "x"}, List.of(new byte[] {1}, new byte[0])},
      Arrays.asList(List.of("a", "b"), null, List.of(), Arrays.asList((String) null))
    };
  }

  static Object[] sparseRow(int i) {
    Object[] row = new Object[ALL.size()];
    row[3] = i;
    row[22] = List.of();
    row[24] = Map.of();
    row[25] = new Object[] {null, null, null};
    return row;
  }

  static List<Object[]> rows(int n) {
    List<Object[]> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      rows.add(i % 3 == 2 ? sparseRow(i) : fullRow(i));
    }
    return rows;
  }

  FileStats write(Path file, RowType type, List<Object[]> rows, ParquetWriteOptions options)
      throws IOException {
    try (ParquetRowWriter writer =
        ParquetRowWriter.create(TestFiles.fs(), TestFiles.hadoopPath(file), type, options)) {
      for (Object[] row : rows) {
        writer.write(row);
      }
      assertThat(writer.rowCount()).isEqualTo(rows.size());
      return writer.finish();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"zstd", "snappy", "gzip", "lz4", "none"})
  void everyTypeRoundTrips(String compression) throws Exception {
    Path file = tmp.resolve("data.parquet");
    List<Object[]> rows = rows(30);
    write(file, ALL, rows, ParquetWriteOptions.defaults().withCompression(compression));
    assertThat(TestValues.normalizeRows(TestFiles.readAll(file, ALL)))
        .isEqualTo(TestValues.normalizeRows(rows));
    try (Stream<Path> files = Files.list(tmp)) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactly("data.parquet");
    }
  }

  @Test
  void manyRowGroupsAndDictionaryPagesRoundTrip() throws Exception {
    Path file = tmp.resolve("big.parquet");
    List<Object[]> rows = rows(5000);
    ParquetWriteOptions small =
        new ParquetWriteOptions("zstd", 1, StatsMode.FULL, Map.of(), 64 * 1024, 4 * 1024, true);
    write(file, ALL, rows, small);
    try (ParquetRowReader reader =
        ParquetRowReader.open(TestFiles.fs(), TestFiles.hadoopPath(file), ALL)) {
      assertThat(reader.rowCount()).isEqualTo(5000);
    }
    assertThat(TestValues.normalizeRows(TestFiles.readAll(file, ALL)))
        .isEqualTo(TestValues.normalizeRows(rows));
  }

  @Test
  void lengthGrowsWhileWriting() throws Exception {
    Path file = tmp.resolve("len.parquet");
    try (ParquetRowWriter writer =
        ParquetRowWriter.create(
            TestFiles.fs(), TestFiles.hadoopPath(file), ALL, ParquetWriteOptions.defaults())) {
      long before = writer.length();
      for (Object[] row : rows(2000)) {
        writer.write(row);
      }
      assertThat(writer.length()).isGreaterThan(before);
      writer.finish();
      assertThat(Files.size(file)).isGreaterThan(0);
    }
  }

  @Test
  void projectionReordersAndFillsMissingColumns() throws Exception {
    Path file = tmp.resolve("p.parquet");
    List<Object[]> rows = rows(6);
    write(file, ALL, rows, ParquetWriteOptions.defaults());
    RowType read =
        new RowType(
            List.of(
                ALL.field(ALL.indexOf("c_ts9")),
                new DataField(99, "added", DataTypes.STRING()),
                ALL.field(ALL.indexOf("c_int"))));
    List<Object[]> got = TestFiles.readAll(file, read);
    assertThat(got).hasSize(6);
    for (int i = 0; i < 6; i++) {
      assertThat(got.get(i)).containsExactly(rows.get(i)[19], null, i);
    }
  }

  @Test
  void rejectsNullInNotNullFieldAndExistingFiles() throws Exception {
    Path file = tmp.resolve("bad.parquet");
    ParquetRowWriter writer =
        ParquetRowWriter.create(
            TestFiles.fs(), TestFiles.hadoopPath(file), ALL, ParquetWriteOptions.defaults());
    Object[] row = sparseRow(1);
    row[3] = null;
    assertThatThrownBy(() -> writer.write(row)).hasMessageContaining("c_int");
    assertThatThrownBy(() -> writer.write(sparseRow(2))).isInstanceOf(IllegalStateException.class);
    writer.abort();
    assertThat(file).doesNotExist();

    write(file, ALL, rows(1), ParquetWriteOptions.defaults());
    assertThatThrownBy(() -> write(file, ALL, rows(1), ParquetWriteOptions.defaults()))
        .isInstanceOf(IOException.class);
  }

  @Test
  void checksummingFileSystemsAreUnwrappedAndEmptyFilesWork() throws Exception {
    FileSystem local = FileSystem.getLocal(new Configuration());
    Path file = tmp.resolve("empty.parquet");
    FileStats stats;
    try (ParquetRowWriter writer =
        ParquetRowWriter.create(
            local, TestFiles.hadoopPath(file), ALL, ParquetWriteOptions.defaults())) {
      stats = writer.finish();
    }
    assertThat(stats.min()).containsOnlyNulls();
    assertThat(stats.nullCounts()).containsOnly(0L);
    try (Stream<Path> files = Files.list(tmp)) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactly("empty.parquet");
    }
    try (ParquetRowReader reader = ParquetRowReader.open(local, TestFiles.hadoopPath(file), ALL)) {
      assertThat(reader.rowCount()).isZero();
      assertThat(reader.hasNext()).isFalse();
    }
  }

  @Test
  void widensNumbersAndRejectsIncompatibleColumns() throws Exception {
    Path file = tmp.resolve("w.parquet");
    write(file, ALL, rows(3), ParquetWriteOptions.defaults());
    RowType wide =
        new RowType(
            List.of(
                new DataField(3, "c_int", DataTypes.BIGINT()),
                new DataField(5, "c_float", DataTypes.DOUBLE()),
                new DataField(7, "c_dec5", DataTypes.DECIMAL(10, 3))));
    assertThat(TestFiles.readAll(file, wide).get(1))
        .containsExactly(1L, 1.5d, new BigDecimal("-123.450"));
    RowType wrong = new RowType(List.of(new DataField(10, "c_string", DataTypes.INT())));
    assertThatThrownBy(() -> TestFiles.readAll(file, wrong))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("c_string");
    RowType nested =
        new RowType(List.of(new DataField(3, "c_int", DataTypes.ARRAY(DataTypes.INT()))));
    assertThatThrownBy(() -> TestFiles.readAll(file, nested))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("c_int");
  }
}

package io.strata.core.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.types.ArrayType;
import io.strata.core.types.AtomicType;
import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.DataTypes;
import io.strata.core.types.MapType;
import io.strata.core.types.RowType;
import io.strata.core.types.Timestamp;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.MessageType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Strata writes Parquet files through parquet-mr's column writers, and nested rows through its
 * record assembly, without parquet-hadoop's {@code ParquetWriter}. The files must come out byte for
 * byte as that writer, given the same properties and rows, writes them: same pages, row groups,
 * dictionaries, bloom filters, indexes and footer.
 */
class ParquetFileLayoutTest {

  @TempDir Path tmp;

  static final RowType FLAT =
      new RowType(
          List.of(
              new DataField(0, "k", DataTypes.BIGINT().notNull()),
              new DataField(1, "b", DataTypes.BOOLEAN()),
              new DataField(2, "t", DataTypes.TINYINT()),
              new DataField(3, "sm", DataTypes.SMALLINT()),
              new DataField(4, "i", DataTypes.INT()),
              new DataField(5, "f", DataTypes.FLOAT()),
              new DataField(6, "d", DataTypes.DOUBLE()),
              new DataField(7, "dec9", DataTypes.DECIMAL(9, 2)),
              new DataField(8, "dec18", DataTypes.DECIMAL(18, 4)),
              new DataField(9, "dec30", DataTypes.DECIMAL(30, 5)),
              new DataField(10, "c", DataTypes.CHAR(3)),
              new DataField(11, "s", DataTypes.STRING()),
              new DataField(12, "bin", DataTypes.BYTES()),
              new DataField(13, "day", DataTypes.DATE()),
              new DataField(14, "tm", DataTypes.TIME(3)),
              new DataField(15, "ts3", DataTypes.TIMESTAMP(3)),
              new DataField(16, "ts6", DataTypes.TIMESTAMP(6).notNull()),
              new DataField(17, "ts9", DataTypes.TIMESTAMP(9)),
              new DataField(18, "ltz", DataTypes.TIMESTAMP_LTZ(6))));

  static final RowType NESTED =
      new RowType(
          List.of(
              new DataField(0, "k", DataTypes.BIGINT().notNull()),
              new DataField(1, "arr", DataTypes.ARRAY(DataTypes.INT())),
              new DataField(
                  2, "m", DataTypes.MAP(DataTypes.STRING().notNull(), DataTypes.DOUBLE())),
              new DataField(
                  3,
                  "r",
                  DataTypes.ROW(
                      List.of(
                          new DataField(4, "x", DataTypes.STRING()),
                          new DataField(5, "y", DataTypes.ARRAY(DataTypes.BIGINT()))))),
              new DataField(6, "s", DataTypes.STRING())));

  @Test
  void flatRowsOverManyRowGroupsWithPassedOnOptions() throws IOException {
    ParquetWriteOptions options =
        withFormatOptions(
            64 << 10,
            Map.of(
                "parquet.bloom.filter.enabled#c", "true",
                "parquet.enable.dictionary#c", "false",
                "parquet.page.row.count.limit", "3000",
                "parquet.statistics.truncate.length", "8"));
    Path file = assertSameBytes(FLAT, rows(FLAT, 40_000, 1), options);
    try (ParquetFileReader reader = open(file)) {
      assertThat(reader.getFooter().getBlocks()).hasSizeGreaterThan(3);
      // c (column 10, not dictionary encoded) has the bloom filter the options ask for; k none
      assertThat(reader.getFooter().getBlocks().get(0).getColumns().get(10).getBloomFilterOffset())
          .isPositive();
      assertThat(reader.getFooter().getBlocks().get(0).getColumns().get(0).getBloomFilterOffset())
          .isNegative();
    }
  }

  @Test
  void flatRowsWithDefaults() throws IOException {
    assertSameBytes(FLAT, rows(FLAT, 5_000, 2), ParquetWriteOptions.defaults());
  }

  @Test
  void rowGroupsEndAtTheRowCountLimit() throws IOException {
    ParquetWriteOptions options =
        withFormatOptions(128L << 20, Map.of("parquet.block.row.count.limit", "700"));
    Path file = assertSameBytes(FLAT, rows(FLAT, 2_000, 3), options);
    try (ParquetFileReader reader = open(file)) {
      assertThat(reader.getFooter().getBlocks())
          .extracting(b -> b.getRowCount())
          .containsExactly(700L, 700L, 600L);
    }
  }

  @Test
  void nestedRowsOverSeveralRowGroups() throws IOException {
    ParquetWriteOptions options = withFormatOptions(32 << 10, Map.of());
    Path file = assertSameBytes(NESTED, rows(NESTED, 20_000, 4), options);
    try (ParquetFileReader reader = open(file)) {
      assertThat(reader.getFooter().getBlocks()).hasSizeGreaterThan(2);
    }
  }

  @Test
  void emptyFile() throws IOException {
    assertSameBytes(FLAT, List.of(), ParquetWriteOptions.defaults());
  }

  private static ParquetWriteOptions withFormatOptions(
      long rowGroupSize, Map<String, String> more) {
    ParquetWriteOptions d = ParquetWriteOptions.defaults();
    return new ParquetWriteOptions(
        d.compression(),
        d.zstdLevel(),
        d.statsMode(),
        d.fieldStatsModes(),
        rowGroupSize,
        d.pageSize(),
        d.dictionary(),
        d.writeBatchSize(),
        more);
  }

  /** Writes the rows both ways, requires equal bytes, and returns Strata's file. */
  private Path assertSameBytes(RowType type, List<Object[]> rows, ParquetWriteOptions options)
      throws IOException {
    Path strata = tmp.resolve("strata-" + System.nanoTime() + ".parquet");
    try (ParquetRowWriter writer =
        ParquetRowWriter.create(TestFiles.fs(), TestFiles.hadoopPath(strata), type, options)) {
      for (Object[] row : rows) {
        writer.write(row);
      }
      writer.finish();
    }
    Path reference = tmp.resolve("reference-" + System.nanoTime() + ".parquet");
    writeWithParquetWriter(reference, type, rows, options);
    byte[] expected = Files.readAllBytes(reference);
    byte[] actual = Files.readAllBytes(strata);
    assertThat(actual.length).isEqualTo(expected.length);
    assertThat(Arrays.mismatch(actual, expected)).isEqualTo(-1);
    try (ParquetFileReader reader = open(strata)) {
      ParquetMetadata footer = reader.getFooter();
      assertThat(footer.getBlocks().stream().mapToLong(b -> b.getRowCount()).sum())
          .isEqualTo(rows.size());
    }
    assertThat(TestFiles.readAll(strata, type).stream().map(TestValues::normalize).toList())
        .isEqualTo(rows.stream().map(TestValues::normalize).toList());
    return strata;
  }

  /** parquet-hadoop's own writer, given what Strata's writer takes from the options. */
  private static void writeWithParquetWriter(
      Path file, RowType type, List<Object[]> rows, ParquetWriteOptions options)
      throws IOException {
    FileSystem raw = HadoopFiles.withoutChecksums(TestFiles.fs());
    Configuration conf = new Configuration(raw.getConf());
    ReferenceBuilder builder =
        new ReferenceBuilder(
                HadoopFiles.outputFile(raw, TestFiles.hadoopPath(file)),
                ParquetSchemas.toMessageType(type),
                new ParquetValueWriters.FieldsWriter(type))
            .withConf(conf)
            // Strata's zstd pages are one-shot frames (PageCodecsTest reads them both ways)
            .withCodecFactory(PageCodecs.forWriting(conf, options.pageSize(), options.zstdLevel()))
            .withWriteMode(ParquetFileWriter.Mode.CREATE)
            .withCompressionCodec(options.codec())
            .withRowGroupSize(options.rowGroupSize())
            .withPageSize(options.pageSize())
            .withDictionaryPageSize(options.pageSize())
            .withDictionaryEncoding(options.dictionary())
            .withWriterVersion(ParquetProperties.WriterVersion.PARQUET_1_0)
            .withValidation(false);
    Map<String, String> format = options.formatOptions();
    for (Map.Entry<String, String> e : format.entrySet()) {
      String key = e.getKey();
      String v = e.getValue();
      if (key.startsWith("parquet.bloom.filter.enabled#")) {
        builder.withBloomFilterEnabled(
            key.substring(key.indexOf('#') + 1), Boolean.parseBoolean(v));
      } else if (key.startsWith("parquet.enable.dictionary#")) {
        builder.withDictionaryEncoding(
            key.substring(key.indexOf('#') + 1), Boolean.parseBoolean(v));
      } else if (key.equals("parquet.page.row.count.limit")) {
        builder.withPageRowCountLimit(Integer.parseInt(v));
      } else if (key.equals("parquet.block.row.count.limit")) {
        builder.withRowGroupRowCountLimit(Integer.parseInt(v));
      } else if (key.equals("parquet.statistics.truncate.length")) {
        builder.withStatisticsTruncateLength(Integer.parseInt(v));
      } else {
        throw new IllegalArgumentException("The reference writer does not take " + key);
      }
    }
    try (ParquetWriter<Object[]> writer = builder.build()) {
      for (Object[] row : rows) {
        writer.write(row);
      }
    }
  }

  private static ParquetFileReader open(Path file) throws IOException {
    return ParquetFileReader.open(
        HadoopFiles.inputFile(
            HadoopFiles.withoutChecksums(TestFiles.fs()), TestFiles.hadoopPath(file)));
  }

  private static List<Object[]> rows(RowType type, int n, long seed) {
    Random random = new Random(seed);
    List<Object[]> rows = new ArrayList<>(n);
    for (int r = 0; r < n; r++) {
      Object[] row = new Object[type.size()];
      for (int i = 0; i < row.length; i++) {
        row[i] = value(type.typeAt(i), r, random);
      }
      rows.add(row);
    }
    return rows;
  }

  /** A value of {@code type} for row {@code r}: nulls, repeats and distinct values mixed. */
  private static Object value(DataType type, int r, Random random) {
    if (type.nullable() && random.nextInt(7) == 0) {
      return null;
    }
    return switch (type.root()) {
      case BOOLEAN -> random.nextBoolean();
      case TINYINT -> (byte) random.nextInt();
      case SMALLINT -> (short) random.nextInt(100);
      case INT, DATE -> random.nextInt();
      case TIME -> random.nextInt(86_400_000);
      case BIGINT -> r % 3 == 0 ? (long) r : random.nextLong();
      case FLOAT -> random.nextInt(10) == 0 ? Float.NaN : random.nextFloat() - 0.5f;
      case DOUBLE -> random.nextInt(50) == 0 ? -0.0d : random.nextGaussian();
      case DECIMAL -> {
        int precision = ((AtomicType) type).precision();
        int scale = ((AtomicType) type).scale();
        long unscaled = random.nextLong() % (long) Math.pow(10, Math.min(precision, 18));
        yield BigDecimal.valueOf(unscaled, scale);
      }
      case CHAR -> "c" + random.nextInt(10) + "x";
      case VARCHAR -> random.nextInt(4) == 0 ? "repeated" : "s-" + random.nextLong() + "-ü";
      case BINARY, VARBINARY -> ("b" + random.nextInt(1000)).getBytes(StandardCharsets.UTF_8);
      case TIMESTAMP, TIMESTAMP_LTZ -> {
        int precision = ((AtomicType) type).precision();
        long micros = random.nextLong() % 4_000_000_000_000_000L;
        Timestamp t = Timestamp.fromMicros(micros);
        yield precision <= 3
            ? Timestamp.fromMillis(t.millis())
            : precision <= 6 ? t : new Timestamp(t.millis(), random.nextInt(1_000_000));
      }
      case ARRAY -> {
        DataType element = ((ArrayType) type).element();
        int size = random.nextInt(4);
        List<Object> list = new ArrayList<>();
        for (int i = 0; i < size; i++) {
          list.add(value(element, r, random));
        }
        yield list;
      }
      case MAP -> {
        MapType map = (MapType) type;
        Map<Object, Object> m = new LinkedHashMap<>();
        int size = random.nextInt(3);
        for (int i = 0; i < size; i++) {
          m.put("key" + i, value(map.value(), r, random));
        }
        yield m;
      }
      case ROW -> {
        RowType row = (RowType) type;
        Object[] values = new Object[row.size()];
        for (int i = 0; i < values.length; i++) {
          values[i] = value(row.typeAt(i), r, random);
        }
        yield values;
      }
    };
  }

  private static final class ReferenceBuilder
      extends ParquetWriter.Builder<Object[], ReferenceBuilder> {
    private final MessageType schema;
    private final ParquetValueWriters.FieldsWriter fields;

    ReferenceBuilder(OutputFile file, MessageType schema, ParquetValueWriters.FieldsWriter fields) {
      super(file);
      this.schema = schema;
      this.fields = fields;
    }

    @Override
    protected ReferenceBuilder self() {
      return this;
    }

    @Override
    protected WriteSupport<Object[]> getWriteSupport(Configuration conf) {
      return new WriteSupport<>() {
        private RecordConsumer consumer;

        @Override
        public WriteContext init(Configuration configuration) {
          return new WriteContext(schema, Map.of());
        }

        @Override
        public void prepareForWrite(RecordConsumer recordConsumer) {
          consumer = recordConsumer;
        }

        @Override
        public void write(Object[] row) {
          consumer.startMessage();
          fields.write(consumer, row);
          consumer.endMessage();
        }
      };
    }
  }
}

package io.strata.core.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.types.Timestamp;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The batch reader decodes pages itself; it must read what the row reader reads, for data pages of
 * both versions (v2 pages bring delta encodings), with and without dictionaries, over many pages
 * and row groups.
 */
class ParquetBatchReaderTest {

  private static final RowType ROW =
      new RowType(
          List.of(
              new DataField(0, "k", DataTypes.BIGINT().notNull()),
              new DataField(1, "i", DataTypes.INT()),
              new DataField(2, "t", DataTypes.TINYINT()),
              new DataField(3, "sm", DataTypes.SMALLINT()),
              new DataField(4, "b", DataTypes.BOOLEAN()),
              new DataField(5, "f", DataTypes.FLOAT()),
              new DataField(6, "d", DataTypes.DOUBLE()),
              new DataField(7, "s", DataTypes.STRING()),
              new DataField(8, "dt", DataTypes.DATE()),
              new DataField(9, "n", DataTypes.BIGINT())));

  @TempDir java.nio.file.Path dir;

  @ParameterizedTest
  @CsvSource({"PARQUET_1_0,true", "PARQUET_1_0,false", "PARQUET_2_0,true", "PARQUET_2_0,false"})
  void readsWhatTheRowReaderReads(WriterVersion version, boolean dictionary) throws IOException {
    Path path = new Path(dir.toUri().toString(), "f.parquet");
    MessageType schema = ParquetSchemas.toMessageType(ROW);
    SimpleGroupFactory groups = new SimpleGroupFactory(schema);
    Random random = new Random(11);
    try (ParquetWriter<Group> writer =
        ExampleParquetWriter.builder(path)
            .withType(schema)
            .withConf(new Configuration(false))
            .withWriterVersion(version)
            .withDictionaryEncoding(dictionary)
            .withCompressionCodec(CompressionCodecName.ZSTD)
            .withPageSize(1024)
            .withPageRowCountLimit(700)
            .withRowGroupSize(64 * 1024L)
            .build()) {
      for (int r = 0; r < 20_000; r++) {
        Group g = groups.newGroup().append("k", (long) r * 31 - 5000);
        if (random.nextInt(5) > 0) {
          g.append("i", random.nextInt(100) - 50);
        }
        if (random.nextInt(5) > 0) {
          g.append("t", random.nextInt(256) - 128);
        }
        if (random.nextInt(5) > 0) {
          g.append("sm", random.nextInt(65536) - 32768);
        }
        if (random.nextInt(5) > 0) {
          g.append("b", random.nextBoolean());
        }
        if (random.nextInt(5) > 0) {
          g.append("f", random.nextFloat() * 1000 - 500);
        }
        if (random.nextInt(5) > 0) {
          g.append("d", r % 97 == 0 ? Double.NaN : random.nextGaussian());
        }
        if (random.nextInt(5) > 0) {
          String s = random.nextInt(3) == 0 ? "中文-" + random.nextInt(10) : "s" + random.nextInt();
          g.append("s", Binary.fromString(s));
        }
        if (random.nextInt(5) > 0) {
          g.append("dt", random.nextInt(40000) - 20000);
        }
        // "n" is always NULL
        writer.write(g);
      }
    }
    FileSystem fs = path.getFileSystem(new Configuration(false));
    long length = fs.getFileStatus(path).getLen();

    List<String> expected = new ArrayList<>();
    try (ParquetRowReader rows = ParquetRowReader.open(fs, path, length, ROW)) {
      rows.forEachRemaining(r -> expected.add(Arrays.deepToString(r)));
    }
    List<String> actual = new ArrayList<>();
    try (ParquetBatchReader batches = ParquetBatchReader.open(fs, path, length, ROW)) {
      assertThat(batches).isNotNull();
      ColumnBatch batch = new ColumnBatch(ROW, 1000);
      while (batches.next(batch)) {
        for (int r = 0; r < batch.size(); r++) {
          actual.add(Arrays.deepToString(batch.toObjects(r)));
          if (!batch.isNull(7, r)) {
            // A writer that keeps a string (a dictionary entry) must copy it, not its page.
            assertThat(batch.getString(7, r).isBackingBytesReused()).isTrue();
          }
        }
      }
    }
    assertThat(actual).hasSize(20_000).isEqualTo(expected);
    try (ParquetFileReader file = ParquetFileReader.open(HadoopFiles.inputFile(fs, path, length))) {
      assertThat(file.getRowGroups()).as("row groups").hasSizeGreaterThan(1);
    }
  }

  @Test
  void aColumnInAnotherUnitOrScaleThanStrataWritesIsNotReadAsBatches() throws IOException {
    MessageType millis =
        Types.buildMessage()
            .required(PrimitiveTypeName.INT64)
            .as(LogicalTypeAnnotation.timestampType(false, TimeUnit.MILLIS))
            .named("ts")
            .named("m");
    Path path = new Path(dir.toUri().toString(), "millis.parquet");
    try (ParquetWriter<Group> writer =
        ExampleParquetWriter.builder(path)
            .withType(millis)
            .withConf(new Configuration(false))
            .build()) {
      writer.write(new SimpleGroupFactory(millis).newGroup().append("ts", 1_000L));
    }
    FileSystem fs = path.getFileSystem(new Configuration(false));
    long length = fs.getFileStatus(path).getLen();
    RowType micros = new RowType(List.of(new DataField(0, "ts", DataTypes.TIMESTAMP(6))));
    assertThat(ParquetBatchReader.open(fs, path, length, micros)).isNull();
    RowType asMillis = new RowType(List.of(new DataField(0, "ts", DataTypes.TIMESTAMP(3))));
    try (ParquetBatchReader reader = ParquetBatchReader.open(fs, path, length, asMillis)) {
      ColumnBatch batch = new ColumnBatch(asMillis, 8);
      assertThat(reader.next(batch)).isTrue();
      assertThat(batch.toObjects(0)).containsExactly(Timestamp.fromMillis(1_000L));
    }
  }
}

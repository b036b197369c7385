package io.strata.core.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.GoldenFiles;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.schema.MessageType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Parquet schema Strata writes equals the one Paimon 1.3.1 wrote, field ids included. */
class ParquetSchemasTest {

  @TempDir Path tmp;

  @Test
  void appendAllTypesSchemaEqualsPaimons() throws Exception {
    Path table = GoldenFiles.goldenTable("append_all_types");
    MessageType golden = footer(TestFiles.parquetFiles(table).get(0)).getFileMetaData().getSchema();
    MessageType ours = ParquetSchemas.toMessageType(TestSchemas.read(table, 0));
    assertThat(ours).isEqualTo(golden);
    assertThat(ours.toString()).isEqualTo(golden.toString());
  }

  @Test
  void primaryKeyFileSchemaEqualsPaimons() throws Exception {
    Path table = GoldenFiles.goldenTable("orders_seed004");
    RowType fileType =
        TestFiles.primaryKeyFileType(TestSchemas.read(table, 0), List.of("order_id"));
    MessageType golden = footer(TestFiles.parquetFiles(table).get(0)).getFileMetaData().getSchema();
    assertThat(ParquetSchemas.toMessageType(fileType).toString()).isEqualTo(golden.toString());
  }

  @Test
  void writtenFileFooterEqualsPaimonsModuloCompression() throws Exception {
    Path table = GoldenFiles.goldenTable("append_all_types");
    RowType type = TestSchemas.read(table, 0);
    Path goldenFile = TestFiles.parquetFiles(table).get(0);
    Path out = tmp.resolve("data-0.parquet");
    try (ParquetRowWriter writer =
        ParquetRowWriter.create(
            TestFiles.fs(),
            TestFiles.hadoopPath(out),
            type,
            ParquetWriteOptions.defaults().withCompression("snappy"))) {
      for (Object[] row : TestFiles.readAll(goldenFile, type)) {
        writer.write(row);
      }
      writer.finish();
    }
    ParquetMetadata ours = footer(out);
    ParquetMetadata golden = footer(goldenFile);
    assertThat(ours.getFileMetaData().getSchema().toString())
        .isEqualTo(golden.getFileMetaData().getSchema().toString());
    assertThat(ours.getFileMetaData().getKeyValueMetaData()).isEmpty();
    for (BlockMetaData block : ours.getBlocks()) {
      for (ColumnChunkMetaData column : block.getColumns()) {
        assertThat(column.getCodec()).isEqualTo(CompressionCodecName.SNAPPY);
      }
    }
    assertThat(TestFiles.readAll(out, type).stream().map(r -> GoldenRows.render(type, r)))
        .containsExactlyElementsOf(
            TestFiles.readAll(goldenFile, type).stream()
                .map(r -> GoldenRows.render(type, r))
                .toList());
    try (var files = Files.list(tmp)) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactly("data-0.parquet");
    }
  }

  @Test
  void atomicTypeMapping() {
    RowType type =
        new RowType(
            List.of(
                new DataField(0, "d9", DataTypes.DECIMAL(9, 2)),
                new DataField(1, "d18", DataTypes.DECIMAL(18, 0).notNull()),
                new DataField(2, "d20", DataTypes.DECIMAL(20, 3)),
                new DataField(3, "t", DataTypes.TIME(0)),
                new DataField(4, "ts9", DataTypes.TIMESTAMP(9)),
                new DataField(5, "ltz3", DataTypes.TIMESTAMP_LTZ(3)),
                new DataField(6, "bin", DataTypes.BINARY(4)),
                new DataField(7, "ch", DataTypes.CHAR(3).notNull())));
    assertThat(ParquetSchemas.toMessageType(type).toString())
        .isEqualTo(
            """
            message paimon_schema {
              optional int32 d9 (DECIMAL(9,2)) = 0;
              required int64 d18 (DECIMAL(18,0)) = 1;
              optional fixed_len_byte_array(9) d20 (DECIMAL(20,3)) = 2;
              optional int32 t (TIME(MILLIS,true)) = 3;
              optional int96 ts9 = 4;
              optional int64 ltz3 (TIMESTAMP(MILLIS,true)) = 5;
              optional binary bin = 6;
              required binary ch (STRING) = 7;
            }
            """);
  }

  @Test
  void nestedCollectionsDeriveIdsFromTheEnclosingField() {
    RowType type =
        new RowType(
            List.of(
                new DataField(
                    3, "aa", DataTypes.ARRAY(DataTypes.ARRAY(DataTypes.INT().notNull())).notNull()),
                new DataField(
                    4, "m", DataTypes.MAP(DataTypes.INT(), DataTypes.ARRAY(DataTypes.STRING()))),
                new DataField(
                    5,
                    "r",
                    DataTypes.ROW(
                        List.of(new DataField(6, "x", DataTypes.ARRAY(DataTypes.BIGINT())))))));
    int base = Integer.MAX_VALUE / 4;
    assertThat(ParquetSchemas.toMessageType(type).toString())
        .isEqualTo(
            """
            message paimon_schema {
              required group aa (LIST) = 3 {
                repeated group list {
                  optional group element (LIST) = %d {
                    repeated group list {
                      required int32 element = %d;
                    }
                  }
                }
              }
              optional group m (MAP) = 4 {
                repeated group key_value (MAP_KEY_VALUE) {
                  required int32 key = %d;
                  optional group value (LIST) = %d {
                    repeated group list {
                      optional binary element (STRING) = %d;
                    }
                  }
                }
              }
              optional group r = 5 {
                optional group x (LIST) = 6 {
                  repeated group list {
                    optional int64 element = %d;
                  }
                }
              }
            }
            """
                .formatted(
                    base + 3 * 1024 + 1,
                    base + 3 * 1024 + 2,
                    base - 4 * 1024 - 1,
                    base + 4 * 1024 + 1,
                    base + 4 * 1024 + 2,
                    base + 6 * 1024 + 1));
  }

  private static ParquetMetadata footer(Path file) throws Exception {
    try (ParquetFileReader reader =
        ParquetFileReader.open(HadoopFiles.inputFile(TestFiles.fs(), TestFiles.hadoopPath(file)))) {
      return reader.getFooter();
    }
  }
}

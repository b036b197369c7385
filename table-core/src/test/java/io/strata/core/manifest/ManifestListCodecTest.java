package io.strata.core.manifest;

import static io.strata.core.manifest.ManifestCodecTest.genericStream;
import static io.strata.core.manifest.ManifestCodecTest.genericStrings;
import static io.strata.core.manifest.ManifestCodecTest.goldenMetaFiles;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.GoldenFiles;
import io.strata.core.data.BinaryRow;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileStream;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class ManifestListCodecTest {

  static Stream<Path> goldenManifestLists() throws IOException {
    List<Path> list = goldenMetaFiles(n -> n.startsWith("manifest-list-"));
    assertThat(list).hasSizeGreaterThanOrEqualTo(60);
    return list.stream();
  }

  @ParameterizedTest
  @MethodSource("goldenManifestLists")
  void goldenManifestListDecodesAndRoundTrips(Path file) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    try (DataFileStream<GenericRecord> s = genericStream(bytes)) {
      assertThat(s.getSchema()).isEqualTo(ManifestListCodec.schema());
      assertThat(s.getMetaString("avro.codec")).isEqualTo("zstandard");
    }
    List<ManifestFileMeta> metas = ManifestListCodec.read(bytes);
    for (ManifestFileMeta m : metas) {
      assertThat(m.fileName()).startsWith("manifest-");
      // Every manifest a list names is on disk (expiration keeps what live lists point to).
      assertThat(file.resolveSibling(m.fileName())).exists();
    }
    byte[] again = ManifestListCodec.write(metas, "zstd");
    assertThat(ManifestListCodec.read(again)).usingRecursiveComparison().isEqualTo(metas);
    assertThat(genericStrings(again)).isEqualTo(genericStrings(bytes));
  }

  @Test
  void schemaEqualsGoldenAvscAndHas11Fields() throws IOException {
    Schema golden =
        new Schema.Parser()
            .parse(GoldenFiles.goldenDir().resolve("avro-schemas/manifest-list.avsc").toFile());
    assertThat(ManifestListCodec.schema()).isEqualTo(golden);
    ManifestCodecTest.assertSameShape(ManifestListCodec.schema(), golden);
    assertThat(ManifestListCodec.schema().getFields()).hasSize(11);
  }

  @Test
  void goldenRecordsMatchRecordsTxt() throws IOException {
    List<String> expected =
        Files.readAllLines(
            GoldenFiles.goldenDir().resolve("avro-schemas/manifest-list.records.txt"));
    // Manifest names are random per generation: take them from the records Avro printed.
    List<String> names = new ArrayList<>();
    for (String record : expected) {
      Matcher m = Pattern.compile("\"_FILE_NAME\": \"([^\"]+)\"").matcher(record);
      assertThat(m.find()).isTrue();
      names.add(m.group(1));
    }
    assertThat(names).hasSize(3).allMatch(n -> n.matches("manifest-[0-9a-f-]{36}-0"));
    assertThat(names.get(0)).isEqualTo(ManifestCodecTest.recordsManifest());
    List<List<ManifestFileMeta>> matching = new ArrayList<>();
    try (Stream<Path> lists =
        Files.list(GoldenFiles.goldenTable("orders_seed002").resolve("manifest"))) {
      for (Path p :
          lists.filter(p -> p.getFileName().toString().startsWith("manifest-list-")).toList()) {
        List<ManifestFileMeta> metas = ManifestListCodec.read(Files.readAllBytes(p));
        if (metas.stream().map(ManifestFileMeta::fileName).toList().equals(names)) {
          matching.add(metas);
        }
      }
    }
    assertThat(matching).hasSize(1);
    List<ManifestFileMeta> metas = matching.get(0);
    assertThat(metas).extracting(ManifestFileMeta::numAddedFiles).containsExactly(3L, 2L, 1L);
    assertThat(metas).extracting(ManifestFileMeta::numDeletedFiles).containsOnly(0L);
    Path manifests = GoldenFiles.goldenTable("orders_seed002").resolve("manifest");
    for (ManifestFileMeta meta : metas) {
      assertThat(meta.fileSize()).isEqualTo(Files.size(manifests.resolve(meta.fileName())));
    }
    assertThat(metas).extracting(ManifestFileMeta::minBucket).containsExactly(0, 0, 1);
    assertThat(metas).extracting(ManifestFileMeta::maxBucket).containsExactly(1, 0, 1);
    assertThat(metas).extracting(ManifestFileMeta::minLevel).containsOnly(0);
    assertThat(metas.get(0).partitionStats().nullCounts()).containsExactly(0L);
    assertThat(genericStrings(ManifestListCodec.write(metas, "zstd"))).isEqualTo(expected);
  }

  @ParameterizedTest
  @ValueSource(strings = {"zstd", "deflate", "snappy", "none"})
  void nullsAndCodecsRoundTrip(String compression) {
    BinaryRow row =
        new BinaryRow(new byte[] {0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0});
    List<ManifestFileMeta> metas =
        List.of(
            new ManifestFileMeta(
                "manifest-a-0",
                10,
                2,
                1,
                new SimpleStats(row, row, Arrays.asList(null, 3L)),
                1,
                0,
                3,
                0,
                5),
            new ManifestFileMeta(
                "manifest-b-0",
                11,
                0,
                0,
                new SimpleStats(BinaryRow.EMPTY, BinaryRow.EMPTY, null),
                0,
                null,
                null,
                null,
                null));
    assertThat(ManifestListCodec.read(ManifestListCodec.write(metas, compression)))
        .usingRecursiveComparison()
        .isEqualTo(metas);
  }

  /** Paimon 2.0 appends _MIN_ROW_ID/_MAX_ROW_ID; older files may lack the bucket/level bounds. */
  @Test
  void readsNewerAndOlderLayouts() throws IOException {
    List<Schema.Field> fields = new ArrayList<>();
    for (Schema.Field f : ManifestListCodec.schema().getFields()) {
      if (!f.name().endsWith("_LEVEL")) {
        fields.add(new Schema.Field(f.name(), f.schema(), null, f.defaultVal()));
      }
    }
    Schema nullableLong =
        Schema.createUnion(Schema.create(Schema.Type.NULL), Schema.create(Schema.Type.LONG));
    fields.add(new Schema.Field("_MIN_ROW_ID", nullableLong, null, Schema.Field.NULL_VALUE));
    fields.add(new Schema.Field("_MAX_ROW_ID", nullableLong, null, Schema.Field.NULL_VALUE));
    Schema schema = Schema.createRecord("r", null, "y", false, fields);
    Schema stats = schema.getField("_PARTITION_STATS").schema();
    GenericRecord s = new GenericData.Record(stats);
    s.put("_MIN_VALUES", java.nio.ByteBuffer.wrap(BinaryRow.EMPTY.bytes()));
    s.put("_MAX_VALUES", java.nio.ByteBuffer.wrap(BinaryRow.EMPTY.bytes()));
    GenericRecord r = new GenericData.Record(schema);
    r.put("_VERSION", 2);
    r.put("_FILE_NAME", "manifest-z-0");
    r.put("_FILE_SIZE", 5L);
    r.put("_NUM_ADDED_FILES", 1L);
    r.put("_NUM_DELETED_FILES", 0L);
    r.put("_PARTITION_STATS", s);
    r.put("_SCHEMA_ID", 2L);
    r.put("_MIN_BUCKET", 1);
    r.put("_MAX_BUCKET", 2);
    r.put("_MIN_ROW_ID", 100L);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (DataFileWriter<GenericRecord> w = new DataFileWriter<>(new GenericDatumWriter<>(schema))) {
      w.create(schema, out);
      w.append(r);
    }
    ManifestFileMeta m = ManifestListCodec.read(out.toByteArray()).get(0);
    assertThat(m)
        .usingRecursiveComparison()
        .isEqualTo(
            new ManifestFileMeta(
                "manifest-z-0",
                5,
                1,
                0,
                new SimpleStats(BinaryRow.EMPTY, BinaryRow.EMPTY, null),
                2,
                1,
                2,
                null,
                null));
  }
}

package io.strata.core.manifest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.GoldenFiles;
import io.strata.core.data.BinaryRow;
import io.strata.core.schema.SchemaJson;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.snapshot.SnapshotJson;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileStream;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class ManifestCodecTest {

  /**
   * The manifest whose records golden/avro-schemas/manifest.records.txt shows: the first of the
   * manifests that orders_seed002's compaction (snapshot 4) started from, i.e. the first write's.
   */
  static String recordsManifest() throws IOException {
    Path table = GoldenFiles.goldenTable("orders_seed002");
    Snapshot compaction =
        SnapshotJson.fromJson(Files.readString(table.resolve("snapshot/snapshot-4")));
    byte[] list =
        Files.readAllBytes(table.resolve("manifest").resolve(compaction.baseManifestList()));
    return ManifestListCodec.read(list).get(0).fileName();
  }

  static Stream<Path> goldenManifests() throws IOException {
    List<Path> list =
        goldenMetaFiles(n -> n.startsWith("manifest-") && !n.startsWith("manifest-list-"));
    assertThat(list).hasSizeGreaterThanOrEqualTo(40);
    return list.stream();
  }

  static List<Path> goldenMetaFiles(java.util.function.Predicate<String> name) throws IOException {
    try (Stream<Path> files = Files.walk(GoldenFiles.goldenDir().resolve("warehouse"))) {
      return files
          .filter(p -> p.getParent().getFileName().toString().equals("manifest"))
          .filter(p -> name.test(p.getFileName().toString()))
          .sorted()
          .toList();
    }
  }

  @ParameterizedTest
  @MethodSource("goldenManifests")
  void goldenManifestDecodesAndRoundTrips(Path file) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    try (DataFileStream<GenericRecord> s = genericStream(bytes)) {
      assertThat(s.getSchema()).isEqualTo(ManifestCodec.schema());
      assertThat(s.getMetaString("avro.codec")).isEqualTo("zstandard");
    }
    List<ManifestEntry> entries = ManifestCodec.read(bytes);
    assertThat(entries).isNotEmpty();
    for (ManifestEntry e : entries) {
      assertThat(e.file().fileName()).matches("data-.*\\.(parquet|orc|avro)");
      assertThat(e.partition().arity()).isGreaterThanOrEqualTo(0);
    }
    byte[] again = ManifestCodec.write(entries, "zstd");
    assertThat(ManifestCodec.read(again)).usingRecursiveComparison().isEqualTo(entries);
    // Generic Avro sees exactly the golden records again.
    assertThat(genericStrings(again)).isEqualTo(genericStrings(bytes));
  }

  @Test
  void schemaEqualsGoldenAvsc() throws IOException {
    Schema golden =
        new Schema.Parser()
            .parse(GoldenFiles.goldenDir().resolve("avro-schemas/manifest.avsc").toFile());
    assertThat(ManifestCodec.schema()).isEqualTo(golden);
    assertSameShape(ManifestCodec.schema(), golden);
  }

  /** Field by field, independent of record names: names, order, types, nullability, defaults. */
  static void assertSameShape(Schema ours, Schema golden) {
    assertThat(ours.getType()).isEqualTo(golden.getType());
    assertThat(ours.getLogicalType()).isEqualTo(golden.getLogicalType());
    switch (ours.getType()) {
      case RECORD -> {
        assertThat(ours.getFields().stream().map(Schema.Field::name))
            .containsExactlyElementsOf(
                golden.getFields().stream().map(Schema.Field::name).toList());
        for (int i = 0; i < ours.getFields().size(); i++) {
          Schema.Field a = ours.getFields().get(i);
          Schema.Field b = golden.getFields().get(i);
          assertThat(a.hasDefaultValue()).as(a.name()).isEqualTo(b.hasDefaultValue());
          assertSameShape(a.schema(), b.schema());
        }
      }
      case UNION -> {
        assertThat(ours.getTypes()).hasSameSizeAs(golden.getTypes());
        for (int i = 0; i < ours.getTypes().size(); i++) {
          assertSameShape(ours.getTypes().get(i), golden.getTypes().get(i));
        }
      }
      case ARRAY -> assertSameShape(ours.getElementType(), golden.getElementType());
      default -> {}
    }
  }

  @Test
  void goldenRecordsMatchRecordsTxt() throws IOException {
    Path manifest =
        GoldenFiles.goldenTable("orders_seed002").resolve("manifest").resolve(recordsManifest());
    byte[] bytes = Files.readAllBytes(manifest);
    List<String> expected =
        Files.readAllLines(GoldenFiles.goldenDir().resolve("avro-schemas/manifest.records.txt"));
    List<ManifestEntry> entries = ManifestCodec.read(bytes);
    assertThat(entries).hasSize(3);
    assertThat(entries).extracting(ManifestEntry::kind).containsOnly(FileKind.ADD);
    assertThat(entries).extracting(ManifestEntry::bucket).containsExactly(0, 1, 0);
    assertThat(entries).extracting(ManifestEntry::totalBuckets).containsOnly(2);
    // File names are random per generation: each names a data file in its partition and bucket.
    Path table = GoldenFiles.goldenTable("orders_seed002");
    List<String> dts = List.of("2026-09-24", "2026-09-24", "2026-09-25");
    for (int i = 0; i < entries.size(); i++) {
      DataFileMeta f = entries.get(i).file();
      assertThat(f.fileName()).matches("data-[0-9a-f-]{36}-0\\.parquet");
      Path data = table.resolve("dt=" + dts.get(i)).resolve("bucket-" + entries.get(i).bucket());
      assertThat(Files.size(data.resolve(f.fileName()))).isEqualTo(f.fileSize());
    }
    assertThat(entries).extracting(e -> e.file().rowCount()).containsExactly(2L, 1L, 2L);
    assertThat(entries).extracting(e -> e.file().fileSize()).containsExactly(2081L, 1929L, 2081L);
    DataFileMeta first = entries.get(0).file();
    // Written during the first commit: after the schema, before the snapshot.
    assertThat(first.creationTimeMillis())
        .isGreaterThanOrEqualTo(
            SchemaJson.fromJson(Files.readString(table.resolve("schema/schema-0"))).timeMillis())
        .isLessThanOrEqualTo(
            SnapshotJson.fromJson(Files.readString(table.resolve("snapshot/snapshot-1")))
                .timeMillis());
    assertThat(first.maxSequenceNumber()).isEqualTo(1);
    assertThat(first.deleteRowCount()).isZero();
    assertThat(first.fileSource()).isEqualTo(FileSource.APPEND);
    assertThat(first.valueStatsCols()).isNull();
    assertThat(first.extraFiles()).isEmpty();
    assertThat(first.embeddedIndex()).isNull();
    assertThat(first.valueStats().nullCounts()).containsExactly(0L, 0L, 0L, 0L, 0L);
    assertThat(first.keyStats().minValues()).isEqualTo(first.minKey());
    assertThat(first.minKey().arity()).isEqualTo(1);
    assertThat(entries.get(0).partition().arity()).isEqualTo(1);
    assertThat(new String(entries.get(0).partition().bytes(), 20, 10, "UTF-8"))
        .isEqualTo("2026-09-24");
    // Every byte and value, via Avro's own rendering of what we re-encode.
    assertThat(genericStrings(ManifestCodec.write(entries, "zstd"))).isEqualTo(expected);
  }

  @ParameterizedTest
  @ValueSource(strings = {"zstd", "ZSTD", "deflate", "snappy", "none", "null", ""})
  void everyCompressionRoundTrips(String compression) throws IOException {
    List<ManifestEntry> entries = List.of(sampleEntry(true), sampleEntry(false));
    byte[] bytes = ManifestCodec.write(entries, compression);
    String expectedCodec =
        switch (compression.toLowerCase()) {
          case "zstd" -> "zstandard";
          case "deflate", "snappy" -> compression;
          default -> "null";
        };
    try (DataFileStream<GenericRecord> s = genericStream(bytes)) {
      assertThat(s.getMetaString("avro.codec")).isEqualTo(expectedCodec);
    }
    assertThat(ManifestCodec.read(bytes)).usingRecursiveComparison().isEqualTo(entries);
    assertThat(ManifestCodec.read(ManifestCodec.write(entries, null)))
        .usingRecursiveComparison()
        .isEqualTo(entries);
  }

  @Test
  void unknownCompressionIsRefused() {
    assertThatThrownBy(() -> ManifestCodec.write(List.of(), "lz5"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("lz5");
  }

  @Test
  void writingToAStreamLeavesItOpen() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(new byte[] {1, 2});
    ManifestCodec.write(List.of(sampleEntry(true)), "zstd", out);
    out.write(3);
    byte[] all = out.toByteArray();
    byte[] avro = Arrays.copyOfRange(all, 2, all.length - 1);
    assertThat(ManifestCodec.read(new ByteArrayInputStream(avro))).hasSize(1);
  }

  /** Older or newer writers: optional fields missing, unknown fields present, other names. */
  @Test
  void readsFilesWithFewerAndExtraFields() throws IOException {
    Schema stats =
        copyRecord(
            ManifestCodec.schema().getField("_FILE").schema().getField("_KEY_STATS").schema(),
            "s",
            List.of("_MIN_VALUES", "_MAX_VALUES"));
    Schema file =
        Schema.createRecord(
            "f",
            null,
            "x",
            false,
            new ArrayList<>(
                List.of(
                    field("_FILE_NAME", Schema.create(Schema.Type.STRING)),
                    field("_FILE_SIZE", Schema.create(Schema.Type.LONG)),
                    field("_ROW_COUNT", Schema.create(Schema.Type.LONG)),
                    field("_MIN_KEY", Schema.create(Schema.Type.BYTES)),
                    field("_MAX_KEY", Schema.create(Schema.Type.BYTES)),
                    field("_KEY_STATS", stats),
                    field("_VALUE_STATS", stats),
                    field("_MIN_SEQUENCE_NUMBER", Schema.create(Schema.Type.LONG)),
                    field("_MAX_SEQUENCE_NUMBER", Schema.create(Schema.Type.LONG)),
                    field("_SCHEMA_ID", Schema.create(Schema.Type.LONG)),
                    field("_LEVEL", Schema.create(Schema.Type.INT)),
                    field("_SOMETHING_NEW", Schema.create(Schema.Type.STRING)))));
    Schema top =
        Schema.createRecord(
            "e",
            null,
            "x",
            false,
            new ArrayList<>(
                List.of(
                    field("_EXTRA_TOP", Schema.create(Schema.Type.DOUBLE)),
                    field("_KIND", Schema.create(Schema.Type.INT)),
                    field("_PARTITION", Schema.create(Schema.Type.BYTES)),
                    field("_BUCKET", Schema.create(Schema.Type.INT)),
                    field("_TOTAL_BUCKETS", Schema.create(Schema.Type.INT)),
                    field("_FILE", file))));
    byte[] empty = BinaryRow.EMPTY.bytes();
    GenericRecord s = new GenericData.Record(stats);
    s.put("_MIN_VALUES", ByteBuffer.wrap(empty));
    s.put("_MAX_VALUES", ByteBuffer.wrap(empty));
    GenericRecord f = new GenericData.Record(file);
    f.put("_FILE_NAME", "data-x.parquet");
    f.put("_FILE_SIZE", 10L);
    f.put("_ROW_COUNT", 3L);
    f.put("_MIN_KEY", ByteBuffer.wrap(empty));
    f.put("_MAX_KEY", ByteBuffer.wrap(empty));
    f.put("_KEY_STATS", s);
    f.put("_VALUE_STATS", s);
    f.put("_MIN_SEQUENCE_NUMBER", 1L);
    f.put("_MAX_SEQUENCE_NUMBER", 2L);
    f.put("_SCHEMA_ID", 0L);
    f.put("_LEVEL", 5);
    f.put("_SOMETHING_NEW", "ignored");
    GenericRecord e = new GenericData.Record(top);
    e.put("_EXTRA_TOP", 1.5);
    e.put("_KIND", 1);
    e.put("_PARTITION", ByteBuffer.wrap(empty));
    e.put("_BUCKET", 3);
    e.put("_TOTAL_BUCKETS", 4);
    e.put("_FILE", f);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (DataFileWriter<GenericRecord> w = new DataFileWriter<>(new GenericDatumWriter<>(top))) {
      w.create(top, out);
      w.append(e);
    }
    ManifestEntry read = ManifestCodec.read(out.toByteArray()).get(0);
    assertThat(read.kind()).isEqualTo(FileKind.DELETE);
    assertThat(read.bucket()).isEqualTo(3);
    assertThat(read.totalBuckets()).isEqualTo(4);
    DataFileMeta m = read.file();
    assertThat(m.fileName()).isEqualTo("data-x.parquet");
    assertThat(m.level()).isEqualTo(5);
    assertThat(m.keyStats().nullCounts()).isNull();
    assertThat(m.extraFiles()).isEmpty();
    assertThat(m.creationTimeMillis()).isNull();
    assertThat(m.deleteRowCount()).isNull();
    assertThat(m.fileSource()).isNull();
    assertThat(m.valueStatsCols()).isNull();
    assertThat(m.writeCols()).isNull();

    // A file lacking a required field is refused, naming the field.
    Schema broken = copyRecord(top, "b", List.of("_KIND", "_PARTITION", "_BUCKET", "_FILE"));
    ByteArrayOutputStream out2 = new ByteArrayOutputStream();
    try (DataFileWriter<GenericRecord> w = new DataFileWriter<>(new GenericDatumWriter<>(broken))) {
      w.create(broken, out2);
    }
    assertThatThrownBy(() -> ManifestCodec.read(out2.toByteArray()))
        .hasMessageContaining("_TOTAL_BUCKETS");
  }

  static ManifestEntry sampleEntry(boolean rich) {
    BinaryRow part =
        new BinaryRow(new byte[] {0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0});
    SimpleStats stats =
        rich
            ? new SimpleStats(part, part, Arrays.asList(0L, null, 5L))
            : new SimpleStats(BinaryRow.EMPTY, BinaryRow.EMPTY, null);
    DataFileMeta file =
        new DataFileMeta(
            rich ? "data-rich.parquet" : "data-plain.orc",
            1234,
            10,
            part,
            part,
            stats,
            rich ? SimpleStats.EMPTY : stats,
            -1,
            Long.MAX_VALUE,
            7,
            rich ? 5 : 0,
            rich ? List.of("extra-1", "extra-2") : List.of(),
            rich ? 1796079042118L : null,
            rich ? 0L : null,
            rich ? new byte[] {9, 8, 7} : null,
            rich ? FileSource.COMPACT : null,
            rich ? List.of() : null,
            rich ? "s3://bucket/ext/data-rich.parquet" : null,
            rich ? 100L : null,
            rich ? List.of("a", "b") : null);
    return new ManifestEntry(
        rich ? FileKind.DELETE : FileKind.ADD, part, rich ? 3 : -1, rich ? 4 : -1, file);
  }

  static Schema.Field field(String name, Schema type) {
    return new Schema.Field(name, type, null, (Object) null);
  }

  static Schema copyRecord(Schema from, String name, List<String> keep) {
    List<Schema.Field> fields = new ArrayList<>();
    for (String k : keep) {
      Schema.Field f = from.getField(k);
      fields.add(new Schema.Field(f.name(), f.schema(), null, f.defaultVal()));
    }
    return Schema.createRecord(name, null, "x", false, fields);
  }

  static DataFileStream<GenericRecord> genericStream(byte[] bytes) throws IOException {
    return new DataFileStream<>(new ByteArrayInputStream(bytes), new GenericDatumReader<>());
  }

  /** Each record as Avro's GenericData renders it, the form of the golden records.txt files. */
  static List<String> genericStrings(byte[] bytes) throws IOException {
    List<String> out = new ArrayList<>();
    try (DataFileStream<GenericRecord> s = genericStream(bytes)) {
      for (GenericRecord r : s) {
        out.add(r.toString());
      }
    }
    return out;
  }
}

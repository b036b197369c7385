package io.strata.core.manifest;

import static io.strata.core.manifest.AvroSupport.bytes;
import static io.strata.core.manifest.AvroSupport.get;
import static io.strata.core.manifest.AvroSupport.integer;
import static io.strata.core.manifest.AvroSupport.longValue;
import static io.strata.core.manifest.AvroSupport.nullable;
import static io.strata.core.manifest.AvroSupport.record;
import static io.strata.core.manifest.AvroSupport.required;
import static io.strata.core.manifest.AvroSupport.string;
import static io.strata.core.manifest.AvroSupport.stringArray;
import static io.strata.core.manifest.AvroSupport.strings;

import io.strata.core.data.BinaryRow;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.function.Function;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.io.Encoder;

/**
 * Reads and writes manifest files: Avro files of {@link ManifestEntry} records with Paimon 1.3.1's
 * schema (FORMAT.md §4). Compression names are those of Paimon's {@code manifest.compression}.
 */
public final class ManifestCodec {

  /** Paimon's default {@code manifest.compression}. */
  public static final String DEFAULT_COMPRESSION = "zstd";

  private static final Schema SCHEMA = buildSchema();
  private static final EntryWriter WRITER = new EntryWriter();

  private ManifestCodec() {}

  /** The Avro schema every manifest is written with; equals Paimon 1.3.1's. */
  public static Schema schema() {
    return SCHEMA;
  }

  /** Encodes entries as a complete Avro file. */
  public static byte[] write(List<ManifestEntry> entries, String compression) {
    return AvroSupport.write(SCHEMA, WRITER, entries, compression);
  }

  /** Encodes entries as a complete Avro file onto a stream, which stays open. */
  public static void write(List<ManifestEntry> entries, String compression, OutputStream out) {
    AvroSupport.write(SCHEMA, WRITER, entries, compression, out);
  }

  /** Decodes a manifest of any codec, matching fields by name. */
  public static List<ManifestEntry> read(byte[] file) {
    try {
      return read(new ByteArrayInputStream(file));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Decodes a manifest of any codec, matching fields by name; closes the stream. */
  public static List<ManifestEntry> read(InputStream in) throws IOException {
    return AvroSupport.read(in, EntryReader::create);
  }

  private static Schema buildSchema() {
    Schema file =
        record(
            "record__FILE",
            required("_FILE_NAME", Schema.Type.STRING),
            required("_FILE_SIZE", Schema.Type.LONG),
            required("_ROW_COUNT", Schema.Type.LONG),
            required("_MIN_KEY", Schema.Type.BYTES),
            required("_MAX_KEY", Schema.Type.BYTES),
            required("_KEY_STATS", AvroSupport.statsSchema("record__FILE__KEY_STATS")),
            required("_VALUE_STATS", AvroSupport.statsSchema("record__FILE__VALUE_STATS")),
            required("_MIN_SEQUENCE_NUMBER", Schema.Type.LONG),
            required("_MAX_SEQUENCE_NUMBER", Schema.Type.LONG),
            required("_SCHEMA_ID", Schema.Type.LONG),
            required("_LEVEL", Schema.Type.INT),
            required("_EXTRA_FILES", stringArray()),
            nullable(
                "_CREATION_TIME",
                LogicalTypes.timestampMillis().addToSchema(Schema.create(Schema.Type.LONG))),
            nullable("_DELETE_ROW_COUNT", Schema.Type.LONG),
            nullable("_EMBEDDED_FILE_INDEX", Schema.Type.BYTES),
            nullable("_FILE_SOURCE", Schema.Type.INT),
            nullable("_VALUE_STATS_COLS", stringArray()),
            nullable("_EXTERNAL_PATH", Schema.Type.STRING),
            nullable("_FIRST_ROW_ID", Schema.Type.LONG),
            nullable("_WRITE_COLS", stringArray()));
    return record(
        "record",
        required("_VERSION", Schema.Type.INT),
        required("_KIND", Schema.Type.INT),
        required("_PARTITION", Schema.Type.BYTES),
        required("_BUCKET", Schema.Type.INT),
        required("_TOTAL_BUCKETS", Schema.Type.INT),
        required("_FILE", file));
  }

  /** Writes straight from the records in schema order: no intermediate GenericRecord. */
  private static final class EntryWriter implements DatumWriter<ManifestEntry> {
    @Override
    public void setSchema(Schema schema) {}

    @Override
    public void write(ManifestEntry e, Encoder out) throws IOException {
      DataFileMeta f = e.file();
      String what = "Manifest entry of " + f.fileName();
      out.writeInt(ManifestEntry.VERSION);
      out.writeInt(e.kind().value());
      out.writeBytes(AvroSupport.rowBytes(e.partition(), what + ": partition"));
      out.writeInt(e.bucket());
      out.writeInt(e.totalBuckets());
      out.writeString(f.fileName());
      out.writeLong(f.fileSize());
      out.writeLong(f.rowCount());
      out.writeBytes(AvroSupport.rowBytes(f.minKey(), what + ": min key"));
      out.writeBytes(AvroSupport.rowBytes(f.maxKey(), what + ": max key"));
      AvroSupport.writeStats(out, f.keyStats(), what + ": key stats");
      AvroSupport.writeStats(out, f.valueStats(), what + ": value stats");
      out.writeLong(f.minSequenceNumber());
      out.writeLong(f.maxSequenceNumber());
      out.writeLong(f.schemaId());
      out.writeInt(f.level());
      AvroSupport.writeStringArray(out, f.extraFiles());
      AvroSupport.writeNullableLong(out, f.creationTimeMillis());
      AvroSupport.writeNullableLong(out, f.deleteRowCount());
      AvroSupport.writeNullableBytes(out, f.embeddedIndex());
      AvroSupport.writeNullableInt(out, f.fileSource() == null ? null : f.fileSource().value());
      AvroSupport.writeNullableStringArray(out, f.valueStatsCols());
      AvroSupport.writeNullableString(out, f.externalPath());
      AvroSupport.writeNullableLong(out, f.firstRowId());
      AvroSupport.writeNullableStringArray(out, f.writeCols());
    }
  }

  /** Field positions of one file's schema, resolved once before its records are converted. */
  private static final class EntryReader implements Function<GenericRecord, ManifestEntry> {
    private final int kind;
    private final int partition;
    private final int bucket;
    private final int totalBuckets;
    private final int file;
    private final int fileName;
    private final int fileSize;
    private final int rowCount;
    private final int minKey;
    private final int maxKey;
    private final int keyStats;
    private final int valueStats;
    private final AvroSupport.StatsReader keyStatsReader;
    private final AvroSupport.StatsReader valueStatsReader;
    private final int minSeq;
    private final int maxSeq;
    private final int schemaId;
    private final int level;
    private final int extraFiles;
    private final int creationTime;
    private final int deleteRowCount;
    private final int embeddedIndex;
    private final int fileSource;
    private final int valueStatsCols;
    private final int externalPath;
    private final int firstRowId;
    private final int writeCols;

    private EntryReader(Schema schema) {
      AvroSupport.Layout top = new AvroSupport.Layout(schema);
      kind = top.required("_KIND");
      partition = top.required("_PARTITION");
      bucket = top.required("_BUCKET");
      totalBuckets = top.required("_TOTAL_BUCKETS");
      file = top.required("_FILE");
      AvroSupport.Layout f = top.nested("_FILE");
      fileName = f.required("_FILE_NAME");
      fileSize = f.required("_FILE_SIZE");
      rowCount = f.required("_ROW_COUNT");
      minKey = f.required("_MIN_KEY");
      maxKey = f.required("_MAX_KEY");
      keyStats = f.required("_KEY_STATS");
      valueStats = f.required("_VALUE_STATS");
      keyStatsReader = new AvroSupport.StatsReader(f.nested("_KEY_STATS"));
      valueStatsReader = new AvroSupport.StatsReader(f.nested("_VALUE_STATS"));
      minSeq = f.required("_MIN_SEQUENCE_NUMBER");
      maxSeq = f.required("_MAX_SEQUENCE_NUMBER");
      schemaId = f.required("_SCHEMA_ID");
      level = f.required("_LEVEL");
      extraFiles = f.optional("_EXTRA_FILES");
      creationTime = f.optional("_CREATION_TIME");
      deleteRowCount = f.optional("_DELETE_ROW_COUNT");
      embeddedIndex = f.optional("_EMBEDDED_FILE_INDEX");
      fileSource = f.optional("_FILE_SOURCE");
      valueStatsCols = f.optional("_VALUE_STATS_COLS");
      externalPath = f.optional("_EXTERNAL_PATH");
      firstRowId = f.optional("_FIRST_ROW_ID");
      writeCols = f.optional("_WRITE_COLS");
    }

    static EntryReader create(Schema schema) {
      return new EntryReader(schema);
    }

    @Override
    public ManifestEntry apply(GenericRecord r) {
      GenericRecord f = (GenericRecord) r.get(file);
      Integer source = integer(get(f, fileSource));
      DataFileMeta meta =
          new DataFileMeta(
              string(f.get(fileName)),
              longValue(f.get(fileSize)),
              longValue(f.get(rowCount)),
              new BinaryRow(bytes(f.get(minKey))),
              new BinaryRow(bytes(f.get(maxKey))),
              keyStatsReader.read((GenericRecord) f.get(keyStats)),
              valueStatsReader.read((GenericRecord) f.get(valueStats)),
              longValue(f.get(minSeq)),
              longValue(f.get(maxSeq)),
              longValue(f.get(schemaId)),
              integer(f.get(level)),
              strings(get(f, extraFiles)),
              longValue(get(f, creationTime)),
              longValue(get(f, deleteRowCount)),
              bytes(get(f, embeddedIndex)),
              source == null ? null : FileSource.fromValue(source),
              strings(get(f, valueStatsCols)),
              string(get(f, externalPath)),
              longValue(get(f, firstRowId)),
              strings(get(f, writeCols)));
      return new ManifestEntry(
          FileKind.fromValue(integer(r.get(kind))),
          new BinaryRow(bytes(r.get(partition))),
          integer(r.get(bucket)),
          integer(r.get(totalBuckets)),
          meta);
    }
  }
}

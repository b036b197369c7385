package io.strata.core.manifest;

import static io.strata.core.manifest.AvroSupport.get;
import static io.strata.core.manifest.AvroSupport.integer;
import static io.strata.core.manifest.AvroSupport.longValue;
import static io.strata.core.manifest.AvroSupport.nullable;
import static io.strata.core.manifest.AvroSupport.record;
import static io.strata.core.manifest.AvroSupport.required;
import static io.strata.core.manifest.AvroSupport.string;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.function.Function;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.io.Encoder;

/**
 * Reads and writes manifest lists: Avro files of {@link ManifestFileMeta} records with the 11
 * fields Paimon 1.3.1 writes (FORMAT.md §4); extra fields such as Paimon 2.0's row-id bounds are
 * ignored on read.
 */
public final class ManifestListCodec {

  /** The {@code _VERSION} of every manifest-list record. */
  public static final int VERSION = 2;

  private static final Schema SCHEMA = buildSchema();
  private static final MetaWriter WRITER = new MetaWriter();

  private ManifestListCodec() {}

  /** The Avro schema every manifest list is written with; equals Paimon 1.3.1's. */
  public static Schema schema() {
    return SCHEMA;
  }

  /** Encodes manifest metadata as a complete Avro file. */
  public static byte[] write(List<ManifestFileMeta> manifests, String compression) {
    return AvroSupport.write(SCHEMA, WRITER, manifests, compression);
  }

  /** Encodes manifest metadata as a complete Avro file onto a stream, which stays open. */
  public static void write(List<ManifestFileMeta> manifests, String compression, OutputStream out) {
    AvroSupport.write(SCHEMA, WRITER, manifests, compression, out);
  }

  /** Decodes a manifest list of any codec, matching fields by name. */
  public static List<ManifestFileMeta> read(byte[] file) {
    try {
      return read(new ByteArrayInputStream(file));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Decodes a manifest list of any codec, matching fields by name; closes the stream. */
  public static List<ManifestFileMeta> read(InputStream in) throws IOException {
    return AvroSupport.read(in, MetaReader::new);
  }

  private static Schema buildSchema() {
    return record(
        "record",
        required("_VERSION", Schema.Type.INT),
        required("_FILE_NAME", Schema.Type.STRING),
        required("_FILE_SIZE", Schema.Type.LONG),
        required("_NUM_ADDED_FILES", Schema.Type.LONG),
        required("_NUM_DELETED_FILES", Schema.Type.LONG),
        required("_PARTITION_STATS", AvroSupport.statsSchema("record__PARTITION_STATS")),
        required("_SCHEMA_ID", Schema.Type.LONG),
        nullable("_MIN_BUCKET", Schema.Type.INT),
        nullable("_MAX_BUCKET", Schema.Type.INT),
        nullable("_MIN_LEVEL", Schema.Type.INT),
        nullable("_MAX_LEVEL", Schema.Type.INT));
  }

  private static final class MetaWriter implements DatumWriter<ManifestFileMeta> {
    @Override
    public void setSchema(Schema schema) {}

    @Override
    public void write(ManifestFileMeta m, Encoder out) throws IOException {
      out.writeInt(VERSION);
      out.writeString(m.fileName());
      out.writeLong(m.fileSize());
      out.writeLong(m.numAddedFiles());
      out.writeLong(m.numDeletedFiles());
      AvroSupport.writeStats(out, m.partitionStats(), "Partition stats of " + m.fileName());
      out.writeLong(m.schemaId());
      AvroSupport.writeNullableInt(out, m.minBucket());
      AvroSupport.writeNullableInt(out, m.maxBucket());
      AvroSupport.writeNullableInt(out, m.minLevel());
      AvroSupport.writeNullableInt(out, m.maxLevel());
    }
  }

  private static final class MetaReader implements Function<GenericRecord, ManifestFileMeta> {
    private final int fileName;
    private final int fileSize;
    private final int numAdded;
    private final int numDeleted;
    private final int partitionStats;
    private final AvroSupport.StatsReader statsReader;
    private final int schemaId;
    private final int minBucket;
    private final int maxBucket;
    private final int minLevel;
    private final int maxLevel;

    MetaReader(Schema schema) {
      AvroSupport.Layout top = new AvroSupport.Layout(schema);
      fileName = top.required("_FILE_NAME");
      fileSize = top.required("_FILE_SIZE");
      numAdded = top.required("_NUM_ADDED_FILES");
      numDeleted = top.required("_NUM_DELETED_FILES");
      partitionStats = top.required("_PARTITION_STATS");
      statsReader = new AvroSupport.StatsReader(top.nested("_PARTITION_STATS"));
      schemaId = top.required("_SCHEMA_ID");
      minBucket = top.optional("_MIN_BUCKET");
      maxBucket = top.optional("_MAX_BUCKET");
      minLevel = top.optional("_MIN_LEVEL");
      maxLevel = top.optional("_MAX_LEVEL");
    }

    @Override
    public ManifestFileMeta apply(GenericRecord r) {
      return new ManifestFileMeta(
          string(r.get(fileName)),
          longValue(r.get(fileSize)),
          longValue(r.get(numAdded)),
          longValue(r.get(numDeleted)),
          statsReader.read((GenericRecord) r.get(partitionStats)),
          longValue(r.get(schemaId)),
          integer(get(r, minBucket)),
          integer(get(r, maxBucket)),
          integer(get(r, minLevel)),
          integer(get(r, maxLevel)));
    }
  }
}

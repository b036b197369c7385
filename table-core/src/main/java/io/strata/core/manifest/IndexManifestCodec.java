package io.strata.core.manifest;

import static io.strata.core.manifest.AvroSupport.bytes;
import static io.strata.core.manifest.AvroSupport.get;
import static io.strata.core.manifest.AvroSupport.integer;
import static io.strata.core.manifest.AvroSupport.longValue;
import static io.strata.core.manifest.AvroSupport.nullable;
import static io.strata.core.manifest.AvroSupport.record;
import static io.strata.core.manifest.AvroSupport.required;
import static io.strata.core.manifest.AvroSupport.string;

import io.strata.core.data.BinaryRow;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Function;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.io.Encoder;

/**
 * Reads and writes index manifests ({@code manifest/index-manifest-*}, named by a snapshot's {@code
 * indexManifest}): Avro files of {@link IndexManifestEntry} records with the fields Paimon 1.3.1
 * writes. A snapshot's index manifest lists every live index file of the table, not a delta.
 */
public final class IndexManifestCodec {

  /** The {@code _VERSION} of every index-manifest record. */
  public static final int VERSION = 1;

  private static final Schema SCHEMA = buildSchema();
  private static final EntryWriter WRITER = new EntryWriter();

  private IndexManifestCodec() {}

  /** The Avro schema index manifests are written with; equals Paimon 1.3.1's. */
  public static Schema schema() {
    return SCHEMA;
  }

  /** Encodes entries as a complete Avro file. */
  public static byte[] write(List<IndexManifestEntry> entries, String compression) {
    return AvroSupport.write(SCHEMA, WRITER, entries, compression);
  }

  /** Decodes an index manifest of any codec, matching fields by name. */
  public static List<IndexManifestEntry> read(byte[] file) {
    try {
      return AvroSupport.read(new ByteArrayInputStream(file), EntryReader::new);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Schema buildSchema() {
    Schema nullableLong =
        Schema.createUnion(Schema.create(Schema.Type.NULL), Schema.create(Schema.Type.LONG));
    Schema range =
        record(
            "record__DELETIONS_VECTORS_RANGES",
            required("f0", Schema.Type.STRING),
            required("f1", Schema.Type.INT),
            required("f2", Schema.Type.INT),
            nullable("_CARDINALITY", nullableLong.getTypes().get(1)));
    Schema nullableRange = Schema.createUnion(Schema.create(Schema.Type.NULL), range);
    return record(
        "record",
        required("_VERSION", Schema.Type.INT),
        required("_KIND", Schema.Type.INT),
        required("_PARTITION", Schema.Type.BYTES),
        required("_BUCKET", Schema.Type.INT),
        required("_INDEX_TYPE", Schema.Type.STRING),
        required("_FILE_NAME", Schema.Type.STRING),
        required("_FILE_SIZE", Schema.Type.LONG),
        required("_ROW_COUNT", Schema.Type.LONG),
        nullable("_DELETIONS_VECTORS_RANGES", Schema.createArray(nullableRange)),
        nullable("_EXTERNAL_PATH", Schema.Type.STRING));
  }

  private static final class EntryWriter implements DatumWriter<IndexManifestEntry> {
    @Override
    public void setSchema(Schema schema) {}

    @Override
    public void write(IndexManifestEntry e, Encoder out) throws IOException {
      IndexFileMeta f = e.indexFile();
      out.writeInt(VERSION);
      out.writeInt(e.kind().value());
      out.writeBytes(AvroSupport.rowBytes(e.partition(), "Partition of " + f.fileName()));
      out.writeInt(e.bucket());
      out.writeString(f.indexType());
      out.writeString(f.fileName());
      out.writeLong(f.fileSize());
      out.writeLong(f.rowCount());
      writeRanges(out, f.deletionVectorRanges());
      AvroSupport.writeNullableString(out, f.externalPath());
    }

    private static void writeRanges(
        Encoder out, Collection<IndexFileMeta.DeletionVectorRange> ranges) throws IOException {
      if (ranges == null) {
        out.writeIndex(0);
        return;
      }
      out.writeIndex(1);
      out.writeArrayStart();
      out.setItemCount(ranges.size());
      for (IndexFileMeta.DeletionVectorRange r : ranges) {
        out.startItem();
        out.writeIndex(1);
        out.writeString(r.dataFileName());
        out.writeInt(r.offset());
        out.writeInt(r.length());
        AvroSupport.writeNullableLong(out, r.cardinality());
      }
      out.writeArrayEnd();
    }
  }

  private static final class EntryReader implements Function<GenericRecord, IndexManifestEntry> {
    private final int kind;
    private final int partition;
    private final int bucket;
    private final int indexType;
    private final int fileName;
    private final int fileSize;
    private final int rowCount;
    private final int ranges;
    private final int externalPath;

    EntryReader(Schema schema) {
      AvroSupport.Layout top = new AvroSupport.Layout(schema);
      kind = top.required("_KIND");
      partition = top.required("_PARTITION");
      bucket = top.required("_BUCKET");
      indexType = top.required("_INDEX_TYPE");
      fileName = top.required("_FILE_NAME");
      fileSize = top.required("_FILE_SIZE");
      rowCount = top.required("_ROW_COUNT");
      ranges = top.optional("_DELETIONS_VECTORS_RANGES");
      externalPath = top.optional("_EXTERNAL_PATH");
    }

    @Override
    public IndexManifestEntry apply(GenericRecord r) {
      IndexFileMeta file =
          new IndexFileMeta(
              string(r.get(indexType)),
              string(r.get(fileName)),
              longValue(r.get(fileSize)),
              longValue(r.get(rowCount)),
              ranges(get(r, ranges)),
              string(get(r, externalPath)));
      return new IndexManifestEntry(
          FileKind.fromValue(integer(r.get(kind))),
          new BinaryRow(bytes(r.get(partition))),
          integer(r.get(bucket)),
          file);
    }

    /** Ranges by field name: f0 data file, f1 offset, f2 length, then the cardinality. */
    private static List<IndexFileMeta.DeletionVectorRange> ranges(Object value) {
      if (value == null) {
        return null;
      }
      List<IndexFileMeta.DeletionVectorRange> out = new ArrayList<>();
      for (Object item : (Collection<?>) value) {
        if (item == null) {
          continue;
        }
        GenericRecord range = (GenericRecord) item;
        Object cardinality =
            range.getSchema().getField("_CARDINALITY") == null ? null : range.get("_CARDINALITY");
        out.add(
            new IndexFileMeta.DeletionVectorRange(
                string(range.get("f0")),
                integer(range.get("f1")),
                integer(range.get("f2")),
                longValue(cardinality)));
      }
      return out;
    }
  }
}

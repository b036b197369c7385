package io.strata.core.manifest;

import io.strata.core.data.BinaryRow;
import io.strata.core.errors.MetadataErrors;
import io.strata.core.errors.OptionErrors;
import java.io.ByteArrayOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.apache.avro.Schema;
import org.apache.avro.file.CodecFactory;
import org.apache.avro.file.DataFileStream;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.io.Encoder;

/** Avro plumbing shared by the manifest and manifest-list codecs. */
final class AvroSupport {

  /** Record names don't matter to readers; these are Paimon's, so schemas compare equal. */
  static final String NAMESPACE = "org.apache.paimon.avro.generated";

  private static final int ZSTD_LEVEL = 1;

  private AvroSupport() {}

  // ---------------------------------------------------------------- schema building

  static Schema record(String name, Schema.Field... fields) {
    return Schema.createRecord(name, null, NAMESPACE, false, List.of(fields));
  }

  static Schema.Field required(String name, Schema type) {
    return new Schema.Field(name, type, null, (Object) null);
  }

  static Schema.Field required(String name, Schema.Type type) {
    return required(name, Schema.create(type));
  }

  /** {@code ["null", T]} with default null, Paimon's form of every nullable field. */
  static Schema.Field nullable(String name, Schema type) {
    return new Schema.Field(
        name,
        Schema.createUnion(Schema.create(Schema.Type.NULL), type),
        null,
        Schema.Field.NULL_DEFAULT_VALUE);
  }

  static Schema.Field nullable(String name, Schema.Type type) {
    return nullable(name, Schema.create(type));
  }

  static Schema stringArray() {
    return Schema.createArray(Schema.create(Schema.Type.STRING));
  }

  static Schema statsSchema(String name) {
    Schema nullableLong =
        Schema.createUnion(Schema.create(Schema.Type.NULL), Schema.create(Schema.Type.LONG));
    return record(
        name,
        required("_MIN_VALUES", Schema.Type.BYTES),
        required("_MAX_VALUES", Schema.Type.BYTES),
        nullable("_NULL_COUNTS", Schema.createArray(nullableLong)));
  }

  // ---------------------------------------------------------------- files

  /**
   * The Avro codec for a {@code manifest.compression} value: zstd (Avro {@code zstandard}),
   * deflate, snappy, or none/null.
   */
  static CodecFactory codec(String compression) {
    String c = compression == null ? "none" : compression.trim().toLowerCase(Locale.ROOT);
    return switch (c) {
      case "", "none", "null", "uncompressed" -> CodecFactory.nullCodec();
      case "zstd", "zstandard" -> CodecFactory.zstandardCodec(ZSTD_LEVEL);
      case "deflate" -> CodecFactory.deflateCodec(CodecFactory.DEFAULT_DEFLATE_LEVEL);
      case "snappy" -> {
        try {
          Class.forName("org.xerial.snappy.Snappy");
        } catch (ClassNotFoundException e) {
          throw OptionErrors.snappyMissing(e);
        }
        yield CodecFactory.snappyCodec();
      }
      default -> throw OptionErrors.unsupportedManifestCompression(compression);
    };
  }

  static <T> void write(
      Schema schema, DatumWriter<T> writer, List<T> items, String compression, OutputStream out) {
    CodecFactory codec = codec(compression);
    try (DataFileWriter<T> file = new DataFileWriter<>(writer)) {
      file.setCodec(codec);
      file.create(schema, new NonClosing(out));
      for (T item : items) {
        file.append(item);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static <T> byte[] write(Schema schema, DatumWriter<T> writer, List<T> items, String compression) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(4096);
    write(schema, writer, items, compression, out);
    return out.toByteArray();
  }

  /**
   * Reads every record with the file's own schema, then converts by field name, so files with fewer
   * or more fields than ours read fine. The converter is built once per file.
   */
  static <T> List<T> read(InputStream in, Function<Schema, Function<GenericRecord, T>> converter)
      throws IOException {
    try (DataFileStream<GenericRecord> stream =
        new DataFileStream<>(in, new GenericDatumReader<>())) {
      Function<GenericRecord, T> convert = converter.apply(stream.getSchema());
      List<T> out = new ArrayList<>();
      GenericRecord reuse = null;
      while (stream.hasNext()) {
        // Reused records share buffers with the next read; conversion copies everything out.
        reuse = stream.next(reuse);
        out.add(convert.apply(reuse));
      }
      return out;
    }
  }

  /** Lets the caller keep its stream open after the Avro writer closes. */
  private static final class NonClosing extends FilterOutputStream {
    NonClosing(OutputStream out) {
      super(out);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      out.write(b, off, len);
    }

    @Override
    public void close() throws IOException {
      out.flush();
    }
  }

  // ---------------------------------------------------------------- encoding

  static void writeStats(Encoder out, SimpleStats stats, String what) throws IOException {
    // A caller bug, not bad input: every writer passes SimpleStats.EMPTY for "no stats".
    Objects.requireNonNull(stats, () -> what + " must not be null (use SimpleStats.EMPTY).");
    out.writeBytes(rowBytes(stats.minValues(), what + " min values"));
    out.writeBytes(rowBytes(stats.maxValues(), what + " max values"));
    List<Long> nulls = stats.nullCounts();
    if (nulls == null) {
      out.writeIndex(0);
      return;
    }
    out.writeIndex(1);
    out.writeArrayStart();
    out.setItemCount(nulls.size());
    for (Long n : nulls) {
      out.startItem();
      writeNullableLong(out, n);
    }
    out.writeArrayEnd();
  }

  static byte[] rowBytes(BinaryRow row, String what) {
    Objects.requireNonNull(row, () -> what + " must not be null (use BinaryRow.EMPTY).");
    return row.bytes();
  }

  static void writeNullableLong(Encoder out, Long v) throws IOException {
    if (v == null) {
      out.writeIndex(0);
    } else {
      out.writeIndex(1);
      out.writeLong(v);
    }
  }

  static void writeNullableInt(Encoder out, Integer v) throws IOException {
    if (v == null) {
      out.writeIndex(0);
    } else {
      out.writeIndex(1);
      out.writeInt(v);
    }
  }

  static void writeNullableString(Encoder out, String v) throws IOException {
    if (v == null) {
      out.writeIndex(0);
    } else {
      out.writeIndex(1);
      out.writeString(v);
    }
  }

  static void writeNullableBytes(Encoder out, byte[] v) throws IOException {
    if (v == null) {
      out.writeIndex(0);
    } else {
      out.writeIndex(1);
      out.writeBytes(v);
    }
  }

  static void writeStringArray(Encoder out, List<String> values) throws IOException {
    out.writeArrayStart();
    out.setItemCount(values.size());
    for (String s : values) {
      out.startItem();
      out.writeString(s);
    }
    out.writeArrayEnd();
  }

  static void writeNullableStringArray(Encoder out, List<String> values) throws IOException {
    if (values == null) {
      out.writeIndex(0);
    } else {
      out.writeIndex(1);
      writeStringArray(out, values);
    }
  }

  // ---------------------------------------------------------------- decoding

  /** Positions of fields by name in one record schema of a file being read. */
  static final class Layout {
    private final Schema schema;
    private final Map<String, Integer> positions = new HashMap<>();

    Layout(Schema schema) {
      this.schema = recordOf(schema);
      for (Schema.Field f : this.schema.getFields()) {
        positions.put(f.name(), f.pos());
      }
    }

    /** Position of a field, or -1 when the file lacks it. */
    int optional(String name) {
      return positions.getOrDefault(name, -1);
    }

    int required(String name) {
      int pos = optional(name);
      if (pos < 0) {
        throw MetadataErrors.missingAvroField(schema.getName(), name);
      }
      return pos;
    }

    Layout nested(String name) {
      return new Layout(schema.getFields().get(required(name)).schema());
    }

    private static Schema recordOf(Schema s) {
      if (s.getType() == Schema.Type.UNION) {
        for (Schema branch : s.getTypes()) {
          if (branch.getType() == Schema.Type.RECORD) {
            return branch;
          }
        }
      }
      if (s.getType() != Schema.Type.RECORD) {
        throw MetadataErrors.notAnAvroRecord(s);
      }
      return s;
    }
  }

  /** Reads stats fields by name; a file without {@code _NULL_COUNTS} reads as null counts. */
  static final class StatsReader {
    private final int min;
    private final int max;
    private final int nulls;

    StatsReader(Layout layout) {
      this.min = layout.required("_MIN_VALUES");
      this.max = layout.required("_MAX_VALUES");
      this.nulls = layout.optional("_NULL_COUNTS");
    }

    SimpleStats read(GenericRecord r) {
      return new SimpleStats(
          new BinaryRow(bytes(r.get(min))), new BinaryRow(bytes(r.get(max))), nullCounts(r));
    }

    private List<Long> nullCounts(GenericRecord r) {
      Object v = get(r, nulls);
      if (v == null) {
        return null;
      }
      List<?> list = (List<?>) v;
      List<Long> out = new ArrayList<>(list.size());
      for (Object o : list) {
        out.add(o == null ? null : ((Number) o).longValue());
      }
      return Collections.unmodifiableList(out);
    }
  }

  static Object get(GenericRecord r, int pos) {
    return pos < 0 ? null : r.get(pos);
  }

  static byte[] bytes(Object v) {
    if (v == null) {
      return null;
    }
    if (v instanceof byte[] b) {
      return b.clone();
    }
    ByteBuffer bb = ((ByteBuffer) v).duplicate();
    byte[] out = new byte[bb.remaining()];
    bb.get(out);
    return out;
  }

  static String string(Object v) {
    return v == null ? null : v.toString();
  }

  static Integer integer(Object v) {
    return v == null ? null : ((Number) v).intValue();
  }

  static Long longValue(Object v) {
    return v == null ? null : ((Number) v).longValue();
  }

  static List<String> strings(Object v) {
    if (v == null) {
      return null;
    }
    List<?> list = (List<?>) v;
    List<String> out = new ArrayList<>(list.size());
    for (Object o : list) {
      out.add(o.toString());
    }
    return Collections.unmodifiableList(out);
  }
}

package io.strata.core.write;

import io.strata.core.types.ArrayType;
import io.strata.core.types.DataType;
import io.strata.core.types.DataTypeRoot;
import io.strata.core.types.MapType;
import io.strata.core.types.RowType;
import io.strata.core.types.Timestamp;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.io.api.Binary;

/**
 * Serializes canonical {@code Object[]} rows (see {@link DataType}) into compact big-endian bytes
 * for the write buffer's pages and spill files, and back. Every value is a presence byte (0 for
 * NULL) and, when present, its bytes: fixed-width numbers, length-prefixed UTF-8 strings and byte
 * strings, timestamps as millis + nanos, decimals as scale + unscaled bytes, arrays and maps as a
 * count and their elements, rows as their fields. Nothing about the type is written, so a record is
 * only readable with the serializer of its row type.
 */
final class RowSerializer {

  private final FieldCodec[] fields;

  /** Per field, the index of an earlier field it always equals (not written), or -1. */
  private final int[] copyOf;

  /** The number of leading fields that are never null: written without a presence byte. */
  private final int requiredLeading;

  /**
   * Per field, its kind of fixed-width number ({@code LONG}, ...) or {@code OTHER}: the top-level
   * numbers of a row are read and written in one switch instead of a call through a codec, the cost
   * of most fields of most rows a write buffer holds.
   */
  private final byte[] kinds;

  private static final byte OTHER = 0;
  private static final byte LONG = 1;
  private static final byte INT = 2;
  private static final byte BYTE = 3;

  RowSerializer(RowType type) {
    this(type, type.size(), null, 0);
  }

  /**
   * A serializer that reads the top-level string fields from index {@code encodedFrom} on as their
   * UTF-8 bytes (Parquet {@link Binary}), for rows that go to a Parquet writer as they are: it
   * writes those bytes without a decode to {@code String} and an encode back. Writing accepts
   * either form, so the bytes written are the same.
   *
   * @param copyOf per field, the index of an earlier field it always equals, which is then not
   *     written but read back as that field's value; null when no field copies another
   * @param requiredLeading how many leading fields are never null (a primary-key file row's key,
   *     sequence number and kind), which then need no presence byte
   */
  RowSerializer(RowType type, int encodedFrom, int[] copyOf, int requiredLeading) {
    this.fields = new FieldCodec[type.size()];
    this.requiredLeading = requiredLeading;
    this.copyOf = copyOf == null ? new int[fields.length] : copyOf.clone();
    if (copyOf == null) {
      java.util.Arrays.fill(this.copyOf, -1); // java.util.Arrays: Arrays is a codec here
    }
    for (int i = 0; i < fields.length; i++) {
      if (this.copyOf[i] >= i || (i < requiredLeading && this.copyOf[i] >= 0)) {
        throw new IllegalStateException(
            "Field " + i + " can only copy an earlier field, not field " + this.copyOf[i]);
      }
    }
    this.kinds = new byte[fields.length];
    for (int i = 0; i < fields.length; i++) {
      DataTypeRoot root = type.typeAt(i).root();
      boolean string = root == DataTypeRoot.VARCHAR || root == DataTypeRoot.CHAR;
      fields[i] = string && i >= encodedFrom ? new EncodedStrings() : codec(type.typeAt(i));
      kinds[i] =
          switch (root) {
            case BIGINT -> LONG;
            case INT, DATE, TIME -> INT;
            case TINYINT -> BYTE;
            default -> OTHER;
          };
    }
  }

  private void writeValue(int i, Object v, ByteOutput out) {
    switch (kinds[i]) {
      case LONG -> out.writeLong((Long) v);
      case INT -> out.writeInt((Integer) v);
      case BYTE -> out.writeByte((Byte) v);
      default -> fields[i].write(v, out);
    }
  }

  private Object readValue(int i, ByteInput in) {
    return switch (kinds[i]) {
      // Boxed arm by arm: a standalone numeric switch would widen every arm to long.
      case LONG -> Long.valueOf(in.readLong());
      case INT -> Integer.valueOf(in.readInt());
      case BYTE -> Byte.valueOf(in.readByte());
      default -> fields[i].read(in);
    };
  }

  /** Appends the fields of {@code row} to {@code out}. */
  void write(Object[] row, ByteOutput out) {
    for (int i = 0; i < requiredLeading; i++) {
      if (row[i] == null) {
        throw new IllegalStateException("Field " + i + " of a buffered row is null");
      }
      writeValue(i, row[i], out);
    }
    for (int i = requiredLeading; i < fields.length; i++) {
      if (copyOf[i] >= 0) {
        continue;
      }
      Object v = row[i];
      if (v == null) {
        out.writeByte(0);
      } else {
        out.writeByte(1);
        writeValue(i, v, out);
      }
    }
  }

  /** Reads one row from {@code in}, advancing it past the row. */
  Object[] read(ByteInput in) {
    Object[] row = new Object[fields.length];
    for (int i = 0; i < requiredLeading; i++) {
      row[i] = readValue(i, in);
    }
    for (int i = requiredLeading; i < fields.length; i++) {
      if (copyOf[i] >= 0) {
        row[i] = row[copyOf[i]];
      } else if (in.readByte() != 0) {
        row[i] = readValue(i, in);
      }
    }
    return row;
  }

  static void writeNullable(FieldCodec codec, Object v, ByteOutput out) {
    if (v == null) {
      out.writeByte(0);
    } else {
      out.writeByte(1);
      codec.write(v, out);
    }
  }

  static Object readNullable(FieldCodec codec, ByteInput in) {
    return in.readByte() == 0 ? null : codec.read(in);
  }

  static void skipNullable(FieldCodec codec, ByteInput in) {
    if (in.readByte() != 0) {
      codec.skip(in);
    }
  }

  /** Writes, reads and skips the non-null values of one type. */
  interface FieldCodec {
    void write(Object v, ByteOutput out);

    Object read(ByteInput in);

    void skip(ByteInput in);
  }

  /** A codec of a fixed number of bytes. */
  private record Fixed(int width, Writer writer, Reader reader) implements FieldCodec {
    interface Writer {
      void write(Object v, ByteOutput out);
    }

    interface Reader {
      Object read(ByteInput in);
    }

    @Override
    public void write(Object v, ByteOutput out) {
      writer.write(v, out);
    }

    @Override
    public Object read(ByteInput in) {
      return reader.read(in);
    }

    @Override
    public void skip(ByteInput in) {
      in.pos += width;
    }
  }

  static FieldCodec codec(DataType type) {
    return switch (type.root()) {
      case BOOLEAN ->
          new Fixed(1, (v, o) -> o.writeByte((Boolean) v ? 1 : 0), in -> in.readByte() != 0);
      case TINYINT -> new Fixed(1, (v, o) -> o.writeByte((Byte) v), ByteInput::readByte);
      case SMALLINT -> new Fixed(2, (v, o) -> o.writeShort((Short) v), ByteInput::readShort);
      case INT, DATE, TIME -> new Fixed(4, (v, o) -> o.writeInt((Integer) v), ByteInput::readInt);
      case BIGINT -> new Fixed(8, (v, o) -> o.writeLong((Long) v), ByteInput::readLong);
      case FLOAT ->
          new Fixed(
              4,
              (v, o) -> o.writeInt(Float.floatToRawIntBits((Float) v)),
              in -> Float.intBitsToFloat(in.readInt()));
      case DOUBLE ->
          new Fixed(
              8,
              (v, o) -> o.writeLong(Double.doubleToRawLongBits((Double) v)),
              in -> Double.longBitsToDouble(in.readLong()));
      case TIMESTAMP, TIMESTAMP_LTZ ->
          new Fixed(
              12,
              (v, o) -> {
                Timestamp t = (Timestamp) v;
                o.writeLong(t.millis());
                o.writeInt(t.nanoOfMillisecond());
              },
              in -> new Timestamp(in.readLong(), in.readInt()));
      case CHAR, VARCHAR -> new Strings();
      case BINARY, VARBINARY -> new ByteStrings();
      case DECIMAL -> new Decimals();
      case ARRAY -> new Arrays(codec(((ArrayType) type).element()));
      case MAP -> new Maps(codec(((MapType) type).key()), codec(((MapType) type).value()));
      case ROW -> new Rows(new RowSerializer((RowType) type));
    };
  }

  /** UTF-8 strings, length-prefixed, so that their bytes compare in place. */
  private static final class Strings implements FieldCodec {
    @Override
    public void write(Object v, ByteOutput out) {
      out.writeBytes(((String) v).getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public Object read(ByteInput in) {
      return in.readString();
    }

    @Override
    public void skip(ByteInput in) {
      in.skipBytes();
    }
  }

  /** UTF-8 strings read back as a {@link Binary} of their own bytes (never a reused buffer). */
  private static final class EncodedStrings implements FieldCodec {
    @Override
    public void write(Object v, ByteOutput out) {
      if (v instanceof Binary encoded) {
        out.writeBytes(encoded.getBytes());
      } else {
        out.writeBytes(((String) v).getBytes(StandardCharsets.UTF_8));
      }
    }

    @Override
    public Object read(ByteInput in) {
      return Binary.fromConstantByteArray(in.readBytes());
    }

    @Override
    public void skip(ByteInput in) {
      in.skipBytes();
    }
  }

  private static final class ByteStrings implements FieldCodec {
    @Override
    public void write(Object v, ByteOutput out) {
      out.writeBytes((byte[]) v);
    }

    @Override
    public Object read(ByteInput in) {
      return in.readBytes();
    }

    @Override
    public void skip(ByteInput in) {
      in.skipBytes();
    }
  }

  /** Scale and two's-complement unscaled bytes: any precision, the value's own scale kept. */
  private static final class Decimals implements FieldCodec {
    @Override
    public void write(Object v, ByteOutput out) {
      BigDecimal d = (BigDecimal) v;
      out.writeInt(d.scale());
      out.writeBytes(d.unscaledValue().toByteArray());
    }

    @Override
    public Object read(ByteInput in) {
      int scale = in.readInt();
      return new BigDecimal(new BigInteger(in.readBytes()), scale);
    }

    @Override
    public void skip(ByteInput in) {
      in.pos += 4;
      in.skipBytes();
    }
  }

  private record Arrays(FieldCodec element) implements FieldCodec {
    @Override
    public void write(Object v, ByteOutput out) {
      List<?> list = (List<?>) v;
      out.writeInt(list.size());
      for (Object e : list) {
        writeNullable(element, e, out);
      }
    }

    @Override
    public Object read(ByteInput in) {
      int n = in.readInt();
      List<Object> list = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        list.add(readNullable(element, in));
      }
      return list;
    }

    @Override
    public void skip(ByteInput in) {
      int n = in.readInt();
      for (int i = 0; i < n; i++) {
        skipNullable(element, in);
      }
    }
  }

  /** Entries in the map's iteration order, read back into a map that keeps it. */
  private record Maps(FieldCodec key, FieldCodec value) implements FieldCodec {
    @Override
    public void write(Object v, ByteOutput out) {
      Map<?, ?> map = (Map<?, ?>) v;
      out.writeInt(map.size());
      for (Map.Entry<?, ?> e : map.entrySet()) {
        writeNullable(key, e.getKey(), out);
        writeNullable(value, e.getValue(), out);
      }
    }

    @Override
    public Object read(ByteInput in) {
      int n = in.readInt();
      Map<Object, Object> map = new LinkedHashMap<>();
      for (int i = 0; i < n; i++) {
        Object k = readNullable(key, in);
        map.put(k, readNullable(value, in));
      }
      return map;
    }

    @Override
    public void skip(ByteInput in) {
      int n = in.readInt();
      for (int i = 0; i < n; i++) {
        skipNullable(key, in);
        skipNullable(value, in);
      }
    }
  }

  private record Rows(RowSerializer row) implements FieldCodec {
    @Override
    public void write(Object v, ByteOutput out) {
      row.write((Object[]) v, out);
    }

    @Override
    public Object read(ByteInput in) {
      return row.read(in);
    }

    @Override
    public void skip(ByteInput in) {
      for (FieldCodec f : row.fields) {
        skipNullable(f, in); // nested rows copy no field
      }
    }
  }
}

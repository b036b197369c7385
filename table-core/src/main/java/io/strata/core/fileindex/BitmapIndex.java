package io.strata.core.fileindex;

import io.strata.core.errors.CoreErrors;
import io.strata.core.types.DataType;
import io.strata.core.types.Timestamp;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;

/**
 * The values of Paimon's bitmap file index of one column ({@code file-index.bitmap.columns}), read
 * for skipping files: whether the file holds a null and which distinct non-null values it holds.
 * The bitmaps of row positions are not read; a file is skipped or read whole.
 *
 * <p>Version 1: version byte, row count, number of distinct non-null values, has-null byte (then
 * the null bitmap's offset), then each value with its bitmap's offset. Version 2: the same head
 * (with the null bitmap's offset and length), then the number of index blocks, each block's first
 * value and offset, and the bitmaps' offset; each block holds its entry count and entries (value,
 * offset, length). Block offsets count from the end of that head. Values are big-endian: TINYINT a
 * byte, SMALLINT a short, INT, DATE and TIME an int, BIGINT a long, FLOAT and DOUBLE IEEE bits,
 * BOOLEAN a byte, CHAR and VARCHAR an int length and UTF-8 bytes, timestamps a long of milliseconds
 * (precision up to 3) or microseconds.
 */
final class BitmapIndex {

  static final String TYPE = "bitmap";

  private final boolean hasNull;
  private final Set<Object> values;

  private BitmapIndex(boolean hasNull, Set<Object> values) {
    this.hasNull = hasNull;
    this.values = values;
  }

  /** Whether Paimon builds bitmap indexes of this type. */
  static boolean supports(DataType type) {
    return switch (type.root()) {
      case CHAR,
          VARCHAR,
          BOOLEAN,
          TINYINT,
          SMALLINT,
          INT,
          BIGINT,
          FLOAT,
          DOUBLE,
          DATE,
          TIME,
          TIMESTAMP,
          TIMESTAMP_LTZ ->
          true;
      default -> false;
    };
  }

  /** Reads the index of a column of {@code type}, which {@link #supports} it. */
  static BitmapIndex parse(byte[] body, DataType type) {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(body))) {
      int version = in.readUnsignedByte();
      if (version != 1 && version != 2) {
        throw CoreErrors.unreadableFileIndex(
            "its bitmap index has version " + version + ", and Strata reads versions 1 and 2.");
      }
      in.readInt(); // row count
      int distinct = in.readInt();
      boolean hasNull = in.readBoolean();
      if (hasNull) {
        in.readInt(); // the null bitmap's offset
        if (version == 2) {
          in.readInt(); // its length
        }
      }
      Set<Object> values = new HashSet<>();
      if (version == 1) {
        for (int i = 0; i < distinct; i++) {
          values.add(readValue(in, type));
          in.readInt(); // the bitmap's offset
        }
      } else {
        int blocks = in.readInt();
        int[] blockOffsets = new int[blocks];
        for (int b = 0; b < blocks; b++) {
          readValue(in, type); // the block's first value
          blockOffsets[b] = in.readInt();
        }
        in.readInt(); // the bitmaps' offset
        int blocksStart = body.length - in.available();
        for (int offset : blockOffsets) {
          DataInputStream block =
              new DataInputStream(
                  new ByteArrayInputStream(
                      body, blocksStart + offset, body.length - blocksStart - offset));
          int entries = block.readInt();
          for (int e = 0; e < entries; e++) {
            values.add(readValue(block, type));
            block.readInt(); // the bitmap's offset
            block.readInt(); // its length
          }
        }
      }
      if (values.size() != distinct) {
        throw CoreErrors.unreadableFileIndex(
            "its bitmap index holds "
                + values.size()
                + " distinct values where its head counts "
                + distinct
                + ".");
      }
      return new BitmapIndex(hasNull, values);
    } catch (EOFException | IndexOutOfBoundsException e) {
      throw CoreErrors.unreadableFileIndex("its bitmap index is shorter than its head says.");
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read a Paimon bitmap file index", e);
    }
  }

  boolean hasNull() {
    return hasNull;
  }

  boolean hasNonNull() {
    return !values.isEmpty();
  }

  /** Whether some row holds this non-null value of the column's type. */
  boolean contains(DataType type, Object value) {
    return values.contains(key(type, value));
  }

  private static Object readValue(DataInputStream in, DataType type) throws IOException {
    return switch (type.root()) {
      case CHAR, VARCHAR -> {
        byte[] utf8 = new byte[in.readInt()];
        in.readFully(utf8);
        yield new String(utf8, StandardCharsets.UTF_8);
      }
      case BOOLEAN -> in.readBoolean();
      case TINYINT -> (long) in.readByte();
      case SMALLINT -> (long) in.readShort();
      case INT, DATE, TIME -> (long) in.readInt();
      case BIGINT, TIMESTAMP, TIMESTAMP_LTZ -> in.readLong();
      case FLOAT -> in.readFloat();
      case DOUBLE -> in.readDouble();
      default -> throw new IllegalStateException("No bitmap index of type " + type);
    };
  }

  /** A value as {@link #readValue} returns it: integers widened to long, timestamps mapped. */
  private static Object key(DataType type, Object value) {
    return switch (type.root()) {
      case TINYINT, SMALLINT, INT, BIGINT, DATE, TIME -> ((Number) value).longValue();
      case TIMESTAMP, TIMESTAMP_LTZ -> FileIndexHash.timestampKey(type, (Timestamp) value);
      default -> value;
    };
  }
}

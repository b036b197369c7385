package io.strata.core.fileindex;

import io.strata.core.deletion.RoaringBitmapWriter;
import io.strata.core.types.DataType;
import io.strata.core.types.Timestamp;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds the body of one column's bitmap index as {@link BitmapIndex} reads it: the row positions
 * of each distinct value and of the nulls, each a 32-bit RoaringBitmap, in version 1 or 2 (values
 * sorted as Paimon's reader searches them: strings by their UTF-8 bytes, unsigned; numbers and
 * booleans by value), version 2 cutting them into blocks of about {@code blockSize} bytes.
 */
final class BitmapIndexBuilder implements IndexBuilder {

  private final DataType type;
  private final int version;
  private final long blockSize;
  // Positions, not bit sets: a bit set of a value first seen late in a large file would span
  // every row before it.
  private final Map<Object, Positions> rowsByValue = new HashMap<>();
  private final Positions nullRows = new Positions();
  private int rows;

  BitmapIndexBuilder(DataType type, int version, long blockSize) {
    this.type = type;
    this.version = version;
    this.blockSize = blockSize;
  }

  @Override
  public String type() {
    return BitmapIndex.TYPE;
  }

  @Override
  public void add(Object value) {
    if (value == null) {
      nullRows.add(rows);
    } else {
      rowsByValue.computeIfAbsent(key(value), k -> new Positions()).add(rows);
    }
    rows++;
  }

  /** Values as they are written and compared: strings as UTF-8 bytes, timestamps as longs. */
  private Object key(Object value) {
    return switch (type.root()) {
      case CHAR, VARCHAR -> new Utf8(FileIndexHash.utf8(value));
      case TIMESTAMP, TIMESTAMP_LTZ -> FileIndexHash.timestampKey(type, (Timestamp) value);
      case TINYINT, SMALLINT, INT, DATE, TIME, BIGINT -> ((Number) value).longValue();
      default -> value;
    };
  }

  @Override
  public byte[] body() {
    try {
      List<Object> values = new ArrayList<>(rowsByValue.keySet());
      values.sort(BitmapIndexBuilder::compare);
      // The nulls' bitmap first, then the values' in head order: Paimon's version-1 reader takes
      // a bitmap's length from the next one's offset.
      ByteArrayOutputStream bitmaps = new ByteArrayOutputStream();
      byte[] nullBitmap = nullRows.bitmap();
      if (!nullRows.isEmpty()) {
        bitmaps.write(nullBitmap);
      }
      int nullOffset = 0;
      Map<Object, int[]> placed = new HashMap<>();
      for (Object v : values) {
        byte[] bitmap = rowsByValue.get(v).bitmap();
        placed.put(v, new int[] {bitmaps.size(), bitmap.length});
        bitmaps.write(bitmap);
      }
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      DataOutputStream out = new DataOutputStream(bytes);
      out.writeByte(version);
      out.writeInt(rows);
      out.writeInt(values.size());
      out.writeBoolean(!nullRows.isEmpty());
      if (!nullRows.isEmpty()) {
        out.writeInt(nullOffset);
        if (version == 2) {
          out.writeInt(nullBitmap.length);
        }
      }
      if (version == 1) {
        for (Object v : values) {
          writeValue(out, v);
          out.writeInt(placed.get(v)[0]);
        }
      } else {
        writeBlocks(out, values, placed);
      }
      out.write(bitmaps.toByteArray());
      out.flush();
      return bytes.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Version 2's block directory, the bitmaps' offset, then the blocks. */
  private void writeBlocks(DataOutputStream out, List<Object> values, Map<Object, int[]> placed)
      throws IOException {
    List<Object> firstValues = new ArrayList<>();
    List<Integer> offsets = new ArrayList<>();
    ByteArrayOutputStream blocks = new ByteArrayOutputStream();
    int i = 0;
    while (i < values.size()) {
      ByteArrayOutputStream entries = new ByteArrayOutputStream();
      DataOutputStream block = new DataOutputStream(entries);
      int count = 0;
      firstValues.add(values.get(i));
      offsets.add(blocks.size());
      // At least one entry per block; then entries while the block stays within its size.
      while (i < values.size() && (count == 0 || entries.size() < blockSize)) {
        Object v = values.get(i++);
        writeValue(block, v);
        block.writeInt(placed.get(v)[0]);
        block.writeInt(placed.get(v)[1]);
        count++;
      }
      block.flush();
      DataOutputStream header = new DataOutputStream(blocks);
      header.writeInt(count);
      header.flush();
      blocks.write(entries.toByteArray());
    }
    out.writeInt(firstValues.size());
    for (int b = 0; b < firstValues.size(); b++) {
      writeValue(out, firstValues.get(b));
      out.writeInt(offsets.get(b));
    }
    out.writeInt(blocks.size());
    out.write(blocks.toByteArray());
  }

  private void writeValue(DataOutputStream out, Object v) throws IOException {
    switch (type.root()) {
      case CHAR, VARCHAR -> {
        byte[] utf8 = ((Utf8) v).bytes();
        out.writeInt(utf8.length);
        out.write(utf8);
      }
      case BOOLEAN -> out.writeBoolean((Boolean) v);
      case TINYINT -> out.writeByte((int) (long) (Long) v);
      case SMALLINT -> out.writeShort((int) (long) (Long) v);
      case INT, DATE, TIME -> out.writeInt((int) (long) (Long) v);
      case BIGINT, TIMESTAMP, TIMESTAMP_LTZ -> out.writeLong((Long) v);
      case FLOAT -> out.writeFloat((Float) v);
      case DOUBLE -> out.writeDouble((Double) v);
      default -> throw new IllegalStateException("No bitmap index of type " + type);
    }
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static int compare(Object a, Object b) {
    if (a instanceof Utf8 x) {
      return java.util.Arrays.compareUnsigned(x.bytes(), ((Utf8) b).bytes());
    }
    return ((Comparable) a).compareTo(b);
  }

  /** The ascending row positions of one value. */
  private static final class Positions {
    private int[] rows = new int[2];
    private int count;

    void add(int row) {
      if (count == rows.length) {
        rows = java.util.Arrays.copyOf(rows, count * 2);
      }
      rows[count++] = row;
    }

    boolean isEmpty() {
      return count == 0;
    }

    byte[] bitmap() {
      return RoaringBitmapWriter.write(rows, count);
    }
  }

  /** A string's UTF-8 bytes, equal by content. */
  private record Utf8(byte[] bytes) {
    @Override
    public boolean equals(Object o) {
      return o instanceof Utf8 other && java.util.Arrays.equals(bytes, other.bytes);
    }

    @Override
    public int hashCode() {
      return java.util.Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
      return new String(bytes, StandardCharsets.UTF_8);
    }
  }
}

package io.strata.core.deletion;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.BitSet;

/**
 * The portable serialization of a 64-bit RoaringBitmap, the bitmap inside the 64-bit deletion
 * vectors Paimon writes for tables with {@code deletion-vectors.bitmap64} (the layout Iceberg's
 * deletion-vector blobs use too): the number of 32-bit bitmaps as a long, then per bitmap its key
 * (the high 32 bits of its positions) as an int followed by the 32-bit bitmap ({@link
 * RoaringBitmapWriter}) of the low 32 bits. All little-endian.
 *
 * <p>Row positions here stay below {@link Integer#MAX_VALUE}, so a non-empty vector is one bitmap
 * with key 0, written with run containers where they are smaller (Paimon run-optimizes first).
 */
final class RoaringBitmap64Format {

  private RoaringBitmap64Format() {}

  /** The serialization of {@code bits}: no bitmap when empty, else one with key 0. */
  static byte[] write(BitSet bits) {
    if (bits.isEmpty()) {
      return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(0).array();
    }
    byte[] low = RoaringBitmapWriter.write(bits, true);
    return ByteBuffer.allocate(12 + low.length)
        .order(ByteOrder.LITTLE_ENDIAN)
        .putLong(1)
        .putInt(0)
        .put(low)
        .array();
  }

  /** The set bits of the bitmap serialized at {@code buffer}'s position. */
  static BitSet read(ByteBuffer buffer) {
    ByteBuffer in = buffer.slice().order(ByteOrder.LITTLE_ENDIAN);
    long count = in.getLong();
    if (count < 0 || count > in.remaining() / 4) {
      throw new IllegalStateException("64-bit bitmap claims " + count + " 32-bit bitmaps");
    }
    BitSet bits = new BitSet();
    long previousKey = -1;
    for (long i = 0; i < count; i++) {
      long key = Integer.toUnsignedLong(in.getInt());
      if (key <= previousKey) {
        throw new IllegalStateException("64-bit bitmap keys not ascending at key " + key);
      }
      previousKey = key;
      BitSet low = RoaringBitmapReader.read(in);
      if (key != 0 && !low.isEmpty()) {
        // Positions of 2^32 and more: no data file holds that many rows.
        throw new IllegalStateException("deleted position beyond 2^32 (bitmap key " + key + ")");
      }
      bits.or(low);
    }
    return bits;
  }
}

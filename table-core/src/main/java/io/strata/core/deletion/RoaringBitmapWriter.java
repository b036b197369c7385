package io.strata.core.deletion;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.BitSet;

/**
 * Encodes set bits as a 32-bit RoaringBitmap in its portable serialization, the form {@link
 * RoaringBitmapReader} decodes and Paimon writes inside deletion vectors.
 *
 * <p>Only the format without run containers is written: cookie {@code 12346}, the container count,
 * per container its key (high 16 bits) and cardinality - 1 as shorts, a table of each container's
 * byte offset from the start, then the containers — an array of sorted shorts for up to 4096
 * values, else a bitmap of 1024 longs. All little-endian.
 *
 * <p>Example: {5, 50} is {@code 3a300000 01000000 00000100 10000000 0500 3200} (20 bytes).
 */
final class RoaringBitmapWriter {

  static final int COOKIE_NO_RUNS = 12346;
  static final int MAX_ARRAY_CARDINALITY = 4096;
  private static final int BITMAP_BYTES = 8192;

  private RoaringBitmapWriter() {}

  /** The portable serialization of {@code bits} (every set bit must be a non-negative int). */
  static byte[] write(BitSet bits) {
    int[] keys = new int[16];
    int[] cardinalities = new int[16];
    int size = 0;
    for (int v = bits.nextSetBit(0); v >= 0; v = bits.nextSetBit(v + 1)) {
      int key = v >>> 16;
      if (size == 0 || keys[size - 1] != key) {
        if (size == keys.length) {
          keys = Arrays.copyOf(keys, size * 2);
          cardinalities = Arrays.copyOf(cardinalities, size * 2);
        }
        keys[size++] = key;
      }
      cardinalities[size - 1]++;
    }
    int headerBytes = 8 + 8 * size;
    int total = headerBytes;
    for (int i = 0; i < size; i++) {
      total += containerBytes(cardinalities[i]);
    }
    ByteBuffer out = ByteBuffer.allocate(total).order(ByteOrder.LITTLE_ENDIAN);
    out.putInt(COOKIE_NO_RUNS).putInt(size);
    for (int i = 0; i < size; i++) {
      out.putShort((short) keys[i]).putShort((short) (cardinalities[i] - 1));
    }
    int offset = headerBytes;
    for (int i = 0; i < size; i++) {
      out.putInt(offset);
      offset += containerBytes(cardinalities[i]);
    }
    for (int i = 0; i < size; i++) {
      writeContainer(out, bits, keys[i], cardinalities[i]);
    }
    return out.array();
  }

  private static int containerBytes(int cardinality) {
    return cardinality <= MAX_ARRAY_CARDINALITY ? 2 * cardinality : BITMAP_BYTES;
  }

  private static void writeContainer(ByteBuffer out, BitSet bits, int key, int cardinality) {
    int low = key << 16;
    if (cardinality <= MAX_ARRAY_CARDINALITY) {
      for (int v = bits.nextSetBit(low);
          v >= 0 && v - low < (1 << 16);
          v = bits.nextSetBit(v + 1)) {
        out.putShort((short) (v - low));
      }
      return;
    }
    long[] words = new long[1024];
    for (int v = bits.nextSetBit(low); v >= 0 && v - low < (1 << 16); v = bits.nextSetBit(v + 1)) {
      int bit = v - low;
      words[bit >>> 6] |= 1L << (bit & 63);
    }
    for (long w : words) {
      out.putLong(w);
    }
  }
}

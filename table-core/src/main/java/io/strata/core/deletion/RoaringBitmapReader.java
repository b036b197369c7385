package io.strata.core.deletion;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.BitSet;

/**
 * Decodes a 32-bit RoaringBitmap in its portable serialization (little-endian), the bitmap inside
 * every deletion vector Paimon writes. Only reading is needed, so a small decoder replaces a
 * dependency on the RoaringBitmap library.
 *
 * <p>Layout: a cookie ({@code 12346}, then the container count as an int; or {@code 12347} in the
 * low 16 bits with count - 1 in the high 16 bits, then a bitset of which containers are runs); per
 * container its key (the high 16 bits of its values) and cardinality - 1 as shorts; an offset table
 * (always without runs, with runs only from 4 containers on) that a sequential reader skips; then
 * the containers: runs ({@code n}, then n pairs start, length - 1), arrays (cardinality shorts, up
 * to 4096 values) or bitmaps (1024 longs).
 */
final class RoaringBitmapReader {

  private static final int COOKIE_NO_RUNS = 12346;
  private static final int COOKIE_RUNS = 12347;
  private static final int MAX_ARRAY_CARDINALITY = 4096;
  private static final int NO_OFFSET_THRESHOLD = 4;

  private RoaringBitmapReader() {}

  /**
   * The set bits of the bitmap serialized at {@code buffer}'s position, which moves past the
   * bitmap.
   */
  static BitSet read(ByteBuffer buffer) {
    ByteBuffer in = buffer.slice().order(ByteOrder.LITTLE_ENDIAN);
    int cookie = in.getInt();
    boolean hasRuns = (cookie & 0xFFFF) == COOKIE_RUNS;
    int size;
    byte[] runFlags = null;
    if (hasRuns) {
      size = (cookie >>> 16) + 1;
      runFlags = new byte[(size + 7) / 8];
      in.get(runFlags);
    } else if (cookie == COOKIE_NO_RUNS) {
      size = in.getInt();
    } else {
      throw new IllegalStateException("not a portable RoaringBitmap (cookie " + cookie + ")");
    }
    int[] keys = new int[size];
    int[] cardinalities = new int[size];
    for (int i = 0; i < size; i++) {
      keys[i] = Short.toUnsignedInt(in.getShort());
      cardinalities[i] = Short.toUnsignedInt(in.getShort()) + 1;
    }
    if (!hasRuns || size >= NO_OFFSET_THRESHOLD) {
      in.position(in.position() + 4 * size);
    }
    BitSet bits = new BitSet();
    for (int i = 0; i < size; i++) {
      int high = keys[i] << 16;
      if (runFlags != null && (runFlags[i / 8] & (1 << (i % 8))) != 0) {
        readRuns(in, high, bits);
      } else if (cardinalities[i] <= MAX_ARRAY_CARDINALITY) {
        for (int j = 0; j < cardinalities[i]; j++) {
          set(bits, high | Short.toUnsignedInt(in.getShort()));
        }
      } else {
        readBitmap(in, high, bits);
      }
    }
    buffer.position(buffer.position() + in.position());
    return bits;
  }

  private static void readRuns(ByteBuffer in, int high, BitSet bits) {
    int runs = Short.toUnsignedInt(in.getShort());
    for (int r = 0; r < runs; r++) {
      int start = Short.toUnsignedInt(in.getShort());
      int length = Short.toUnsignedInt(in.getShort()) + 1;
      for (int v = start; v < start + length; v++) {
        set(bits, high | v);
      }
    }
  }

  private static void readBitmap(ByteBuffer in, int high, BitSet bits) {
    for (int w = 0; w < 1024; w++) {
      long word = in.getLong();
      while (word != 0) {
        int bit = Long.numberOfTrailingZeros(word);
        set(bits, high | (w * 64 + bit));
        word &= word - 1;
      }
    }
  }

  /** Positions are unsigned; those beyond Integer.MAX_VALUE cannot occur in a Parquet file here. */
  private static void set(BitSet bits, int value) {
    if (value < 0) {
      throw new IllegalStateException("deleted position " + Integer.toUnsignedString(value));
    }
    bits.set(value);
  }
}

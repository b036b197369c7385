package io.strata.core.deletion;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.BitSet;

/**
 * Encodes set bits as a 32-bit RoaringBitmap in its portable serialization, the form {@link
 * RoaringBitmapReader} decodes and Paimon writes inside deletion vectors and bitmap file indexes.
 *
 * <p>Without run containers: cookie {@code 12346}, the container count, per container its key (high
 * 16 bits) and cardinality - 1 as shorts, a table of each container's byte offset from the start,
 * then the containers — an array of sorted shorts for up to 4096 values, else a bitmap of 1024
 * longs. With run containers: cookie {@code 12347} | (count - 1) << 16, a bitset of which
 * containers are runs, the keys and cardinalities, the offset table only from 4 containers on, then
 * the containers (a run container: the run count, then per run its start and length - 1). All
 * little-endian.
 *
 * <p>Example: {5, 50} is {@code 3a300000 01000000 00000100 10000000 0500 3200} (20 bytes).
 */
public final class RoaringBitmapWriter {

  static final int COOKIE_NO_RUNS = 12346;
  static final int COOKIE_RUNS = 12347;
  static final int MAX_ARRAY_CARDINALITY = 4096;
  private static final int NO_OFFSET_THRESHOLD = 4;
  private static final int BITMAP_BYTES = 8192;

  private RoaringBitmapWriter() {}

  /** The portable serialization of {@code bits} (every set bit must be a non-negative int). */
  public static byte[] write(BitSet bits) {
    return write(bits, false);
  }

  /**
   * The portable serialization of {@code bits}; with {@code runOptimize} a container is written as
   * runs when that is strictly smaller than its array or bitmap form (RoaringBitmap's {@code
   * runOptimize}, which Paimon applies before writing a 64-bit vector).
   */
  static byte[] write(BitSet bits, boolean runOptimize) {
    int[] keys = new int[16];
    int[] cardinalities = new int[16];
    int[] runs = new int[16];
    int size = 0;
    int previous = -2;
    for (int v = bits.nextSetBit(0); v >= 0; v = bits.nextSetBit(v + 1)) {
      int key = v >>> 16;
      if (size == 0 || keys[size - 1] != key) {
        if (size == keys.length) {
          keys = Arrays.copyOf(keys, size * 2);
          cardinalities = Arrays.copyOf(cardinalities, size * 2);
          runs = Arrays.copyOf(runs, size * 2);
        }
        keys[size++] = key;
        previous = -2;
      }
      cardinalities[size - 1]++;
      if (v != previous + 1) {
        runs[size - 1]++;
      }
      previous = v;
    }
    boolean[] isRun = new boolean[size];
    boolean anyRun = false;
    for (int i = 0; i < size; i++) {
      isRun[i] = runOptimize && runBytes(runs[i]) < containerBytes(cardinalities[i]);
      anyRun |= isRun[i];
    }
    int headerBytes =
        anyRun
            ? 4 + (size + 7) / 8 + 4 * size + (size >= NO_OFFSET_THRESHOLD ? 4 * size : 0)
            : 8 + 8 * size;
    int total = headerBytes;
    for (int i = 0; i < size; i++) {
      total += isRun[i] ? runBytes(runs[i]) : containerBytes(cardinalities[i]);
    }
    ByteBuffer out = ByteBuffer.allocate(total).order(ByteOrder.LITTLE_ENDIAN);
    if (anyRun) {
      out.putInt(COOKIE_RUNS | ((size - 1) << 16));
      byte[] flags = new byte[(size + 7) / 8];
      for (int i = 0; i < size; i++) {
        if (isRun[i]) {
          flags[i / 8] |= (byte) (1 << (i % 8));
        }
      }
      out.put(flags);
    } else {
      out.putInt(COOKIE_NO_RUNS).putInt(size);
    }
    for (int i = 0; i < size; i++) {
      out.putShort((short) keys[i]).putShort((short) (cardinalities[i] - 1));
    }
    if (!anyRun || size >= NO_OFFSET_THRESHOLD) {
      int offset = headerBytes;
      for (int i = 0; i < size; i++) {
        out.putInt(offset);
        offset += isRun[i] ? runBytes(runs[i]) : containerBytes(cardinalities[i]);
      }
    }
    for (int i = 0; i < size; i++) {
      if (isRun[i]) {
        writeRuns(out, bits, keys[i], runs[i]);
      } else {
        writeContainer(out, bits, keys[i], cardinalities[i]);
      }
    }
    return out.array();
  }

  /**
   * The portable serialization, without run containers, of the {@code count} distinct non-negative
   * values at the start of {@code sorted}, ascending: what {@link #write(BitSet)} gives for them,
   * without a bit set as large as the greatest value.
   */
  public static byte[] write(int[] sorted, int count) {
    int size = 0;
    for (int i = 0; i < count; i++) {
      if (i == 0 || sorted[i] >>> 16 != sorted[i - 1] >>> 16) {
        size++;
      }
    }
    int[] keys = new int[size];
    int[] starts = new int[size + 1];
    int c = -1;
    for (int i = 0; i < count; i++) {
      if (i == 0 || sorted[i] >>> 16 != sorted[i - 1] >>> 16) {
        keys[++c] = sorted[i] >>> 16;
        starts[c] = i;
      }
    }
    starts[size] = count;
    int headerBytes = 8 + 8 * size;
    int total = headerBytes;
    for (int i = 0; i < size; i++) {
      total += containerBytes(starts[i + 1] - starts[i]);
    }
    ByteBuffer out = ByteBuffer.allocate(total).order(ByteOrder.LITTLE_ENDIAN);
    out.putInt(COOKIE_NO_RUNS).putInt(size);
    for (int i = 0; i < size; i++) {
      out.putShort((short) keys[i]).putShort((short) (starts[i + 1] - starts[i] - 1));
    }
    int offset = headerBytes;
    for (int i = 0; i < size; i++) {
      out.putInt(offset);
      offset += containerBytes(starts[i + 1] - starts[i]);
    }
    for (int i = 0; i < size; i++) {
      int cardinality = starts[i + 1] - starts[i];
      if (cardinality <= MAX_ARRAY_CARDINALITY) {
        for (int j = starts[i]; j < starts[i + 1]; j++) {
          out.putShort((short) sorted[j]);
        }
      } else {
        long[] words = new long[1024];
        for (int j = starts[i]; j < starts[i + 1]; j++) {
          int bit = sorted[j] & 0xFFFF;
          words[bit >>> 6] |= 1L << (bit & 63);
        }
        for (long w : words) {
          out.putLong(w);
        }
      }
    }
    return out.array();
  }

  private static int runBytes(int runs) {
    return 2 + 4 * runs;
  }

  private static void writeRuns(ByteBuffer out, BitSet bits, int key, int runs) {
    int low = key << 16;
    int end = low + (1 << 16);
    out.putShort((short) runs);
    for (int start = bits.nextSetBit(low); start >= 0 && start < end; ) {
      int stop = Math.min(bits.nextClearBit(start), end);
      out.putShort((short) (start - low)).putShort((short) (stop - start - 1));
      start = stop < end ? bits.nextSetBit(stop) : -1;
    }
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

package io.strata.core.write;

/** Big-endian primitives on byte arrays, for serialized rows in sort pages and spill files. */
final class Bytes {

  private Bytes() {}

  static void putInt(byte[] b, int at, int v) {
    b[at] = (byte) (v >>> 24);
    b[at + 1] = (byte) (v >>> 16);
    b[at + 2] = (byte) (v >>> 8);
    b[at + 3] = (byte) v;
  }

  static void putLong(byte[] b, int at, long v) {
    putInt(b, at, (int) (v >>> 32));
    putInt(b, at + 4, (int) v);
  }

  static int getInt(byte[] b, int at) {
    return (b[at] & 0xFF) << 24
        | (b[at + 1] & 0xFF) << 16
        | (b[at + 2] & 0xFF) << 8
        | b[at + 3] & 0xFF;
  }

  static short getShort(byte[] b, int at) {
    return (short) ((b[at] & 0xFF) << 8 | b[at + 1] & 0xFF);
  }

  static long getLong(byte[] b, int at) {
    return (long) getInt(b, at) << 32 | getInt(b, at + 4) & 0xFFFFFFFFL;
  }
}

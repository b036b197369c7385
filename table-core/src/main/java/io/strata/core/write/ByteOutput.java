package io.strata.core.write;

/**
 * A growable big-endian byte buffer that serialized rows are written into, reused row after row.
 */
final class ByteOutput {

  private byte[] buf = new byte[256];
  private int size;

  void reset() {
    size = 0;
  }

  int size() {
    return size;
  }

  byte[] buffer() {
    return buf;
  }

  void writeByte(int v) {
    ensure(1);
    buf[size++] = (byte) v;
  }

  void writeShort(int v) {
    ensure(2);
    buf[size++] = (byte) (v >>> 8);
    buf[size++] = (byte) v;
  }

  void writeInt(int v) {
    ensure(4);
    Bytes.putInt(buf, size, v);
    size += 4;
  }

  void writeLong(long v) {
    ensure(8);
    Bytes.putLong(buf, size, v);
    size += 8;
  }

  /** A length-prefixed byte string; the length is a varint, one byte below 128. */
  void writeBytes(byte[] b) {
    writeLength(b.length);
    ensure(b.length);
    System.arraycopy(b, 0, buf, size, b.length);
    size += b.length;
  }

  /** A non-negative int in 7-bit groups, low group first, the high bit marking that more follow. */
  void writeLength(int n) {
    ensure(5);
    while ((n & ~0x7F) != 0) {
      buf[size++] = (byte) ((n & 0x7F) | 0x80);
      n >>>= 7;
    }
    buf[size++] = (byte) n;
  }

  private void ensure(int more) {
    if (size + more > buf.length) {
      byte[] bigger = new byte[Math.max(buf.length * 2, size + more)];
      System.arraycopy(buf, 0, bigger, 0, size);
      buf = bigger;
    }
  }
}

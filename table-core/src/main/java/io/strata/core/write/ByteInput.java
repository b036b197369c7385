package io.strata.core.write;

import java.nio.charset.StandardCharsets;

/** A read position in a byte array holding serialized rows; repositioned for each record. */
final class ByteInput {

  byte[] buf;
  int pos;

  ByteInput at(byte[] bytes, int offset) {
    this.buf = bytes;
    this.pos = offset;
    return this;
  }

  byte readByte() {
    return buf[pos++];
  }

  short readShort() {
    short v = Bytes.getShort(buf, pos);
    pos += 2;
    return v;
  }

  int readInt() {
    int v = Bytes.getInt(buf, pos);
    pos += 4;
    return v;
  }

  long readLong() {
    long v = Bytes.getLong(buf, pos);
    pos += 8;
    return v;
  }

  /** A length written by {@link ByteOutput#writeLength}. */
  int readLength() {
    int n = 0;
    for (int shift = 0; ; shift += 7) {
      byte b = buf[pos++];
      n |= (b & 0x7F) << shift;
      if (b >= 0) {
        return n;
      }
    }
  }

  byte[] readBytes() {
    int n = readLength();
    byte[] b = new byte[n];
    System.arraycopy(buf, pos, b, 0, n);
    pos += n;
    return b;
  }

  String readString() {
    int n = readLength();
    String s = new String(buf, pos, n, StandardCharsets.UTF_8);
    pos += n;
    return s;
  }

  /** Skips a length-prefixed byte string. */
  void skipBytes() {
    int n = readLength();
    pos += n;
  }
}

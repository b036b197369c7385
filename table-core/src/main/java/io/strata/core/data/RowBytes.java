package io.strata.core.data;

/** Little-endian and UTF-8 primitives on byte arrays, shared by the row codec and the hash. */
final class RowBytes {

  private RowBytes() {}

  /** UTF-8 length without encoding; unpaired surrogates count as '?' like String.getBytes. */
  static int utf8Length(String s) {
    int n = s.length();
    int len = n;
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c >= 0x80) {
        if (c < 0x800) {
          len += 1;
        } else if (Character.isHighSurrogate(c)
            && i + 1 < n
            && Character.isLowSurrogate(s.charAt(i + 1))) {
          len += 2; // 4 bytes for 2 chars
          i++;
        } else if (!Character.isSurrogate(c)) {
          len += 2;
        }
      }
    }
    return len;
  }

  static void encodeUtf8(String s, byte[] buf, int at) {
    int n = s.length();
    int p = at;
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        buf[p++] = (byte) c;
      } else if (c < 0x800) {
        buf[p++] = (byte) (0xc0 | (c >> 6));
        buf[p++] = (byte) (0x80 | (c & 0x3f));
      } else if (Character.isHighSurrogate(c)
          && i + 1 < n
          && Character.isLowSurrogate(s.charAt(i + 1))) {
        int cp = Character.toCodePoint(c, s.charAt(++i));
        buf[p++] = (byte) (0xf0 | (cp >> 18));
        buf[p++] = (byte) (0x80 | ((cp >> 12) & 0x3f));
        buf[p++] = (byte) (0x80 | ((cp >> 6) & 0x3f));
        buf[p++] = (byte) (0x80 | (cp & 0x3f));
      } else if (Character.isSurrogate(c)) {
        buf[p++] = '?';
      } else {
        buf[p++] = (byte) (0xe0 | (c >> 12));
        buf[p++] = (byte) (0x80 | ((c >> 6) & 0x3f));
        buf[p++] = (byte) (0x80 | (c & 0x3f));
      }
    }
  }

  static void putShort(byte[] b, int at, short v) {
    b[at] = (byte) v;
    b[at + 1] = (byte) (v >>> 8);
  }

  static void putInt(byte[] b, int at, int v) {
    b[at] = (byte) v;
    b[at + 1] = (byte) (v >>> 8);
    b[at + 2] = (byte) (v >>> 16);
    b[at + 3] = (byte) (v >>> 24);
  }

  static void putLong(byte[] b, int at, long v) {
    putInt(b, at, (int) v);
    putInt(b, at + 4, (int) (v >>> 32));
  }

  static int getInt(byte[] b, int at) {
    return (b[at] & 0xff)
        | ((b[at + 1] & 0xff) << 8)
        | ((b[at + 2] & 0xff) << 16)
        | ((b[at + 3] & 0xff) << 24);
  }

  static long getLong(byte[] b, int at) {
    return (getInt(b, at) & 0xffffffffL) | ((long) getInt(b, at + 4) << 32);
  }
}

package io.strata.core.data;

import java.util.Arrays;
import java.util.HexFormat;

/**
 * Serialized Paimon BinaryRow bytes as stored in manifests: a 4-byte big-endian arity followed by
 * the row (FORMAT.md §5). Equality is by bytes, which makes it a cheap map key for partitions.
 */
public final class BinaryRow implements java.io.Serializable {

  private static final long serialVersionUID = 1L;

  /** The row with zero fields, as append tables use for keys. */
  public static final BinaryRow EMPTY =
      new BinaryRow(new byte[] {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});

  private final byte[] bytes;

  /**
   * Computed on first use, as String does (0 until then): writers serialize a bucket key per row
   * only to hash its bytes, and never use the row as a map key.
   */
  private int hash;

  public BinaryRow(byte[] bytes) {
    this.bytes = bytes;
  }

  /** Serialized form, arity prefix included. Do not modify. */
  public byte[] bytes() {
    return bytes;
  }

  public int arity() {
    return ((bytes[0] & 0xff) << 24)
        | ((bytes[1] & 0xff) << 16)
        | ((bytes[2] & 0xff) << 8)
        | (bytes[3] & 0xff);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof BinaryRow other
        && hashCode() == other.hashCode()
        && Arrays.equals(bytes, other.bytes);
  }

  @Override
  public int hashCode() {
    int h = hash;
    if (h == 0) {
      h = Arrays.hashCode(bytes);
      hash = h;
    }
    return h;
  }

  @Override
  public String toString() {
    return "BinaryRow[" + HexFormat.of().formatHex(bytes) + "]";
  }
}

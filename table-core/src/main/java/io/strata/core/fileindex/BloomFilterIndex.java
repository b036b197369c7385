package io.strata.core.fileindex;

/**
 * Paimon's bloom-filter file index of one column: the number of hash functions (4 bytes,
 * big-endian), then the bit set, bit {@code i} in byte {@code i / 8} at {@code 1 << (i % 8)}. A
 * value's 64-bit hash splits into two ints {@code h1} (low) and {@code h2} (high); probe {@code k}
 * (1-based) tests bit {@code |h1 + k * h2| mod bits}, a negative sum complemented.
 */
final class BloomFilterIndex {

  static final String TYPE = "bloom-filter";

  private final int hashFunctions;
  private final byte[] bits;
  private final int numBits;

  BloomFilterIndex(byte[] body) {
    // Paimon reads the count from signed bytes, which differs only above 2^23 functions.
    this.hashFunctions = (body[0] << 24) + (body[1] << 16) + (body[2] << 8) + body[3];
    this.bits = body;
    this.numBits = (body.length - 4) * 8;
  }

  /** False only when no value with this hash was indexed. */
  boolean mightContain(long hash) {
    if (numBits == 0) {
      return true;
    }
    for (int k = 1; k <= hashFunctions; k++) {
      int bit = probe(hash, k, numBits);
      if ((bits[4 + (bit >>> 3)] & (1 << (bit & 7))) == 0) {
        return false;
      }
    }
    return true;
  }

  /** The bit probe {@code k} (1-based) of a value with this hash tests or sets. */
  static int probe(long hash, int k, int numBits) {
    int combined = (int) hash + k * (int) (hash >>> 32);
    if (combined < 0) {
      combined = ~combined;
    }
    return combined % numBits;
  }
}

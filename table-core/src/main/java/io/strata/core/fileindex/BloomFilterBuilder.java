package io.strata.core.fileindex;

import io.strata.core.types.DataType;
import java.nio.ByteBuffer;

/**
 * Builds the body of a bloom-filter index as Paimon lays it out ({@link BloomFilterIndex}), sized
 * as Paimon sizes it for {@code items} values at false-positive rate {@code fpp}: {@code -n ln p /
 * (ln 2)^2} bits rounded up to whole bytes, {@code round(m / n ln 2)} hash functions.
 */
final class BloomFilterBuilder implements IndexBuilder {

  private final DataType type;
  private final int hashFunctions;
  private final byte[] body;
  private final int numBits;

  BloomFilterBuilder(DataType type, long items, double fpp) {
    this.type = type;
    long bits = (long) (-items * Math.log(fpp) / (Math.log(2) * Math.log(2)));
    int bytes = (int) Math.min(Integer.MAX_VALUE / 8 - 4, Math.max(1, (bits + 7) / 8));
    this.numBits = bytes * 8;
    this.hashFunctions = Math.max(1, (int) Math.round((double) bits / items * Math.log(2)));
    this.body = new byte[4 + bytes];
    ByteBuffer.wrap(body).putInt(hashFunctions);
  }

  @Override
  public String type() {
    return BloomFilterIndex.TYPE;
  }

  /** Nulls are not indexed: a bloom filter answers equalities only. */
  @Override
  public void add(Object value) {
    if (value != null) {
      addHash(FileIndexHash.hash(type, value));
    }
  }

  private void addHash(long hash) {
    for (int k = 1; k <= hashFunctions; k++) {
      int bit = BloomFilterIndex.probe(hash, k, numBits);
      body[4 + (bit >>> 3)] |= (byte) (1 << (bit & 7));
    }
  }

  @Override
  public byte[] body() {
    return body;
  }
}

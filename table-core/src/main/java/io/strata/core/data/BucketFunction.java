package io.strata.core.data;

import io.strata.core.errors.OptionErrors;
import io.strata.core.types.RowType;

/**
 * Paimon's default fixed-bucket assignment (FORMAT.md §6): MurmurHash3 x86_32 with seed 42 over the
 * bucket key's BinaryRow bytes, then {@code abs(hash % numBuckets)}.
 */
public final class BucketFunction {

  private static final int SEED = 42;
  private static final int C1 = 0xcc9e2d51;
  private static final int C2 = 0x1b873593;
  private static final int ARITY_PREFIX = 4;

  private BucketFunction() {}

  /** Paimon's hash code of a BinaryRow: the arity prefix is not part of the hashed bytes. */
  public static int hash(BinaryRow row) {
    byte[] b = row.bytes();
    return murmur3(b, ARITY_PREFIX, b.length - ARITY_PREFIX, SEED);
  }

  /** The bucket of a serialized bucket-key row. */
  public static int bucket(BinaryRow keyRow, int numBuckets) {
    if (numBuckets <= 0) {
      throw OptionErrors.bucketsNotPositive(numBuckets);
    }
    return Math.abs(hash(keyRow) % numBuckets);
  }

  /**
   * Paimon's {@code 'bucket-function.type' = 'mod'} bucket of a bucket key of one INT or BIGINT
   * column: {@code floorMod(value, numBuckets)}. A NULL key is bucket 0 (Paimon reads the zeros of
   * its BinaryRow slot).
   */
  public static int modBucket(Object value, int numBuckets) {
    if (numBuckets <= 0) {
      throw OptionErrors.bucketsNotPositive(numBuckets);
    }
    if (value instanceof Integer i) {
      return Math.floorMod(i, numBuckets);
    }
    if (value instanceof Long l) {
      return (int) Math.floorMod(l, (long) numBuckets);
    }
    if (value == null) {
      return 0;
    }
    throw OptionErrors.modBucketKeyValue(value.getClass().getSimpleName());
  }

  /** The bucket of a bucket key given as canonical values. */
  public static int bucket(RowType keyType, Object[] key, int numBuckets) {
    return bucket(BinaryRowCodec.serialize(keyType, key), numBuckets);
  }

  /**
   * Paimon's hash code of a string value (its BinaryString): the UTF-8 bytes hashed as {@link
   * #murmur3} does, except that each byte after the last whole 4-byte word is mixed in on its own
   * (sign-extended), as Paimon's byte-wise hash does. Hash-ordered collections of strings (a
   * distinct {@code collect}) iterate in Paimon's order when their elements hash so.
   */
  public static int hashString(byte[] utf8) {
    int len = utf8.length;
    int h = SEED;
    int end = len & ~3;
    for (int i = 0; i < end; i += 4) {
      h = mixH(h, mixK(RowBytes.getInt(utf8, i)));
    }
    for (int i = end; i < len; i++) {
      h = mixH(h, mixK(utf8[i]));
    }
    return fmix(h ^ len);
  }

  /** MurmurHash3 x86_32 over little-endian 4-byte words of {@code b[off, off+len)}. */
  static int murmur3(byte[] b, int off, int len, int seed) {
    int h = seed;
    int end = off + (len & ~3);
    for (int i = off; i < end; i += 4) {
      h = mixH(h, mixK(RowBytes.getInt(b, i)));
    }
    // BinaryRows are multiples of 8 bytes, so this tail only serves general byte ranges.
    int tail = len & 3;
    if (tail > 0) {
      int k = 0;
      for (int i = tail - 1; i >= 0; i--) {
        k = (k << 8) | (b[end + i] & 0xff);
      }
      h ^= mixK(k);
    }
    return fmix(h ^ len);
  }

  private static int mixK(int k) {
    k *= C1;
    k = Integer.rotateLeft(k, 15);
    return k * C2;
  }

  private static int mixH(int h, int k) {
    h ^= k;
    h = Integer.rotateLeft(h, 13);
    return h * 5 + 0xe6546b64;
  }

  private static int fmix(int h) {
    h ^= h >>> 16;
    h *= 0x85ebca6b;
    h ^= h >>> 13;
    h *= 0xc2b2ae35;
    h ^= h >>> 16;
    return h;
  }
}

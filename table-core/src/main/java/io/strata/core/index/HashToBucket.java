package io.strata.core.index;

import java.util.Arrays;

/**
 * Which bucket holds each key hash of one partition: an open-addressing map from int to bucket id,
 * about 6 bytes a key, so a partition of millions of keys fits in a task's memory.
 */
final class HashToBucket {

  private static final short EMPTY = -1;

  private int[] keys;
  private short[] buckets;
  private int size;

  HashToBucket() {
    keys = new int[16];
    buckets = new short[16];
    Arrays.fill(buckets, EMPTY);
  }

  int size() {
    return size;
  }

  /** The bucket of {@code hash}, or -1 when no key with that hash is indexed. */
  int get(int hash) {
    int slot = slot(hash, keys.length);
    while (buckets[slot] != EMPTY) {
      if (keys[slot] == hash) {
        return buckets[slot];
      }
      slot = (slot + 1) & (keys.length - 1);
    }
    return -1;
  }

  /** Maps {@code hash} to {@code bucket}, replacing what it mapped to. */
  void put(int hash, int bucket) {
    if ((size + 1) * 4L > keys.length * 3L) {
      grow();
    }
    int slot = slot(hash, keys.length);
    while (buckets[slot] != EMPTY) {
      if (keys[slot] == hash) {
        buckets[slot] = (short) bucket;
        return;
      }
      slot = (slot + 1) & (keys.length - 1);
    }
    keys[slot] = hash;
    buckets[slot] = (short) bucket;
    size++;
  }

  /** The hashes mapped to {@code bucket}, in table order. */
  int[] hashesOf(int bucket) {
    int count = 0;
    for (short b : buckets) {
      if (b == bucket) {
        count++;
      }
    }
    int[] result = new int[count];
    int i = 0;
    for (int slot = 0; slot < keys.length; slot++) {
      if (buckets[slot] == bucket) {
        result[i++] = keys[slot];
      }
    }
    return result;
  }

  private void grow() {
    int[] oldKeys = keys;
    short[] oldBuckets = buckets;
    keys = new int[oldKeys.length * 2];
    buckets = new short[oldKeys.length * 2];
    Arrays.fill(buckets, EMPTY);
    size = 0;
    for (int i = 0; i < oldKeys.length; i++) {
      if (oldBuckets[i] != EMPTY) {
        put(oldKeys[i], oldBuckets[i]);
      }
    }
  }

  private static int slot(int hash, int capacity) {
    // Key hashes are already murmur-mixed; one more mix spreads adversarial low bits.
    int h = hash * 0x9E3779B9;
    return (h ^ (h >>> 16)) & (capacity - 1);
  }
}

package io.strata.core.index;

import io.strata.core.errors.CoreErrors;
import io.strata.core.manifest.IndexFileMeta;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The buckets of one partition of a dynamic-bucket table and the key hashes each holds, as Paimon
 * assigns them: a known hash stays in its bucket; a new one joins the lowest bucket holding fewer
 * than {@code dynamic-bucket.target-row-num} keys, else opens the lowest free bucket id; once
 * {@code dynamic-bucket.max-buckets} are open and full, it joins an existing bucket picked by the
 * hash.
 *
 * <p>Example, target 2: buckets {0: [h1, h2], 1: [h3]}; h2 → 0 (known), h4 → 1 (1 is not full), h5
 * → 2 (0 and 1 are full, so bucket 2 opens).
 */
public final class PartitionBucketIndex {

  private final long targetRowNum;
  private final int maxBuckets;
  private final HashToBucket hashes = new HashToBucket();
  private final TreeMap<Integer, Long> keysPerBucket = new TreeMap<>();
  private final Map<Integer, IndexFileMeta> baseFiles = new HashMap<>();
  private final Set<Integer> changed = new HashSet<>();
  private final Map<Integer, List<Integer>> sharedHashes = new HashMap<>();

  /**
   * @param maxBuckets the most buckets this partition may open, or -1 for no limit
   */
  public PartitionBucketIndex(long targetRowNum, int maxBuckets) {
    this.targetRowNum = targetRowNum;
    this.maxBuckets = maxBuckets;
  }

  /** Adds the hashes of {@code bucket}'s live index file, which a rewrite of it replaces. */
  public void restore(int bucket, IndexFileMeta file, int[] fileHashes) {
    baseFiles.put(bucket, file);
    keysPerBucket.merge(bucket, (long) fileHashes.length, Long::sum);
    for (int h : fileHashes) {
      int other = hashes.get(h);
      if (other >= 0 && other != bucket) {
        // Two keys with one hash in two buckets (written by another tool): the first bucket
        // takes new rows of that hash, and this bucket's rewritten file still lists it.
        sharedHashes.computeIfAbsent(bucket, b -> new ArrayList<>()).add(h);
      } else {
        hashes.put(h, bucket);
      }
    }
  }

  /** The bucket of a key with hash {@code hash}; records it in the index when new. */
  public int assign(int hash) {
    int known = hashes.get(hash);
    if (known >= 0) {
      return known;
    }
    int bucket = bucketForNewKey(hash);
    hashes.put(hash, bucket);
    keysPerBucket.merge(bucket, 1L, Long::sum);
    changed.add(bucket);
    return bucket;
  }

  private int bucketForNewKey(int hash) {
    for (Map.Entry<Integer, Long> e : keysPerBucket.entrySet()) {
      if (e.getValue() < targetRowNum) {
        return e.getKey();
      }
    }
    int limit = maxBuckets == -1 ? Short.MAX_VALUE : maxBuckets;
    for (int b = 0; b < limit; b++) {
      if (!keysPerBucket.containsKey(b)) {
        return b;
      }
    }
    if (maxBuckets == -1) {
      throw CoreErrors.tooManyDynamicBuckets(limit, targetRowNum);
    }
    Integer[] open = keysPerBucket.keySet().toArray(new Integer[0]);
    return open[Math.floorMod(hash, open.length)];
  }

  /** The buckets that took new keys since the index was restored. */
  public Set<Integer> changedBuckets() {
    return Set.copyOf(changed);
  }

  /** Every key hash of {@code bucket}: what its new index file holds. */
  public int[] hashesOf(int bucket) {
    int[] own = hashes.hashesOf(bucket);
    List<Integer> shared = sharedHashes.getOrDefault(bucket, List.of());
    int[] all = Arrays.copyOf(own, own.length + shared.size());
    for (int i = 0; i < shared.size(); i++) {
      all[own.length + i] = shared.get(i);
    }
    return all;
  }

  /** The live index file of {@code bucket} the index was restored from, or null when new. */
  public IndexFileMeta baseFile(int bucket) {
    return baseFiles.get(bucket);
  }
}

package io.strata.core.split;

import io.strata.core.manifest.DataFileMeta;
import java.util.List;

/**
 * Groups splits into read tasks, so that a table of many small partitions or buckets does not start
 * one task per bucket. A split stays whole (a merge needs all its files in one task); the weight of
 * a split is the sum of {@code max(fileSize, openFileCost)} of its files.
 *
 * <p>As Spark's own file sources do, the target shrinks when the scan is small so that every core
 * gets work: {@code min(targetSize, max(openFileCost, totalWeight / parallelism))}.
 *
 * <p>Example (target 128 MB, open cost 4 MB, parallelism 2): 2,400 splits of 1 MB weigh 9,600 MB
 * and become 75 tasks of 32 splits; 10 splits of 1 MB weigh 40 MB, the target becomes 20 MB and
 * they become 2 tasks.
 */
public final class TaskPacking {

  private TaskPacking() {}

  public static List<List<DataSplit>> pack(
      List<DataSplit> splits, long targetSize, long openFileCost, int parallelism) {
    long total = 0;
    for (DataSplit s : splits) {
      total += weight(s, openFileCost);
    }
    long perCore = total / Math.max(1, parallelism);
    long target = Math.min(targetSize, Math.max(openFileCost, perCore));
    return OrderedPacking.pack(splits, s -> weight(s, openFileCost), target);
  }

  static long weight(DataSplit split, long openFileCost) {
    long w = 0;
    for (DataFileMeta f : split.files()) {
      w += Math.max(f.fileSize(), openFileCost);
    }
    return w;
  }
}

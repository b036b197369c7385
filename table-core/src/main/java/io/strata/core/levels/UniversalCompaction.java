package io.strata.core.levels;

import io.strata.core.manifest.DataFileMeta;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;

/**
 * Picks what to compact in one bucket of a primary-key table, as Paimon's universal compaction
 * does. Sorted runs are each level-0 file (newest first) then each non-empty level. With at least
 * {@code num-sorted-run.compaction-trigger} runs: (1) when all runs but the oldest weigh more than
 * {@code compaction.max-size-amplification-percent} of the oldest, compact everything; else (2)
 * grow a candidate from the newest run while the next run is not much bigger ({@code
 * compaction.size-ratio} percent) and compact it if it has two runs or more; else (3) compact the
 * newest runs beyond the trigger (growing them by size ratio too). The output level is just above
 * the next run left alone (never level 0), or the top level when every run is included.
 *
 * <p>Example (trigger 5, size ratio 1): runs of 1, 1, 1, 1 MB at level 0 and 100 MB at level 5: the
 * four small runs merge into level 4 and the 100 MB run is left alone.
 */
public final class UniversalCompaction {

  private final int maxLevel;
  private final int trigger;
  private final int maxSizeAmplificationPercent;
  private final int sizeRatio;

  public UniversalCompaction(
      int maxLevel, int trigger, int maxSizeAmplificationPercent, int sizeRatio) {
    this.maxLevel = maxLevel;
    this.trigger = trigger;
    this.maxSizeAmplificationPercent = maxSizeAmplificationPercent;
    this.sizeRatio = sizeRatio;
  }

  /** One sorted run: a level-0 file, or all files of one higher level. */
  record SortedRun(int level, List<DataFileMeta> files) {
    long size() {
      return files.stream().mapToLong(DataFileMeta::fileSize).sum();
    }
  }

  static List<SortedRun> runs(List<DataFileMeta> files) {
    List<SortedRun> runs = new ArrayList<>();
    List<DataFileMeta> levelZero = new ArrayList<>();
    TreeMap<Integer, List<DataFileMeta>> levels = new TreeMap<>();
    for (DataFileMeta f : files) {
      if (f.level() == 0) {
        levelZero.add(f);
      } else {
        levels.computeIfAbsent(f.level(), k -> new ArrayList<>()).add(f);
      }
    }
    levelZero.sort(Comparator.comparingLong(DataFileMeta::maxSequenceNumber).reversed());
    levelZero.forEach(f -> runs.add(new SortedRun(0, List.of(f))));
    levels.forEach((level, fs) -> runs.add(new SortedRun(level, fs)));
    return runs;
  }

  /** The sorted runs of a bucket with these files: each level-0 file plus each other level. */
  public static int sortedRunCount(List<DataFileMeta> files) {
    return runs(files).size();
  }

  /** What to compact in a bucket with these files, or null when it is fine as it is. */
  public CompactUnit pick(List<DataFileMeta> files) {
    List<SortedRun> runs = runs(files);
    if (runs.size() < trigger) {
      return null;
    }
    long newer = 0;
    for (int i = 0; i < runs.size() - 1; i++) {
      newer += runs.get(i).size();
    }
    long oldest = runs.get(runs.size() - 1).size();
    if (newer * 100 > (long) maxSizeAmplificationPercent * oldest) {
      return unit(runs, runs.size());
    }
    CompactUnit bySizeRatio = pickBySizeRatio(runs, 1);
    if (bySizeRatio != null) {
      return bySizeRatio;
    }
    if (runs.size() > trigger) {
      return pickBySizeRatio(runs, runs.size() - trigger + 1);
    }
    return null;
  }

  /**
   * What lookup-based writers (deletion vectors) compact: the universal pick, or else every level-0
   * file (grown by size ratio into the next runs) so that no level-0 file is left, as Paimon's
   * force-up-level-0 compaction does; null when level 0 is empty and nothing else is due.
   */
  public CompactUnit pickForcingUpLevel0(List<DataFileMeta> files) {
    CompactUnit picked = pick(files);
    if (picked != null) {
      return picked;
    }
    List<SortedRun> runs = runs(files);
    int levelZero = (int) runs.stream().filter(r -> r.level() == 0).count();
    if (levelZero == 0) {
      return null;
    }
    return unit(runs, grownBySizeRatio(runs, levelZero));
  }

  private CompactUnit pickBySizeRatio(List<SortedRun> runs, int initialCount) {
    int count = grownBySizeRatio(runs, initialCount);
    return count > 1 ? unit(runs, count) : null;
  }

  /** How many runs a candidate of the first {@code initialCount} grows to by size ratio. */
  private int grownBySizeRatio(List<SortedRun> runs, int initialCount) {
    int count = initialCount;
    long candidate = 0;
    for (int i = 0; i < count; i++) {
      candidate += runs.get(i).size();
    }
    for (int i = count; i < runs.size(); i++) {
      long next = runs.get(i).size();
      if (candidate * (100.0 + sizeRatio) / 100.0 < next) {
        break;
      }
      candidate += next;
      count++;
    }
    return count;
  }

  private CompactUnit unit(List<SortedRun> runs, int count) {
    int outputLevel = count == runs.size() ? maxLevel : Math.max(0, runs.get(count).level() - 1);
    // Never write level 0 as the output: absorb the following level-0 runs instead.
    while (outputLevel == 0 && count < runs.size()) {
      count++;
      outputLevel = count == runs.size() ? maxLevel : Math.max(0, runs.get(count).level() - 1);
    }
    List<DataFileMeta> files = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      files.addAll(runs.get(i).files());
    }
    int highestLevel = runs.get(runs.size() - 1).level();
    boolean dropDeletes = outputLevel >= highestLevel || count == runs.size();
    return new CompactUnit(files, outputLevel, dropDeletes);
  }
}

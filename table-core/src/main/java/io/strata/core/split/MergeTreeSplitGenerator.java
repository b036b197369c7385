package io.strata.core.split;

import io.strata.core.data.BinaryRowCodec;
import io.strata.core.data.ValueComparator;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * Splits of a primary-key bucket. When the files are raw-convertible (every file above level 0,
 * none with possible deletes, and all on one level, or first-row, or deletion vectors) they pack
 * like append files and are read without merging. Otherwise files are grouped into sections of
 * transitively overlapping key ranges; sections are packed in key order and never split, since a
 * key must meet all of its versions in one reader.
 *
 * <p>Example (target 128 MB): files [1..10] 60 MB, [5..20] 60 MB, [30..40] 60 MB, [35..50] 60 MB
 * form sections {A,B} (120 MB) and {C,D} (120 MB): two splits.
 */
public final class MergeTreeSplitGenerator implements SplitGenerator {

  private final Comparator<Object[]> keyOrder;
  private final RowType keyType;
  private final long targetSplitSize;
  private final long openFileCost;
  private final boolean levelsNeverOverlapKeys;

  /**
   * @param levelsNeverOverlapKeys true for first-row tables or deletion vectors, where files on
   *     different levels can be read without merging
   */
  public MergeTreeSplitGenerator(
      RowType keyType, long targetSplitSize, long openFileCost, boolean levelsNeverOverlapKeys) {
    this.keyType = keyType;
    this.keyOrder = ValueComparator.ofRow(keyType);
    this.targetSplitSize = targetSplitSize;
    this.openFileCost = openFileCost;
    this.levelsNeverOverlapKeys = levelsNeverOverlapKeys;
  }

  @Override
  public List<SplitGroup> split(List<DataFileMeta> files) {
    if (rawConvertible(files)) {
      List<SplitGroup> groups = new ArrayList<>();
      for (List<DataFileMeta> bin : OrderedPacking.pack(files, this::weight, targetSplitSize)) {
        groups.add(new SplitGroup(bin, true));
      }
      return groups;
    }
    List<List<DataFileMeta>> sections = sections(files);
    List<SplitGroup> groups = new ArrayList<>();
    for (List<List<DataFileMeta>> bin :
        OrderedPacking.pack(
            sections, s -> s.stream().mapToLong(this::weight).sum(), targetSplitSize)) {
      List<DataFileMeta> split = new ArrayList<>();
      bin.forEach(split::addAll);
      boolean single = split.size() == 1 && Long.valueOf(0).equals(split.get(0).deleteRowCount());
      groups.add(new SplitGroup(split, single));
    }
    return groups;
  }

  private long weight(DataFileMeta f) {
    return Math.max(f.fileSize(), openFileCost);
  }

  /** The ERRATA rule for reading a bucket without merging. */
  boolean rawConvertible(List<DataFileMeta> files) {
    Set<Integer> levels = new java.util.HashSet<>();
    for (DataFileMeta f : files) {
      if (f.level() == 0 || f.deleteRowCount() == null || f.deleteRowCount() > 0) {
        return false;
      }
      levels.add(f.level());
    }
    return levels.size() <= 1 || levelsNeverOverlapKeys;
  }

  /** Groups files into sections of transitively overlapping key ranges, in key order. */
  List<List<DataFileMeta>> sections(List<DataFileMeta> files) {
    List<KeyRange> ranges = new ArrayList<>();
    for (DataFileMeta f : files) {
      ranges.add(
          new KeyRange(
              f,
              BinaryRowCodec.deserialize(keyType, f.minKey()),
              BinaryRowCodec.deserialize(keyType, f.maxKey())));
    }
    ranges.sort(
        (a, b) -> {
          int c = keyOrder.compare(a.min(), b.min());
          return c != 0 ? c : keyOrder.compare(a.max(), b.max());
        });
    List<List<DataFileMeta>> sections = new ArrayList<>();
    List<DataFileMeta> section = new ArrayList<>();
    Object[] sectionMax = null;
    for (KeyRange r : ranges) {
      if (sectionMax != null && keyOrder.compare(r.min(), sectionMax) > 0) {
        sections.add(section);
        section = new ArrayList<>();
        sectionMax = null;
      }
      section.add(r.file());
      if (sectionMax == null || keyOrder.compare(r.max(), sectionMax) > 0) {
        sectionMax = r.max();
      }
    }
    if (!section.isEmpty()) {
      sections.add(section);
    }
    return sections;
  }

  private record KeyRange(DataFileMeta file, Object[] min, Object[] max) {}
}

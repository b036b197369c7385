package io.strata.core.read;

import io.strata.core.data.BinaryRowCodec;
import io.strata.core.data.ValueComparator;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Groups the files of a merge into runs of files whose key ranges do not overlap, each in key
 * order. A merge reads a run's files one after the other, so it holds one row group per run in
 * memory, not one per file (a level above 0 is one such run, however many files it has).
 */
public final class SortedRuns {

  private SortedRuns() {}

  /** The runs of {@code files} as positions in it, each run in key order. */
  public static List<List<Integer>> of(List<DataFileMeta> files, RowType keyType) {
    Comparator<Object[]> keyOrder = ValueComparator.ofRow(keyType);
    List<Object[]> minKeys = new ArrayList<>();
    for (DataFileMeta f : files) {
      minKeys.add(BinaryRowCodec.deserialize(keyType, f.minKey()));
    }
    Integer[] byMinKey = new Integer[files.size()];
    for (int i = 0; i < byMinKey.length; i++) {
      byMinKey[i] = i;
    }
    Arrays.sort(byMinKey, (a, b) -> keyOrder.compare(minKeys.get(a), minKeys.get(b)));
    List<List<Integer>> runs = new ArrayList<>();
    List<Object[]> runMaxKeys = new ArrayList<>();
    for (int i : byMinKey) {
      int run = 0;
      while (run < runs.size() && keyOrder.compare(runMaxKeys.get(run), minKeys.get(i)) >= 0) {
        run++;
      }
      if (run == runs.size()) {
        runs.add(new ArrayList<>());
        runMaxKeys.add(null);
      }
      runs.get(run).add(i);
      runMaxKeys.set(run, BinaryRowCodec.deserialize(keyType, files.get(i).maxKey()));
    }
    return runs;
  }
}

package io.strata.core.split;

import io.strata.core.manifest.DataFileMeta;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Splits of an append table: files in write order (min sequence number), packed in order with
 * weight {@code max(fileSize, openFileCost)} against the target split size.
 *
 * <p>Example (target 128 MB, open cost 4 MB): 100/80/200/60/150 MB give five splits; 40/30/50/
 * 35/60/45 MB give [40 30 50] [35 60] [45].
 */
public final class AppendOnlySplitGenerator implements SplitGenerator {

  private final long targetSplitSize;
  private final long openFileCost;

  public AppendOnlySplitGenerator(long targetSplitSize, long openFileCost) {
    this.targetSplitSize = targetSplitSize;
    this.openFileCost = openFileCost;
  }

  @Override
  public List<SplitGroup> split(List<DataFileMeta> files) {
    List<DataFileMeta> ordered = new ArrayList<>(files);
    ordered.sort(Comparator.comparingLong(DataFileMeta::minSequenceNumber));
    List<SplitGroup> groups = new ArrayList<>();
    for (List<DataFileMeta> bin :
        OrderedPacking.pack(ordered, f -> Math.max(f.fileSize(), openFileCost), targetSplitSize)) {
      groups.add(new SplitGroup(bin, true));
    }
    return groups;
  }
}

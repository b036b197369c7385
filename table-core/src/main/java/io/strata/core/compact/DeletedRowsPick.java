package io.strata.core.compact;

import io.strata.core.deletion.DeletionFile;
import io.strata.core.levels.CompactStrategy;
import io.strata.core.levels.CompactUnit;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.options.TableOptions;
import io.strata.core.store.FileStore;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Adds to an append bucket's compaction the files whose deletion vectors hide enough rows: every
 * file with a vector for a full compaction, those at or above {@code
 * compaction.delete-ratio-threshold} of their rows otherwise, so compaction also reclaims deleted
 * rows (a lone file included) as Paimon's append compaction does.
 *
 * <p>Example: threshold 0.2, files a (100 rows, 30 deleted) and b (100 rows, 5 deleted), no small
 * file run: a minor compaction rewrites a alone, a full one a and b.
 */
final class DeletedRowsPick {

  private final double threshold;

  DeletedRowsPick(FileStore table) {
    this.threshold = table.options().get(TableOptions.COMPACTION_DELETE_RATIO_THRESHOLD);
  }

  /**
   * @param unit what the size-based pick chose, or null
   * @param vectors the bucket's deletion files by data file name
   * @return the unit with the files to reclaim added, or null when there is nothing to do
   */
  CompactUnit pick(
      CompactStrategy strategy,
      CompactUnit unit,
      List<DataFileMeta> files,
      Map<String, DeletionFile> vectors) {
    Map<String, DataFileMeta> picked = new LinkedHashMap<>();
    if (unit != null) {
      unit.files().forEach(f -> picked.put(f.fileName(), f));
    }
    for (DataFileMeta f : files) {
      DeletionFile vector = vectors.get(f.fileName());
      if (vector != null && reclaims(strategy, vector, f)) {
        picked.putIfAbsent(f.fileName(), f);
      }
    }
    if (picked.isEmpty() || strategy == CompactStrategy.AUTO && unit == null) {
      return unit;
    }
    List<DataFileMeta> ordered = new ArrayList<>(picked.values());
    ordered.sort(Comparator.comparingLong(DataFileMeta::minSequenceNumber));
    return new CompactUnit(ordered, 0, true);
  }

  private boolean reclaims(CompactStrategy strategy, DeletionFile vector, DataFileMeta file) {
    if (strategy == CompactStrategy.FULL) {
      return true;
    }
    // A vector without a recorded cardinality counts as reaching any threshold.
    long deleted = vector.cardinality() == null ? file.rowCount() : vector.cardinality();
    return file.rowCount() == 0 || (double) deleted / file.rowCount() >= threshold;
  }
}

package io.strata.core.commit;

import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.FileSource;
import io.strata.core.manifest.ManifestEntry;
import java.util.ArrayList;
import java.util.List;

/**
 * What a commit to a row-tracking table ({@code row-tracking.enabled}) writes into its delta, as
 * Paimon 1.3.1's {@code FileStoreCommitImpl} does: every entry gets the new snapshot's id as its
 * sequence numbers, and each file a writer added ({@code APPEND} source, no row ids yet) gets the
 * next free row ids, in delta order, from the latest snapshot's {@code nextRowId} on.
 *
 * <p>Example: {@code nextRowId} 10, snapshot 4 adds files of 3 and 5 rows: their first row ids are
 * 10 and 13, both files' sequence numbers are 4, and snapshot 4's {@code nextRowId} is 18.
 *
 * @param delta the entries to write
 * @param nextRowId the new snapshot's {@code nextRowId}
 */
record RowTrackingAssignment(List<ManifestEntry> delta, long nextRowId) {

  static RowTrackingAssignment of(List<ManifestEntry> delta, long snapshotId, long nextRowId) {
    List<ManifestEntry> assigned = new ArrayList<>(delta.size());
    long next = nextRowId;
    for (ManifestEntry e : delta) {
      DataFileMeta file = e.file().withSequenceNumbers(snapshotId, snapshotId);
      if (file.fileSource() == FileSource.APPEND && file.firstRowId() == null) {
        file = file.withFirstRowId(next);
        next += file.rowCount();
      }
      assigned.add(new ManifestEntry(e.kind(), e.partition(), e.bucket(), e.totalBuckets(), file));
    }
    return new RowTrackingAssignment(assigned, next);
  }
}

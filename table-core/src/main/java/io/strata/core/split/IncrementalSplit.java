package io.strata.core.split;

import io.strata.core.deletion.DeletionFile;
import io.strata.core.manifest.DataFileMeta;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What one task of a batch incremental read reads from one (partition, bucket).
 *
 * @param after the files whose records are the changes ({@code diff} false), or the bucket's files
 *     of the later version that the earlier one does not have ({@code diff} true)
 * @param beforeFiles with {@code diff}: the bucket's files of the earlier version that the later
 *     one does not have; else empty
 * @param beforeDeletionFiles aligned with {@code beforeFiles}, or empty when none has a vector
 * @param diff whether the rows are compared key by key with the earlier version's
 */
public record IncrementalSplit(
    DataSplit after,
    List<DataFileMeta> beforeFiles,
    List<DeletionFile> beforeDeletionFiles,
    boolean diff)
    implements Serializable {

  public IncrementalSplit {
    beforeFiles = List.copyOf(beforeFiles);
    // Holds nulls (files without a vector), so not List.copyOf.
    beforeDeletionFiles = Collections.unmodifiableList(new ArrayList<>(beforeDeletionFiles));
  }

  /** The records of {@code files}, each as written. */
  public static IncrementalSplit changes(DataSplit files) {
    return new IncrementalSplit(files, List.of(), List.of(), false);
  }

  /** The earlier version's files of the bucket, as a split to merge. */
  public DataSplit before() {
    return new DataSplit(
        after.snapshotId(),
        after.partition(),
        after.bucket(),
        after.totalBuckets(),
        beforeFiles,
        false,
        beforeDeletionFiles);
  }

  public long fileSize() {
    long n = after.fileSize();
    for (DataFileMeta f : beforeFiles) {
      n += f.fileSize();
    }
    return n;
  }
}

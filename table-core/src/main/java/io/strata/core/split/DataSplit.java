package io.strata.core.split;

import io.strata.core.data.BinaryRow;
import io.strata.core.deletion.DeletionFile;
import io.strata.core.manifest.DataFileMeta;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Files of one (partition, bucket) read together by one task.
 *
 * @param rawConvertible the files can be read one after another without merging
 * @param deletionFiles empty when no file has a deletion vector; else aligned with {@code files},
 *     each the file's deletion vector or null when none of its rows is deleted
 */
public record DataSplit(
    long snapshotId,
    BinaryRow partition,
    int bucket,
    int totalBuckets,
    List<DataFileMeta> files,
    boolean rawConvertible,
    List<DeletionFile> deletionFiles)
    implements Serializable {

  public DataSplit {
    files = List.copyOf(files);
    // Holds nulls (files without a vector), so not List.copyOf.
    deletionFiles = Collections.unmodifiableList(new ArrayList<>(deletionFiles));
    if (!deletionFiles.isEmpty() && deletionFiles.size() != files.size()) {
      throw new IllegalStateException(
          deletionFiles.size() + " deletion files for " + files.size() + " data files");
    }
  }

  /** A split none of whose files has deleted rows. */
  public DataSplit(
      long snapshotId,
      BinaryRow partition,
      int bucket,
      int totalBuckets,
      List<DataFileMeta> files,
      boolean rawConvertible) {
    this(snapshotId, partition, bucket, totalBuckets, files, rawConvertible, List.of());
  }

  /** The deletion vector of {@code files().get(index)}, or null when it has none. */
  public DeletionFile deletionFile(int index) {
    return deletionFiles.isEmpty() ? null : deletionFiles.get(index);
  }

  /** Whether any file of the split has deleted rows. */
  public boolean hasDeletionFiles() {
    for (DeletionFile f : deletionFiles) {
      if (f != null) {
        return true;
      }
    }
    return false;
  }

  public long rowCount() {
    long n = 0;
    for (DataFileMeta f : files) {
      n += f.rowCount();
    }
    return n;
  }

  public long fileSize() {
    long n = 0;
    for (DataFileMeta f : files) {
      n += f.fileSize();
    }
    return n;
  }
}

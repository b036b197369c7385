package io.strata.core.split;

import io.strata.core.data.BinaryRow;
import io.strata.core.manifest.DataFileMeta;
import java.io.Serializable;
import java.util.List;

/**
 * Files of one (partition, bucket) read together by one task.
 *
 * @param rawConvertible the files can be read one after another without merging
 */
public record DataSplit(
    long snapshotId,
    BinaryRow partition,
    int bucket,
    int totalBuckets,
    List<DataFileMeta> files,
    boolean rawConvertible)
    implements Serializable {

  public DataSplit {
    files = List.copyOf(files);
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

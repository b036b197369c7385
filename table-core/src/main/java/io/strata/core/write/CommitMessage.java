package io.strata.core.write;

import io.strata.core.data.BinaryRow;
import io.strata.core.manifest.DataFileMeta;
import java.io.Serializable;
import java.util.List;

/**
 * What one writer changed in one (partition, bucket): files it added and files it replaced
 * (copy-on-write rewrites and compactions). Sent from executors to the driver's commit.
 */
public record CommitMessage(
    BinaryRow partition,
    int bucket,
    int totalBuckets,
    List<DataFileMeta> newFiles,
    List<DataFileMeta> deletedFiles)
    implements Serializable {

  public CommitMessage {
    newFiles = List.copyOf(newFiles);
    deletedFiles = List.copyOf(deletedFiles);
  }

  public boolean isEmpty() {
    return newFiles.isEmpty() && deletedFiles.isEmpty();
  }
}

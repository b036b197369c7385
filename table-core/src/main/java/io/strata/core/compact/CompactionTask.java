package io.strata.core.compact;

import io.strata.core.data.BinaryRow;
import io.strata.core.levels.CompactStrategy;
import io.strata.core.levels.CompactUnit;
import io.strata.core.store.FileStore;
import io.strata.core.write.BucketCompactor;
import io.strata.core.write.BucketId;
import io.strata.core.write.CommitMessage;
import java.io.Serializable;

/**
 * One planned compaction of one (partition, bucket): the files picked under {@code strategy} and
 * where they go. Planned in the driver from manifests alone and run wherever the data is (a Spark
 * task, or the driver's serial path).
 */
public record CompactionTask(
    BinaryRow partition, int bucket, int totalBuckets, CompactStrategy strategy, CompactUnit unit)
    implements Serializable {

  public BucketId bucketId() {
    return new BucketId(partition, bucket);
  }

  /** Rewrites the unit's files through {@code table}'s file IO; the compaction to commit. */
  public CommitMessage run(FileStore table) {
    BucketId id = bucketId();
    return CommitMessage.compaction(
        id, totalBuckets, unit.files(), new BucketCompactor(table).rewrite(id, totalBuckets, unit));
  }
}

package io.strata.core.compact;

import io.strata.core.data.BinaryRow;
import io.strata.core.deletion.BucketDeletionVectors;
import io.strata.core.levels.CompactStrategy;
import io.strata.core.levels.CompactUnit;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.store.FileStore;
import io.strata.core.write.BucketCompactor;
import io.strata.core.write.BucketId;
import io.strata.core.write.CommitMessage;
import io.strata.core.write.DeletionVectorCommits;
import io.strata.core.write.RestoredDeletionVectors;
import java.io.Serializable;
import java.util.List;

/**
 * One planned compaction of one (partition, bucket): the files picked under {@code strategy} and
 * where they go. Planned in the driver from manifests alone and run wherever the data is (a Spark
 * task, or the driver's serial path).
 */
public record CompactionTask(
    BinaryRow partition,
    int bucket,
    int totalBuckets,
    CompactStrategy strategy,
    CompactUnit unit,
    DeletionVectorBase deletionVectors)
    implements Serializable {

  /**
   * What a compaction of a key bucket with deletion vectors needs besides its unit: the snapshot
   * whose vectors it starts from, and the bucket's other live files, whose rows it may supersede.
   */
  public record DeletionVectorBase(long snapshotId, List<DataFileMeta> others)
      implements Serializable {
    public DeletionVectorBase {
      others = List.copyOf(others);
    }
  }

  /** A task of a table without deletion vectors. */
  public CompactionTask(
      BinaryRow partition,
      int bucket,
      int totalBuckets,
      CompactStrategy strategy,
      CompactUnit unit) {
    this(partition, bucket, totalBuckets, strategy, unit, null);
  }

  public BucketId bucketId() {
    return new BucketId(partition, bucket);
  }

  /** Rewrites the unit's files through {@code table}'s file IO; the compaction to commit. */
  public CommitMessage run(FileStore table) {
    BucketId id = bucketId();
    if (deletionVectors == null) {
      return CommitMessage.compaction(
          id,
          totalBuckets,
          unit.files(),
          new BucketCompactor(table).rewrite(id, totalBuckets, unit));
    }
    BucketDeletionVectors vectors =
        RestoredDeletionVectors.of(table, deletionVectors.snapshotId(), id);
    List<DataFileMeta> after =
        new BucketCompactor(table)
            .rewrite(id, totalBuckets, unit, deletionVectors.others(), vectors);
    return DeletionVectorCommits.compaction(table, id, totalBuckets, unit.files(), after, vectors);
  }
}

package io.strata.core.compact;

import io.strata.core.data.BinaryRow;
import io.strata.core.deletion.BucketDeletionVectors;
import io.strata.core.deletion.DeletionFileIndex;
import io.strata.core.deletion.DeletionVectorChange;
import io.strata.core.deletion.DeletionVectorIndexFile;
import io.strata.core.levels.CompactStrategy;
import io.strata.core.levels.CompactUnit;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.options.TableOptions;
import io.strata.core.store.FileStore;
import io.strata.core.write.BucketCompactor;
import io.strata.core.write.BucketId;
import io.strata.core.write.CommitMessage;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
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
    LookupBase lookupBase)
    implements Serializable {

  /**
   * What a lookup compaction of a key bucket (deletion vectors, {@code changelog-producer} lookup,
   * {@code force-lookup}) needs besides its unit: the snapshot whose vectors it starts from, and
   * the bucket's other live files, where it looks up older rows of its keys.
   */
  public record LookupBase(long snapshotId, List<DataFileMeta> others) implements Serializable {
    public LookupBase {
      others = List.copyOf(others);
    }
  }

  /** A task that looks nothing up. */
  public CompactionTask(
      BinaryRow partition,
      int bucket,
      int totalBuckets,
      CompactStrategy strategy,
      CompactUnit unit) {
    this(partition, bucket, totalBuckets, strategy, unit, null);
  }

  /** The bytes of the files this task rewrites. */
  public long inputBytes() {
    long bytes = 0;
    for (DataFileMeta file : unit.files()) {
      bytes += file.fileSize();
    }
    return bytes;
  }

  /**
   * {@code tasks} in the order to hand them to a pool of workers: the largest first, so that the
   * last to start, which decide when the whole job ends, are the small ones (longest processing
   * time first). Equal sizes keep their planned order.
   */
  public static List<CompactionTask> largestFirst(List<CompactionTask> tasks) {
    List<CompactionTask> ordered = new ArrayList<>(tasks);
    ordered.sort(Comparator.comparingLong(CompactionTask::inputBytes).reversed());
    return ordered;
  }

  public BucketId bucketId() {
    return new BucketId(partition, bucket);
  }

  /** Rewrites the unit's files through {@code table}'s file IO; the compaction to commit. */
  public CommitMessage run(FileStore table) {
    BucketId id = bucketId();
    if (lookupBase != null) {
      return runByLookup(table, id);
    }
    if (table.schema().hasPrimaryKey()) {
      BucketCompactor.Compacted out =
          new BucketCompactor(table).rewriteKeys(id, totalBuckets, unit);
      return CommitMessage.compaction(id, totalBuckets, unit.files(), out.files())
          .withCompactChangelog(out.changelog());
    }
    if (!table.options().get(TableOptions.DELETION_VECTORS_ENABLED)) {
      return CommitMessage.compaction(
          id,
          totalBuckets,
          unit.files(),
          new BucketCompactor(table).rewrite(id, totalBuckets, unit));
    }
    // The vectors read and the ones dropped come from one snapshot; the commit fails if the
    // bucket's vectors changed since, so no row deleted meanwhile comes back.
    DeletionFileIndex index =
        DeletionFileIndex.of(
            table.snapshotManager().latest(), table.manifestFiles(), table.indexFilePaths());
    List<DataFileMeta> after =
        new BucketCompactor(table).withDeletions(index).rewrite(id, totalBuckets, unit);
    DeletionVectorChange change =
        BucketDeletionVectors.dropping(
            index,
            partition,
            bucket,
            unit.files().stream().map(DataFileMeta::fileName).toList(),
            table.deletionVectorIndexFile());
    return CommitMessage.compaction(id, totalBuckets, unit.files(), after, change);
  }

  /**
   * A key bucket compacted by lookup against the bucket's other files; with deletion vectors, those
   * of the planned snapshot, and the commit fails if they changed since.
   */
  private CommitMessage runByLookup(FileStore table, BucketId id) {
    if (!table.options().get(TableOptions.DELETION_VECTORS_ENABLED)) {
      BucketCompactor.Compacted out =
          new BucketCompactor(table)
              .rewriteByLookup(id, totalBuckets, unit, lookupBase.others(), null);
      return CommitMessage.compaction(id, totalBuckets, unit.files(), out.files())
          .withCompactChangelog(out.changelog());
    }
    DeletionVectorIndexFile indexFiles = table.deletionVectorIndexFile();
    BucketDeletionVectors vectors =
        BucketDeletionVectors.load(
            DeletionFileIndex.of(
                table.snapshotManager().snapshot(lookupBase.snapshotId()),
                table.manifestFiles(),
                table.indexFilePaths()),
            partition,
            bucket,
            indexFiles);
    BucketCompactor.Compacted out =
        new BucketCompactor(table)
            .rewriteByLookup(id, totalBuckets, unit, lookupBase.others(), vectors);
    return CommitMessage.compaction(
            id, totalBuckets, unit.files(), out.files(), vectors.write(indexFiles))
        .withCompactChangelog(out.changelog());
  }
}

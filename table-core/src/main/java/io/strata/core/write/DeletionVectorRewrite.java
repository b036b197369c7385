package io.strata.core.write;

import io.strata.core.deletion.BucketDeletionVectors;
import io.strata.core.levels.CompactUnit;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.merge.KeyValue;
import io.strata.core.options.MergeEngine;
import io.strata.core.options.TableOptions;
import io.strata.core.read.MergeSplitReader;
import io.strata.core.split.DataSplit;
import io.strata.core.store.FileStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * Rewrites one {@link CompactUnit} of a key bucket with deletion vectors, as Paimon's lookup
 * compaction does: the unit's files are merged with their vectors applied; each merged key is
 * looked up in the bucket's other files above level 0 ({@link LevelLookup}), and the older row
 * found there is marked deleted in its file's vector and, for merge engines that build on the old
 * row (partial-update, aggregation, a {@code sequence.field}), merged in before the new records.
 * Deletes are dropped at every output level: the rows they retract are marked instead. The unit's
 * files lose their vectors, since they are rewritten.
 *
 * <p>So every key has at most one live row above level 0, and a batch read takes each file of
 * levels above 0 as it is, with its vector, and needs no merge.
 */
final class DeletionVectorRewrite {

  /** Not a snapshot: the files come from a pick, not from a scan. */
  private static final long NO_SNAPSHOT = -1;

  private final FileStore table;
  private final CompactionRewriter rewriter;
  private final boolean mergesOldRow;

  DeletionVectorRewrite(FileStore table, CompactionRewriter rewriter) {
    this.table = table;
    this.rewriter = rewriter;
    // Deduplicate keeps the newest record: the old row only has to be marked.
    this.mergesOldRow =
        table.options().get(TableOptions.MERGE_ENGINE) != MergeEngine.DEDUPLICATE
            || table.options().get(TableOptions.SEQUENCE_FIELD) != null;
  }

  /**
   * Writes the unit's files merged at its output level; marks superseded rows of {@code others}
   * (the bucket's files outside the unit) in {@code vectors}.
   */
  List<DataFileMeta> rewrite(
      BucketId bucket,
      int totalBuckets,
      CompactUnit unit,
      List<DataFileMeta> others,
      BucketDeletionVectors vectors) {
    List<DataFileMeta> files = unit.files();
    DataSplit split =
        new DataSplit(NO_SNAPSHOT, bucket.partition(), bucket.bucket(), totalBuckets, files, false);
    List<DataFileMeta> written;
    try (LevelLookup lookup =
            new LevelLookup(table, bucket, others, vectors::vector, mergesOldRow);
        MergeSplitReader reader =
            new MergeSplitReader(
                    table,
                    split,
                    table.schema().rowType(),
                    i -> vectors.vector(files.get(i).fileName()))
                .withOlderRecords(key -> older(lookup, key, vectors))
                .emittingKeyValues()) {
      written = rewriter.writeKeyValues(bucket, reader, unit.outputLevel());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    files.forEach(f -> vectors.removeDataFile(f.fileName()));
    return written;
  }

  private KeyValue older(LevelLookup lookup, Object[] key, BucketDeletionVectors vectors)
      throws IOException {
    LevelLookup.Found found = lookup.find(key);
    if (found == null) {
      return null;
    }
    vectors.delete(found.file().fileName(), found.position());
    return mergesOldRow ? found.record() : null;
  }
}

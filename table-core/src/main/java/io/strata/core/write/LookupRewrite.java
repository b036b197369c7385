package io.strata.core.write;

import io.strata.core.deletion.BucketDeletionVectors;
import io.strata.core.deletion.DeletionVector;
import io.strata.core.levels.CompactUnit;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.merge.KeyValue;
import io.strata.core.options.ChangelogProducer;
import io.strata.core.options.MergeEngine;
import io.strata.core.options.TableOptions;
import io.strata.core.read.MergeSplitReader;
import io.strata.core.split.DataSplit;
import io.strata.core.store.FileStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Rewrites one {@link CompactUnit} of a key bucket as Paimon's lookup compaction does: each merged
 * key without a row above level 0 in the unit is looked up in the bucket's other files above level
 * 0 ({@link LevelLookup}), and the row found there is merged in before the unit's records, so the
 * output row holds everything older.
 *
 * <p>With deletion vectors the row found is also marked deleted in its file's vector, deletes are
 * dropped at every output level (the rows they retract are marked instead) and the unit's files
 * lose their vectors: every key then has at most one live row above level 0. With {@code
 * changelog-producer} {@code lookup}, each key the unit has level-0 records of also gets its change
 * written as changelog ({@link CompactionChangelog}).
 */
final class LookupRewrite {

  /** Not a snapshot: the files come from a pick, not from a scan. */
  private static final long NO_SNAPSHOT = -1;

  /** What a rewrite wrote: its output and its changelog files (empty without a changelog). */
  record Written(List<DataFileMeta> files, List<DataFileMeta> changelog) {}

  private final FileStore table;
  private final CompactionRewriter rewriter;
  private final boolean producesChangelog;
  private final boolean mergesOldRow;

  LookupRewrite(FileStore table, CompactionRewriter rewriter) {
    this.table = table;
    this.rewriter = rewriter;
    this.producesChangelog = producesChangelog(table);
    // Deduplicate keeps the newest record: the old row only has to be marked, unless the changelog
    // needs it as the key's row before the compaction.
    this.mergesOldRow =
        producesChangelog
            || table.options().get(TableOptions.MERGE_ENGINE) != MergeEngine.DEDUPLICATE
            || table.options().get(TableOptions.SEQUENCE_FIELD) != null;
  }

  /** Whether compactions of level-0 files write changelog ({@code changelog-producer} lookup). */
  static boolean producesChangelog(FileStore table) {
    return table.schema().hasPrimaryKey()
        && table.options().get(TableOptions.CHANGELOG_PRODUCER) == ChangelogProducer.LOOKUP;
  }

  /**
   * Whether the table's compactions look up older rows: deletion vectors, {@code
   * changelog-producer} lookup or {@code force-lookup}.
   */
  static boolean mergesByLookup(FileStore table) {
    // Paimon's full-compaction changelog takes precedence: its compactions look nothing up.
    return table.schema().hasPrimaryKey()
        && table.options().get(TableOptions.CHANGELOG_PRODUCER) != ChangelogProducer.FULL_COMPACTION
        && (table.options().get(TableOptions.DELETION_VECTORS_ENABLED)
            || producesChangelog(table)
            || table.options().get(TableOptions.FORCE_LOOKUP));
  }

  /**
   * Writes the unit's files merged at its output level; with {@code vectors}, marks superseded rows
   * of {@code others} (the bucket's files outside the unit) there.
   */
  Written rewrite(
      BucketId bucket,
      int totalBuckets,
      CompactUnit unit,
      List<DataFileMeta> others,
      BucketDeletionVectors vectors) {
    List<DataFileMeta> files = unit.files();
    DataSplit split =
        new DataSplit(NO_SNAPSHOT, bucket.partition(), bucket.bucket(), totalBuckets, files, false);
    boolean changelog = producesChangelog && files.stream().anyMatch(f -> f.level() == 0);
    CompactionRewriter.ChangelogFiles changes =
        changelog ? rewriter.changelogFiles(bucket, unit.outputLevel()) : null;
    List<DataFileMeta> written;
    try (LevelLookup lookup =
            new LevelLookup(
                table,
                bucket,
                others,
                vectors == null ? name -> DeletionVector.EMPTY : vectors::vector,
                mergesOldRow);
        MergeSplitReader reader = reader(split, unit, vectors)) {
      reader.withOlderRecords(key -> older(lookup, key, vectors));
      if (changes != null) {
        reader.producingChangelog(new CompactionChangelog(table.options(), changes));
      }
      written = rewriter.writeKeyValues(bucket, reader, unit.outputLevel());
    } catch (IOException | RuntimeException e) {
      if (changes != null) {
        changes.abort();
      }
      if (e instanceof IOException io) {
        throw new UncheckedIOException(io);
      }
      throw (RuntimeException) e;
    }
    if (vectors != null) {
      files.forEach(f -> vectors.removeDataFile(f.fileName()));
    }
    return new Written(written, changes == null ? List.of() : new ArrayList<>(changes.finish()));
  }

  private MergeSplitReader reader(
      DataSplit split, CompactUnit unit, BucketDeletionVectors vectors) {
    if (vectors != null) {
      List<DataFileMeta> files = unit.files();
      return new MergeSplitReader(
              table, split, table.schema().rowType(), i -> vectors.vector(files.get(i).fileName()))
          .emittingKeyValues();
    }
    MergeSplitReader merged = MergeSplitReader.compacting(table, split);
    return unit.dropDeletes() ? merged.emittingKeyValues() : merged.emittingKeyValuesAndDeletes();
  }

  private KeyValue older(LevelLookup lookup, Object[] key, BucketDeletionVectors vectors)
      throws IOException {
    if (vectors == null && !mergesOldRow) {
      return null; // nothing to mark and nothing to merge: the newest record wins anyway
    }
    LevelLookup.Found found = lookup.find(key);
    if (found == null) {
      return null;
    }
    if (vectors != null) {
      vectors.delete(found.file().fileName(), found.position());
    }
    return mergesOldRow ? found.record() : null;
  }
}

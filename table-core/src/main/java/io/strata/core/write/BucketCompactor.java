package io.strata.core.write;

import io.strata.core.deletion.BucketDeletionVectors;
import io.strata.core.deletion.DeletionFile;
import io.strata.core.deletion.DeletionFileIndex;
import io.strata.core.format.CloseableIterator;
import io.strata.core.levels.CompactUnit;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.options.ChangelogProducer;
import io.strata.core.options.TableOptions;
import io.strata.core.progress.Progress;
import io.strata.core.read.DeduplicatingBatchMerge;
import io.strata.core.read.MergeSplitReader;
import io.strata.core.read.RowTracking;
import io.strata.core.read.SplitReader;
import io.strata.core.read.TableRead;
import io.strata.core.split.DataSplit;
import io.strata.core.store.FileStore;
import io.strata.core.types.RowTrackingFields;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Rewrites the files of one {@link CompactUnit} of one bucket where it runs (a write task, a
 * compaction task, or the driver's serial path): key buckets by merging their sorted runs, append
 * buckets by concatenating files in write order. A failure deletes what it wrote.
 */
public final class BucketCompactor {

  private static final Logger LOG = LoggerFactory.getLogger(BucketCompactor.class);

  /** Not a snapshot: the files come from a pick, not from a scan. */
  private static final long NO_SNAPSHOT = -1;

  private final FileStore table;
  private final CompactionRewriter rewriter;
  private DeletionFileIndex deletions = DeletionFileIndex.EMPTY;
  private boolean batchMerges = true;

  public BucketCompactor(FileStore table) {
    this.table = table;
    this.rewriter = new CompactionRewriter(table);
  }

  /**
   * Reads append files without the rows {@code index} marks deleted, so the rewritten files hold
   * only live rows and their vectors can be dropped.
   */
  public BucketCompactor withDeletions(DeletionFileIndex index) {
    this.deletions = index;
    return this;
  }

  /**
   * Merges record by record even where a {@link DeduplicatingBatchMerge} could: tests compare the
   * two.
   */
  BucketCompactor recordByRecord() {
    this.batchMerges = false;
    return this;
  }

  /** The files written in place of {@code unit.files()}. */
  public List<DataFileMeta> rewrite(BucketId bucket, int totalBuckets, CompactUnit unit) {
    long start = System.nanoTime();
    List<DataFileMeta> written =
        table.schema().hasPrimaryKey()
            ? rewriteKeyValues(bucket, totalBuckets, unit)
            : rewriteAppend(bucket, totalBuckets, unit.files());
    log(bucket, unit, written, start);
    return written;
  }

  /** What a compaction wrote: its output files and its changelog files. */
  public record Compacted(List<DataFileMeta> files, List<DataFileMeta> changelog) {}

  /**
   * The files written in place of {@code unit.files()} of a key bucket compacted without lookup;
   * with {@code changelog-producer} full-compaction and the unit going to the top level, also the
   * changelog of what the full compaction changed: each key against its top-level row.
   */
  public Compacted rewriteKeys(BucketId bucket, int totalBuckets, CompactUnit unit) {
    int top = TableOptions.topLevel(table.options());
    if (table.options().get(TableOptions.CHANGELOG_PRODUCER) != ChangelogProducer.FULL_COMPACTION
        || unit.outputLevel() != top) {
      return new Compacted(rewrite(bucket, totalBuckets, unit), List.of());
    }
    long start = System.nanoTime();
    DataSplit split = split(bucket, totalBuckets, unit.files(), false);
    CompactionRewriter.ChangelogFiles changes = rewriter.changelogFiles(bucket, top);
    List<DataFileMeta> written;
    try (MergeSplitReader reader = MergeSplitReader.compacting(table, split)) {
      reader.producingFullCompactionChangelog(
          top, new CompactionChangelog(table.options(), changes));
      written =
          rewriter.writeKeyValues(
              bucket,
              unit.dropDeletes()
                  ? reader.emittingKeyValues()
                  : reader.emittingKeyValuesAndDeletes(),
              top);
    } catch (IOException | RuntimeException e) {
      changes.abort();
      if (e instanceof IOException io) {
        throw new UncheckedIOException(io);
      }
      throw (RuntimeException) e;
    }
    List<DataFileMeta> changelog = changes.finish();
    log(bucket, unit, written, start);
    return new Compacted(written, changelog);
  }

  /**
   * Whether the table's key buckets compact by lookup ({@link #rewriteByLookup}): deletion vectors,
   * {@code changelog-producer} lookup or {@code force-lookup}, unless its changelog comes from full
   * compactions.
   */
  public static boolean mergesByLookup(FileStore table) {
    return LookupRewrite.mergesByLookup(table);
  }

  /**
   * The files written in place of {@code unit.files()} of a key bucket compacted by lookup: keys
   * without a row above level 0 in the unit take their row in {@code others} (the bucket's other
   * live files); with {@code vectors} (deletion vectors) that row is marked deleted there and the
   * unit's files lose theirs. With {@code changelog-producer} lookup, a unit holding level-0 files
   * also writes the changes it made as changelog files.
   */
  public Compacted rewriteByLookup(
      BucketId bucket,
      int totalBuckets,
      CompactUnit unit,
      List<DataFileMeta> others,
      BucketDeletionVectors vectors) {
    long start = System.nanoTime();
    LookupRewrite.Written written =
        new LookupRewrite(table, rewriter).rewrite(bucket, totalBuckets, unit, others, vectors);
    log(bucket, unit, written.files(), start);
    return new Compacted(written.files(), written.changelog());
  }

  private void log(BucketId bucket, CompactUnit unit, List<DataFileMeta> written, long start) {
    if (LOG.isInfoEnabled()) {
      LOG.info(
          "Compacted {} ({}) of {} of {} into {} ({}) at level {} in {}",
          Progress.count(unit.files().size(), "file"),
          Progress.bytes(bytes(unit.files())),
          describe(bucket),
          Progress.table(table.root()),
          Progress.count(written.size(), "file"),
          Progress.bytes(bytes(written)),
          unit.outputLevel(),
          Progress.elapsedSince(start));
    }
  }

  /** {@code bucket 0 of partition dt=1} or {@code bucket 0}. */
  private String describe(BucketId bucket) {
    String partition = table.dataFilePaths().partitionPath(bucket.partition());
    return "bucket "
        + bucket.bucket()
        + (partition.isEmpty() ? "" : " of partition " + partition.replaceAll("/$", ""));
  }

  /** The total size of {@code files} in bytes. */
  public static long bytes(List<DataFileMeta> files) {
    long total = 0;
    for (DataFileMeta f : files) {
      total += f.fileSize();
    }
    return total;
  }

  private List<DataFileMeta> rewriteKeyValues(BucketId bucket, int totalBuckets, CompactUnit unit) {
    DataSplit split = split(bucket, totalBuckets, unit.files(), false);
    if (batchMerges && rewriter.writesParquetAt(unit.outputLevel())) {
      try (DeduplicatingBatchMerge batches =
          DeduplicatingBatchMerge.openCompacting(table, split, !unit.dropDeletes())) {
        if (batches != null) {
          return rewriter.writeKeyValues(bucket, batches, unit.outputLevel());
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    try (MergeSplitReader reader = keyValues(split, unit)) {
      return rewriter.writeKeyValues(bucket, reader, unit.outputLevel());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private MergeSplitReader keyValues(DataSplit split, CompactUnit unit) {
    if (rewriter.writesParquetAt(unit.outputLevel())) {
      return MergeSplitReader.compactingToParquet(table, split, !unit.dropDeletes());
    }
    MergeSplitReader merged = MergeSplitReader.compacting(table, split);
    return unit.dropDeletes() ? merged.emittingKeyValues() : merged.emittingKeyValuesAndDeletes();
  }

  private List<DataFileMeta> rewriteAppend(
      BucketId bucket, int totalBuckets, List<DataFileMeta> files) {
    List<DataFileMeta> ordered = new ArrayList<>(files);
    ordered.sort(Comparator.comparingLong(DataFileMeta::minSequenceNumber));
    List<DeletionFile> vectors = new ArrayList<>();
    for (DataFileMeta f : ordered) {
      vectors.add(deletions.lookup(bucket.partition(), bucket.bucket(), f.fileName()));
    }
    DataSplit inOrder =
        new DataSplit(
            NO_SNAPSHOT, bucket.partition(), bucket.bucket(), totalBuckets, ordered, true, vectors);
    long firstSequence = ordered.get(0).minSequenceNumber();
    if (table.options().get(TableOptions.ROW_TRACKING_ENABLED)) {
      return rewriteKeepingRowIds(bucket, inOrder, firstSequence);
    }
    try (CloseableIterator<Object[]> rows =
        TableRead.open(table, inOrder, table.schema().rowType())) {
      return rewriter.writeRows(bucket, rows, firstSequence);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A row-tracking table's rewrite, as Paimon's compaction does it: each row keeps its row id and
   * sequence number, written into the new file's own {@code _ROW_ID} and {@code _SEQUENCE_NUMBER}
   * columns, so rows keep their identity across compactions.
   */
  private List<DataFileMeta> rewriteKeepingRowIds(
      BucketId bucket, DataSplit inOrder, long firstSequence) {
    int arity = table.schema().rowType().size();
    try (SplitReader reader =
        new SplitReader(table, inOrder, table.schema().rowType())
            .withSystemFields(RowTrackingFields.FIELDS)) {
      Iterator<Object[]> rows =
          new Iterator<>() {
            @Override
            public boolean hasNext() {
              return reader.hasNext();
            }

            @Override
            public Object[] next() {
              Object[] row = reader.next();
              DataFileMeta file = reader.lastFile();
              // Null for a row written before the table tracked rows (the option was set later):
              // it stays without an id rather than fail the compaction.
              row[arity] = RowTracking.rowId(row[arity], file, reader.lastPosition());
              row[arity + 1] = RowTracking.sequenceNumber(row[arity + 1], file);
              return row;
            }
          };
      return rewriter.writeRows(bucket, rows, firstSequence, RowTrackingFields.FIELDS);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static DataSplit split(
      BucketId bucket, int totalBuckets, List<DataFileMeta> files, boolean raw) {
    return new DataSplit(
        NO_SNAPSHOT, bucket.partition(), bucket.bucket(), totalBuckets, files, raw);
  }
}

package io.strata.spark.read;

import io.strata.core.manifest.DataFileMeta;
import io.strata.core.merge.RowKind;
import io.strata.core.options.MergeEngine;
import io.strata.core.options.TableOptions;
import io.strata.core.read.SortedRuns;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.AtomicType;
import io.strata.core.types.DataType;
import io.strata.core.types.RowType;
import io.strata.spark.SparkErrors;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.SpecificInternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeProjection;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.sql.connector.read.PartitionReader;

/**
 * Merge-on-read of one primary-key split from columnar batches: the split's files are grouped into
 * sorted runs ({@link SortedRuns}), each run is read file after file by Spark's vectorized reader
 * ({@link MergeCursor}), and a {@link LoserTree} orders the runs' records by (key, sequence number,
 * file). Equal sequence numbers are ordered by the file's position in the split.
 *
 * <p>{@code deduplicate} and {@code first-row} without {@code sequence.field} pick one record per
 * key: the last (a winning DELETE or UPDATE_BEFORE drops the key) or the first that is not a
 * retraction. Their rows are views into the batches (copied only when the winning record's batch is
 * about to be refilled), so nothing is boxed or allocated per row.
 *
 * <p>{@code partial-update} and {@code aggregation} fold each key's records field by field into one
 * reused output row ({@link KeyFold}), reading values from the batches without boxing. With {@code
 * sequence.field} (any engine) a key's records are first copied and sorted by the sequence fields,
 * then by sequence number, and folded in that order.
 *
 * <p>Each record row lays out the read columns (in read order, partition columns as constants), the
 * sequence fields that are not read, then the key columns, sequence number and kind.
 */
final class MergeRowReader implements PartitionReader<InternalRow> {

  private final MergeEngine engine;
  private final MergeCursor[] cursors;
  private final KeyComparator keys;

  /**
   * Whether the key is one integral column, compared as the primitive each cursor reads once per
   * record (most keys are one BIGINT or INT), instead of through the rows at every comparison.
   */
  private final boolean primitiveKey;

  /** The held record's key, when {@link #primitiveKey}. */
  private long heldKey;

  private final int sequenceOrdinal;
  private final int kindOrdinal;
  private final LoserTree tree;
  private final UnsafeProjection copyAll;
  private final UnsafeProjection copyOutput;

  /** The last record taken, as a whole layout row and as an output row. */
  private InternalRow held;

  private InternalRow heldOutput;

  /** How a key's records fold into its row; null when one record is picked (no copies). */
  private final KeyFold fold;

  /** The fold's output row, reused for every key. */
  private final SpecificInternalRow folded;

  /** The order of a key's records by {@code sequence.field}; null without one. */
  private final KeyComparator sequenceFields;

  /**
   * The records of the current key, copied, while {@code sequence.field} orders them or a lookup
   * merge picks them.
   */
  private final List<UnsafeRow> sequenced = new ArrayList<>();

  /**
   * Whether a key's rows above its lowest level above 0 are passed over, as Paimon merges tables it
   * merges by lookup (see {@code MergeFunctions.keepsSupersededRowsAboveLevelZero}).
   */
  private final boolean byLookup;

  /** The LSM level of each file of the split, by its position. */
  private final int[] levels;

  /** The level of each record in {@link #sequenced}, with a lookup merge. */
  private final List<Integer> sequencedLevels = new ArrayList<>();

  /** The level of the file the held record came from. */
  private int heldLevel;

  /** first-row: the key just emitted, whose later records are skipped at the next call. */
  private boolean skipHeldKey;

  MergeRowReader(
      FileStoreTable table,
      DataSplit split,
      RowType readType,
      ColumnarReadSettings settings,
      TaskReadMetrics metrics)
      throws IOException {
    this.engine = table.options().get(TableOptions.MERGE_ENGINE);
    RowType keyType = table.schema().trimmedPrimaryKeyType();
    SequenceFields sequence = SequenceFields.of(table);
    RowType recordType = sequence == null ? readType : sequence.readWith(readType);
    boolean picks =
        sequence == null && (engine == MergeEngine.DEDUPLICATE || engine == MergeEngine.FIRST_ROW);
    // Without sequence fields only the order of a key's records matters, which disjoint sequence
    // ranges already give; a pick needs no kinds when no file holds a retraction.
    long[] fileSequences = sequence == null ? disjointSequences(split.files()) : null;
    boolean insertsOnly = picks && insertsOnly(split.files());
    MergeCursor.FileConstants constants =
        new MergeCursor.FileConstants(fileSequences, RowKind.INSERT.value());
    MergeLayout layout =
        new MergeLayout(table, split, recordType, keyType, fileSequences == null, !insertsOnly);
    int outputs = readType.size();
    this.keys = KeyComparator.of(keyType, recordType.size());
    this.sequenceOrdinal = recordType.size() + keyType.size();
    MergeCursor.PrimitiveKey primitive = primitiveKey(keyType, recordType.size());
    this.primitiveKey = primitive != null;
    this.sequenceFields =
        sequence == null
            ? null
            : KeyComparator.at(sequence.type(), sequence.ordinalsIn(recordType));
    this.fold = picks ? null : KeyFold.of(table, readType);
    if (!picks && (fold == null || (sequence != null && sequenceFields == null))) {
      throw SparkErrors.notMergedOnBatches(table.root().toString(), engine.value());
    }
    this.byLookup =
        fold != null
            && (engine == MergeEngine.PARTIAL_UPDATE || engine == MergeEngine.AGGREGATION)
            && io.strata.core.merge.MergeFunctions.keepsSupersededRowsAboveLevelZero(
                table.options());
    this.levels = split.files().stream().mapToInt(DataFileMeta::level).toArray();
    this.folded = new SpecificInternalRow(SparkReadSchema.of(readType));
    this.kindOrdinal = sequenceOrdinal + 1;
    this.copyAll = UnsafeProjection.create(layout.sparkTypes());
    this.copyOutput = UnsafeProjection.create(Arrays.copyOf(layout.sparkTypes(), outputs));
    List<List<Integer>> runs = SortedRuns.of(split.files(), keyType);
    this.cursors = new MergeCursor[runs.size()];
    ParquetBatchFile[] opener = new ParquetBatchFile[1];
    InternalRow partitionValues = layout.partitionValues();
    MergeCursor.FileOpener files =
        i -> {
          DataFileMeta file = split.files().get(i);
          Path path =
              table
                  .dataFilePaths()
                  .of(split.partition(), split.bucket(), file.fileName(), file.externalPath());
          FileSystem fs = table.fileIO().fileSystem(path);
          if (opener[0] == null) {
            opener[0] = layout.opener(fs.getConf(), settings);
          }
          return opener[0].open(
              fs,
              path,
              file.fileSize(),
              null,
              table.schema().rowType(),
              table.schema().partitionType(),
              partitionValues,
              metrics);
        };
    try {
      for (int r = 0; r < cursors.length; r++) {
        int[] run = runs.get(r).stream().mapToInt(Integer::intValue).toArray();
        cursors[r] =
            new MergeCursor(
                files, run, layout.columns(), outputs, primitive, sequenceOrdinal, constants);
        cursors[r].advance();
      }
    } catch (IOException | RuntimeException e) {
      closeQuietly(e);
      throw e;
    }
    this.tree = new LoserTree(cursors.length, this::compare, s -> cursors[s].live());
    tree.init();
  }

  /**
   * Each file's maximum sequence number, by split position, when no two files' sequence ranges
   * overlap: a key's records then order by it as by their own sequence numbers. Else null.
   */
  static long[] disjointSequences(List<DataFileMeta> files) {
    Integer[] order = new Integer[files.size()];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(
        order,
        (a, b) -> Long.compare(files.get(a).minSequenceNumber(), files.get(b).minSequenceNumber()));
    long[] sequences = new long[files.size()];
    for (int i = 0; i < order.length; i++) {
      DataFileMeta file = files.get(order[i]);
      if (file.minSequenceNumber() > file.maxSequenceNumber()
          || (i > 0 && files.get(order[i - 1]).maxSequenceNumber() >= file.minSequenceNumber())) {
        return null;
      }
      sequences[order[i]] = file.maxSequenceNumber();
    }
    return sequences;
  }

  /** Whether the files' metadata says none of them holds an UPDATE_BEFORE or DELETE record. */
  static boolean insertsOnly(List<DataFileMeta> files) {
    for (DataFileMeta file : files) {
      if (file.deleteRowCount() == null || file.deleteRowCount() != 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * How the cursors read a key of one non-null integral column (as Spark's vectors hold it: a long
   * for BIGINT and timestamps of up to microseconds, an int for INT and DATE), or null.
   */
  private static MergeCursor.PrimitiveKey primitiveKey(RowType keyType, int keyOrdinal) {
    if (keyType.size() != 1 || keyType.typeAt(0).nullable()) {
      return null;
    }
    DataType type = keyType.typeAt(0);
    return switch (type.root()) {
      case BIGINT -> new MergeCursor.PrimitiveKey(keyOrdinal, false);
      case TIMESTAMP, TIMESTAMP_LTZ ->
          ((AtomicType) type).precision() <= 6
              ? new MergeCursor.PrimitiveKey(keyOrdinal, false)
              : null;
      case INT, DATE -> new MergeCursor.PrimitiveKey(keyOrdinal, true);
      default -> null;
    };
  }

  /** Records by key, then sequence number, then file. */
  private int compare(int a, int b) {
    if (primitiveKey) {
      MergeCursor x = cursors[a];
      MergeCursor y = cursors[b];
      int c = Long.compare(x.key(), y.key());
      if (c == 0) {
        c = Long.compare(x.sequence(), y.sequence());
      }
      return c != 0 ? c : Integer.compare(x.file(), y.file());
    }
    InternalRow x = cursors[a].current();
    InternalRow y = cursors[b].current();
    int c = keys.compare(x, y);
    if (c != 0) {
      return c;
    }
    c = Long.compare(x.getLong(sequenceOrdinal), y.getLong(sequenceOrdinal));
    return c != 0 ? c : Integer.compare(cursors[a].file(), cursors[b].file());
  }

  @Override
  public boolean next() throws IOException {
    return fold == null ? nextPicked() : nextFolded();
  }

  /** Folds the next key with a row into {@link #folded}. */
  private boolean nextFolded() throws IOException {
    while (tree.winner() >= 0) {
      fold.start();
      take(tree.winner());
      accept(held);
      while (sameKeyAsHeld(tree.winner())) {
        take(tree.winner());
        accept(held);
      }
      if (sequenceFields != null || byLookup) {
        foldBuffered();
      }
      if (fold.finish(folded)) {
        heldOutput = folded;
        return true;
      }
    }
    return false;
  }

  private void accept(InternalRow record) {
    if (sequenceFields == null && !byLookup) {
      fold.add(record, kindOf(record));
    } else {
      // A record copied at its batch's end is the projection's reused row: copy it again.
      sequenced.add(record instanceof UnsafeRow u ? u.copy() : copyAll.apply(record).copy());
      sequencedLevels.add(heldLevel);
    }
  }

  /**
   * Folds the key's buffered records: with a lookup merge only those of level 0 and of the key's
   * lowest level above 0 (that row holds what higher levels held), in {@code sequence.field} order
   * when there is one, then by sequence number.
   */
  private void foldBuffered() {
    List<UnsafeRow> records = sequenced;
    if (byLookup) {
      int newest = Integer.MAX_VALUE;
      for (int level : sequencedLevels) {
        if (level > 0) {
          newest = Math.min(newest, level);
        }
      }
      records = new ArrayList<>(sequenced.size());
      for (int i = 0; i < sequenced.size(); i++) {
        int level = sequencedLevels.get(i);
        if (level <= 0 || level == newest) {
          records.add(sequenced.get(i));
        }
      }
    }
    if (sequenceFields != null) {
      records.sort(
          (a, b) -> {
            int c = sequenceFields.compare(a, b);
            return c != 0
                ? c
                : Long.compare(a.getLong(sequenceOrdinal), b.getLong(sequenceOrdinal));
          });
    }
    for (UnsafeRow r : records) {
      fold.add(r, kindOf(r));
    }
    sequenced.clear();
    sequencedLevels.clear();
  }

  /** Picks the next key's winning record (deduplicate, first-row). */
  private boolean nextPicked() throws IOException {
    if (skipHeldKey) {
      skipHeldKey = false;
      takeWhileSameKey();
    }
    while (tree.winner() >= 0) {
      take(tree.winner());
      if (engine == MergeEngine.FIRST_ROW) {
        while (isRetraction(held) && sameKeyAsHeld(tree.winner())) {
          take(tree.winner());
        }
        skipHeldKey = true;
      } else {
        takeWhileSameKey();
      }
      if (!isRetraction(held)) {
        return true;
      }
      skipHeldKey = false;
    }
    return false;
  }

  /** Takes every further record of the held record's key; the last one stays held. */
  private void takeWhileSameKey() throws IOException {
    while (sameKeyAsHeld(tree.winner())) {
      take(tree.winner());
    }
  }

  private boolean sameKeyAsHeld(int source) {
    if (source < 0) {
      return false;
    }
    return primitiveKey
        ? cursors[source].key() == heldKey
        : keys.compare(cursors[source].current(), held) == 0;
  }

  /**
   * Holds the winning record and moves its cursor on. The held row stays a view into the batch
   * unless that batch is about to be refilled, then it is copied.
   */
  private void take(int source) throws IOException {
    MergeCursor cursor = cursors[source];
    heldLevel = levels[cursor.file()];
    heldKey = cursor.key();
    cursor.pin();
    if (cursor.atBatchEnd()) {
      held = copyAll.apply(cursor.pinned());
      heldOutput = copyOutput.apply(cursor.pinnedOutput());
    } else {
      held = cursor.pinned();
      heldOutput = cursor.pinnedOutput();
    }
    cursor.advance();
    tree.replay(source);
  }

  private boolean isRetraction(InternalRow row) {
    return kindOf(row).isRetract();
  }

  private RowKind kindOf(InternalRow row) {
    return RowKind.fromValue(row.getByte(kindOrdinal));
  }

  @Override
  public InternalRow get() {
    return heldOutput;
  }

  @Override
  public void close() throws IOException {
    IOException failure = null;
    for (MergeCursor c : cursors) {
      try {
        if (c != null) {
          c.close();
        }
      } catch (IOException e) {
        failure = failure == null ? e : failure;
      }
    }
    if (failure != null) {
      throw failure;
    }
  }

  private void closeQuietly(Exception cause) {
    try {
      close();
    } catch (IOException e) {
      cause.addSuppressed(e);
    }
  }
}

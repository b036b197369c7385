package io.strata.spark.read;

import java.io.IOException;
import java.util.Arrays;
import org.apache.spark.sql.execution.datasources.parquet.VectorizedParquetRecordReader;
import org.apache.spark.sql.execution.vectorized.ConstantColumnVector;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.apache.spark.sql.vectorized.ColumnarBatchRow;

/**
 * One sorted run of a merged split (files whose key ranges do not overlap, in key order), read as
 * columnar batches and positioned at one record. A file is opened when the cursor reaches it and
 * closed when the cursor leaves it, so a merge holds one file's batch per run, and its loser tree
 * plays one match per run, not per file.
 *
 * <p>Its rows are views into the current reader's column vectors (in {@link MergeRowReader}'s
 * column layout), which the reader refills in place at each batch: a view is valid until the cursor
 * moves past the batch.
 */
final class MergeCursor {

  /** Opens the file at a position of the split. */
  interface FileOpener {
    VectorizedParquetRecordReader open(int file) throws IOException;
  }

  private final FileOpener opener;

  /** The run's files, as positions in the split, in key order. */
  private final int[] files;

  private final int[] layout;
  private final int outputColumns;
  private final PrimitiveKey primitiveKey;
  private final int sequenceOrdinal;
  private final FileConstants constants;

  /**
   * The sequence number and kind of the current file's records where they are not read ({@link
   * MergeLayout#CONSTANT}).
   */
  private final ConstantColumnVector sequenceConstant =
      new ConstantColumnVector(1, DataTypes.LongType);

  private final ConstantColumnVector kindConstant = new ConstantColumnVector(1, DataTypes.ByteType);

  /** Which of {@link #files} is open; -1 before the first. */
  private int fileAt = -1;

  private VectorizedParquetRecordReader reader;
  private ColumnarBatch batch;

  /** The current record; moves with the cursor. */
  private ColumnarBatchRow current;

  /** A record this cursor was at, pinned by {@link #pin()}: the whole layout, and the output. */
  private ColumnarBatchRow pinned;

  private ColumnarBatchRow pinnedOutput;
  private boolean live = true;

  /**
   * The key column when the key is one integral column ({@link PrimitiveKey}), else null: its value
   * and the sequence number are then read once per record, not at every comparison.
   */
  private ColumnVector keyColumn;

  private ColumnVector sequenceColumn;
  private long key;
  private long sequence;

  /**
   * @param files the run's files as positions in the split, in key order
   * @param layout for each column of the merge layout, its column in the reader's batches
   * @param outputColumns how many leading columns of the layout are output
   * @param primitiveKey the key's column and kind when it is one integral column, or null
   * @param sequenceOrdinal the layout column of the sequence number; the kind follows it
   * @param constants what stands for the columns the layout does not read
   */
  MergeCursor(
      FileOpener opener,
      int[] files,
      int[] layout,
      int outputColumns,
      PrimitiveKey primitiveKey,
      int sequenceOrdinal,
      FileConstants constants) {
    this.opener = opener;
    this.files = files;
    this.layout = layout;
    this.outputColumns = outputColumns;
    this.primitiveKey = primitiveKey;
    this.sequenceOrdinal = sequenceOrdinal;
    this.constants = constants;
    kindConstant.setByte(constants.kind());
  }

  /** The key of one integral column as read with {@link PrimitiveKey}: its layout column. */
  record PrimitiveKey(int ordinal, boolean isInt) {}

  /**
   * What a merge uses for the sequence number and kind of a file's records where its metadata
   * settles them, so its files need not decode those columns.
   *
   * @param sequences by split position, a number that orders each file's records against every
   *     other file's as their sequence numbers do (the files' sequence ranges are disjoint), or
   *     null when the sequence numbers are read
   * @param kind the kind of every record when no file holds a retraction
   */
  record FileConstants(long[] sequences, byte kind) {}

  /** Moves to the next record; false (and not live) when the run has none. */
  boolean advance() throws IOException {
    if (current != null && current.rowId + 1 < batch.numRows()) {
      current.rowId++;
      readKey();
      return true;
    }
    while (live) {
      if (reader != null) {
        while (reader.nextBatch()) {
          if (batch.numRows() > 0) {
            current.rowId = 0;
            readKey();
            return true;
          }
        }
      }
      openNextFile();
    }
    return false;
  }

  /** Leaves the current file (closing it) for the run's next one, or ends the run. */
  private void openNextFile() throws IOException {
    closeCurrent();
    if (++fileAt >= files.length) {
      live = false;
      return;
    }
    reader = opener.open(files[fileAt]);
    batch = reader.resultBatch();
    if (constants.sequences() != null) {
      sequenceConstant.setLong(constants.sequences()[files[fileAt]]);
    }
    ColumnVector[] columns = new ColumnVector[layout.length];
    for (int i = 0; i < layout.length; i++) {
      columns[i] =
          layout[i] != MergeLayout.CONSTANT
              ? batch.column(layout[i])
              : i == sequenceOrdinal ? sequenceConstant : kindConstant;
    }
    current = new ColumnarBatchRow(columns);
    pinned = new ColumnarBatchRow(columns);
    pinnedOutput = new ColumnarBatchRow(Arrays.copyOf(columns, outputColumns));
    current.rowId = -1;
    keyColumn = primitiveKey == null ? null : columns[primitiveKey.ordinal()];
    sequenceColumn = columns[sequenceOrdinal];
  }

  private void readKey() {
    if (keyColumn != null) {
      int row = current.rowId;
      key = primitiveKey.isInt() ? keyColumn.getInt(row) : keyColumn.getLong(row);
      sequence = sequenceColumn.getLong(row);
    }
  }

  /** The current record's key, when the key is one integral column. */
  long key() {
    return key;
  }

  /** The current record's sequence number, when the key is one integral column. */
  long sequence() {
    return sequence;
  }

  /** The split position of the file the current record comes from. */
  int file() {
    return files[fileAt];
  }

  /**
   * Whether the next {@link #advance()} refills the vectors or leaves the file, invalidating every
   * view.
   */
  boolean atBatchEnd() {
    return current.rowId + 1 >= batch.numRows();
  }

  boolean live() {
    return live;
  }

  ColumnarBatchRow current() {
    return current;
  }

  /** Pins the current record: {@link #pinned()} keeps showing it while the cursor moves on. */
  void pin() {
    pinned.rowId = current.rowId;
    pinnedOutput.rowId = current.rowId;
  }

  ColumnarBatchRow pinned() {
    return pinned;
  }

  ColumnarBatchRow pinnedOutput() {
    return pinnedOutput;
  }

  /** Closes the open file, if any; the run cannot be read further. */
  void close() throws IOException {
    live = false;
    closeCurrent();
  }

  private void closeCurrent() throws IOException {
    VectorizedParquetRecordReader open = reader;
    reader = null;
    if (open != null) {
      open.close();
    }
  }
}

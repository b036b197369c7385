package io.strata.spark.read;

import java.io.IOException;
import java.util.Arrays;
import org.apache.spark.sql.execution.datasources.parquet.VectorizedParquetRecordReader;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.apache.spark.sql.vectorized.ColumnarBatchRow;

/**
 * One data file of a merged split, read as columnar batches and positioned at one record. Its rows
 * are views into the reader's column vectors (in {@link MergeRowReader}'s column layout), which the
 * reader refills in place at each batch: a view is valid until the cursor moves past the batch.
 */
final class MergeCursor {

  private final VectorizedParquetRecordReader reader;
  private final ColumnarBatch batch;

  /** The current record; moves with the cursor. */
  private final ColumnarBatchRow current;

  /** A record this cursor was at, pinned by {@link #pin()}: the whole layout, and the output. */
  private final ColumnarBatchRow pinned;

  private final ColumnarBatchRow pinnedOutput;
  private boolean live = true;

  /**
   * The key column when the key is one integral column ({@link PrimitiveKey}), else null: its value
   * and the sequence number are then read once per record, not at every comparison.
   */
  private final ColumnVector keyColumn;

  private final boolean intKey;
  private final ColumnVector sequenceColumn;
  private long key;
  private long sequence;

  /**
   * @param layout for each column of the merge layout, its column in the reader's batches
   * @param outputColumns how many leading columns of the layout are output
   * @param primitiveKey the key's column and kind when it is one integral column, or null
   * @param sequenceOrdinal the layout column of the sequence number
   */
  MergeCursor(
      VectorizedParquetRecordReader reader,
      int[] layout,
      int outputColumns,
      PrimitiveKey primitiveKey,
      int sequenceOrdinal) {
    this.reader = reader;
    ColumnarBatch raw = reader.resultBatch();
    ColumnVector[] columns = new ColumnVector[layout.length];
    for (int i = 0; i < layout.length; i++) {
      columns[i] = raw.column(layout[i]);
    }
    this.batch = raw;
    this.current = new ColumnarBatchRow(columns);
    this.pinned = new ColumnarBatchRow(columns);
    this.pinnedOutput = new ColumnarBatchRow(Arrays.copyOf(columns, outputColumns));
    this.current.rowId = -1;
    this.keyColumn = primitiveKey == null ? null : columns[primitiveKey.ordinal()];
    this.intKey = primitiveKey != null && primitiveKey.isInt();
    this.sequenceColumn = columns[sequenceOrdinal];
  }

  /** The key of one integral column as read with {@link PrimitiveKey}: its layout column. */
  record PrimitiveKey(int ordinal, boolean isInt) {}

  /** Moves to the next record; false (and not live) when the file has none. */
  boolean advance() throws IOException {
    if (current.rowId + 1 < batch.numRows()) {
      current.rowId++;
      readKey();
      return true;
    }
    while (reader.nextBatch()) {
      if (batch.numRows() > 0) {
        current.rowId = 0;
        readKey();
        return true;
      }
    }
    live = false;
    return false;
  }

  private void readKey() {
    if (keyColumn != null) {
      int row = current.rowId;
      key = intKey ? keyColumn.getInt(row) : keyColumn.getLong(row);
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

  /** Whether the next {@link #advance()} refills the vectors, invalidating every view. */
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

  void close() throws IOException {
    reader.close();
  }
}

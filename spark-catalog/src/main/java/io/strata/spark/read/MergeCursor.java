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
   * @param layout for each column of the merge layout, its column in the reader's batches
   * @param outputColumns how many leading columns of the layout are output
   */
  MergeCursor(VectorizedParquetRecordReader reader, int[] layout, int outputColumns) {
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
  }

  /** Moves to the next record; false (and not live) when the file has none. */
  boolean advance() throws IOException {
    if (current.rowId + 1 < batch.numRows()) {
      current.rowId++;
      return true;
    }
    while (reader.nextBatch()) {
      if (batch.numRows() > 0) {
        current.rowId = 0;
        return true;
      }
    }
    live = false;
    return false;
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

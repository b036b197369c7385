package io.strata.core.format;

/** One row of a {@link ColumnBatch}, as a record handed to Parquet's writer; re-pointed per row. */
final class BatchRow {

  private ColumnBatch batch;
  private int row;

  void at(ColumnBatch batch, int row) {
    this.batch = batch;
    this.row = row;
  }

  ColumnBatch batch() {
    return batch;
  }

  int row() {
    return row;
  }
}

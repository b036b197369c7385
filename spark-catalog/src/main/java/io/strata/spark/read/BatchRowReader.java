package io.strata.spark.read;

import java.io.IOException;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * The rows of a columnar reader, one batch row view at a time: a split that needs no merge, read in
 * a scan whose other splits are merged into rows ({@link ReadPath#MERGED_BATCHES}).
 */
final class BatchRowReader implements PartitionReader<InternalRow> {

  private final PartitionReader<ColumnarBatch> batches;
  private ColumnarBatch batch;
  private int row;

  BatchRowReader(PartitionReader<ColumnarBatch> batches) {
    this.batches = batches;
  }

  @Override
  public boolean next() throws IOException {
    while (batch == null || row + 1 >= batch.numRows()) {
      if (!batches.next()) {
        batch = null;
        return false;
      }
      batch = batches.get();
      row = -1;
    }
    row++;
    return true;
  }

  @Override
  public InternalRow get() {
    return batch.getRow(row);
  }

  @Override
  public void close() throws IOException {
    batches.close();
  }
}

package io.strata.spark.read;

import java.io.Closeable;
import java.io.IOException;
import org.apache.spark.sql.execution.datasources.parquet.VectorizedParquetRecordReader;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * The batches of one open data file: its data columns, then its partition columns. {@link
 * #resultBatch()} is one batch object, refilled by each {@link #nextBatch()}.
 */
interface BatchSource extends Closeable {

  boolean nextBatch() throws IOException;

  ColumnarBatch resultBatch();

  /** A Parquet file read by Spark's vectorized reader ({@link ParquetBatchFile}). */
  static BatchSource of(VectorizedParquetRecordReader reader) {
    return new BatchSource() {
      @Override
      public boolean nextBatch() throws IOException {
        return reader.nextBatch();
      }

      @Override
      public ColumnarBatch resultBatch() {
        return reader.resultBatch();
      }

      @Override
      public void close() throws IOException {
        reader.close();
      }
    };
  }
}

package io.strata.core.format;

import io.strata.core.types.RowType;
import java.io.Closeable;
import java.io.IOException;
import org.apache.hadoop.fs.Path;

/**
 * Writes {@code Object[]} rows of a RowType (canonical values, see {@link
 * io.strata.core.types.DataType}) into one new data file and collects per-column {@link FileStats}
 * on the way. {@link #finish()} completes the file; after a failed {@link #write} only {@link
 * #abort()} or {@link #close()} are allowed.
 */
public interface DataFileWriter extends Closeable {

  /** Appends one row; its values must match the row type (nulls only in nullable fields). */
  void write(Object[] row) throws IOException;

  /**
   * Appends row {@code row} of {@code batch}, whose columns are those of the row type; only a
   * Parquet file takes batch rows.
   */
  default void write(ColumnBatch batch, int row) throws IOException {
    // Callers write batch rows only where the format is Parquet (an internal invariant).
    throw new IllegalStateException(
        "Rows of column batches are written into Parquet files only, not " + path());
  }

  /** Rows written so far. */
  long rowCount();

  /** Bytes written to the file so far plus those buffered for it: the size to roll files at. */
  long length();

  /** The file being written. */
  Path path();

  /** The type of the rows written. */
  RowType rowType();

  /** Completes the file and returns its column statistics. */
  FileStats finish() throws IOException;

  /** Closes the file if needed and deletes it: for error paths. */
  void abort();
}

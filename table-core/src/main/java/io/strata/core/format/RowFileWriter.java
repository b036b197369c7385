package io.strata.core.format;

import io.strata.core.types.RowType;
import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The life of one data file being written, shared by the formats: rows go in until {@link
 * #finish()} completes the file and returns its statistics; a failed {@link #write} leaves only
 * {@link #abort()} (close and delete) or {@link #close()}. A format appends rows, collects their
 * statistics and closes its file.
 */
abstract class RowFileWriter implements DataFileWriter {

  private final FileSystem fs;
  private final Path path;
  private final RowType rowType;
  private long rowCount;
  private boolean failed;
  private boolean closed;
  private FileStats result;

  RowFileWriter(FileSystem fs, Path path, RowType rowType) {
    this.fs = fs;
    this.path = path;
    this.rowType = rowType;
  }

  /** Hands one row to the format's writer. */
  abstract void append(Object[] row) throws IOException;

  /** Adds an appended row to the file's statistics. */
  abstract void collectStats(Object[] row);

  /** Hands row {@code row} of {@code batch} to the format's writer, which must take batches. */
  void append(ColumnBatch batch, int row) throws IOException {
    // Callers write batch rows only where the format is Parquet (an internal invariant).
    throw new IllegalStateException(
        "Rows of column batches are written into Parquet files only, not " + path);
  }

  /** Adds an appended batch row to the file's statistics. */
  void collectStats(ColumnBatch batch, int row) {
    throw new IllegalStateException("Rows of column batches are written into Parquet files only");
  }

  /** The statistics of every row written, once the file is complete. */
  abstract FileStats stats();

  /** Closes the format's writer; {@code complete} is false after a failed write or on abort. */
  abstract void closeFile(boolean complete) throws IOException;

  /** Appends one row; its values must match the row type (nulls only in nullable fields). */
  @Override
  public final void write(Object[] row) throws IOException {
    checkWritable();
    try {
      append(row);
    } catch (RuntimeException | IOException e) {
      failed = true;
      throw e;
    }
    collectStats(row);
    rowCount++;
  }

  @Override
  public final void write(ColumnBatch batch, int row) throws IOException {
    checkWritable();
    try {
      append(batch, row);
    } catch (RuntimeException | IOException e) {
      failed = true;
      throw e;
    }
    collectStats(batch, row);
    rowCount++;
  }

  private void checkWritable() {
    if (closed || failed) {
      throw new IllegalStateException(
          "Writer of " + path + (failed ? " failed earlier; abort it." : " is closed."));
    }
  }

  /** Rows written so far. */
  @Override
  public final long rowCount() {
    return rowCount;
  }

  /** The file being written. */
  @Override
  public final Path path() {
    return path;
  }

  /** The type of the rows written. */
  @Override
  public final RowType rowType() {
    return rowType;
  }

  /** Completes the file (footer included) and returns its column statistics. */
  @Override
  public final FileStats finish() throws IOException {
    if (result != null) {
      return result;
    }
    if (failed) {
      throw new IllegalStateException("Writer of " + path + " failed earlier; abort it.");
    }
    closed = true;
    closeFile(true);
    result = stats();
    return result;
  }

  /** Closes the file if needed and deletes it: for error paths. */
  @Override
  public final void abort() {
    try {
      if (!closed) {
        closed = true;
        closeFile(false);
      }
    } catch (IOException | RuntimeException e) {
      // the file is deleted below anyway
    }
    try {
      fs.delete(path, false);
    } catch (IOException e) {
      // best effort: an unreferenced file is harmless
    }
  }

  /** Closes the underlying writer without computing statistics (idempotent). */
  @Override
  public final void close() throws IOException {
    if (!closed) {
      closed = true;
      closeFile(!failed);
    }
  }
}

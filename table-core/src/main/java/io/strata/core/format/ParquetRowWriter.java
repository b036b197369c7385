package io.strata.core.format;

/** STUB. */
public final class ParquetRowWriter implements java.io.Closeable {
  public ParquetRowWriter(
      org.apache.hadoop.fs.FileSystem fs,
      org.apache.hadoop.fs.Path p,
      io.strata.core.types.RowType t,
      String compression,
      String statsMode) {
    throw new UnsupportedOperationException();
  }

  public void write(Object[] row) {}

  public long length() {
    return 0;
  }

  public FileStats stats() {
    return null;
  }

  public void close() {}
}

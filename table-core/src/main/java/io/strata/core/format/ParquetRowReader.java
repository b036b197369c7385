package io.strata.core.format;

/** STUB. */
public final class ParquetRowReader implements java.util.Iterator<Object[]>, java.io.Closeable {
  public ParquetRowReader(
      org.apache.hadoop.fs.FileSystem fs,
      org.apache.hadoop.fs.Path p,
      io.strata.core.types.RowType t) {
    throw new UnsupportedOperationException();
  }

  public boolean hasNext() {
    return false;
  }

  public Object[] next() {
    return null;
  }

  public void close() {}
}

package io.strata.core.format;

import io.strata.core.types.RowType;
import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** Parquet data files: {@link ParquetRowReader} and {@link ParquetRowWriter}. */
final class ParquetFormat implements DataFileFormat {

  static final ParquetFormat INSTANCE = new ParquetFormat();

  private ParquetFormat() {}

  @Override
  public CloseableIterator<Object[]> open(FileSystem fs, Path path, long length, RowType readType)
      throws IOException {
    return ParquetRowReader.open(fs, path, length, readType);
  }

  @Override
  public DataFileWriter create(
      FileSystem fs, Path path, RowType rowType, ParquetWriteOptions options) throws IOException {
    return ParquetRowWriter.create(fs, path, rowType, options);
  }
}

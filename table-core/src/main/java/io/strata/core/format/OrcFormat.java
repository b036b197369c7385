package io.strata.core.format;

import io.strata.core.types.RowType;
import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** ORC data files: {@link OrcRowReader} and {@link OrcRowWriter}. */
final class OrcFormat implements DataFileFormat {

  static final OrcFormat INSTANCE = new OrcFormat();

  private OrcFormat() {}

  @Override
  public CloseableIterator<Object[]> open(FileSystem fs, Path path, long length, RowType readType)
      throws IOException {
    return OrcRowReader.open(fs, path, length, readType);
  }

  @Override
  public DataFileWriter create(
      FileSystem fs, Path path, RowType rowType, ParquetWriteOptions options) throws IOException {
    return OrcRowWriter.create(fs, path, rowType, options);
  }
}

package io.strata.core.format;

import io.strata.core.types.RowType;
import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** Avro data files: {@link AvroRowReader} and {@link AvroRowWriter}. */
final class AvroFormat implements DataFileFormat {

  static final AvroFormat INSTANCE = new AvroFormat();

  private AvroFormat() {}

  @Override
  public CloseableIterator<Object[]> open(FileSystem fs, Path path, long length, RowType readType)
      throws IOException {
    return AvroRowReader.open(fs, path, length, readType);
  }

  @Override
  public DataFileWriter create(
      FileSystem fs, Path path, RowType rowType, ParquetWriteOptions options) throws IOException {
    return AvroRowWriter.create(fs, path, rowType, options);
  }
}

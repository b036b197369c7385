package io.strata.core.format;

import io.strata.core.errors.CoreErrors;
import io.strata.core.options.FileFormat;
import io.strata.core.types.RowType;
import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Reads and writes the data files of one {@link FileFormat}. Writers choose by the table's {@code
 * file.format}; readers by the file's extension, since a table may hold files of several formats
 * after its {@code file.format} changed.
 */
public interface DataFileFormat {

  /**
   * Opens a data file of a known length as rows of {@code readType}: top-level fields are matched
   * by name, a field the file lacks reads NULL.
   */
  CloseableIterator<Object[]> open(FileSystem fs, Path path, long length, RowType readType)
      throws IOException;

  /**
   * Creates {@code path} (failing if it exists) for rows of {@code rowType}. The options' {@code
   * file.compression}, zstd level and stats modes apply to every format, the rest to Parquet only.
   */
  DataFileWriter create(FileSystem fs, Path path, RowType rowType, ParquetWriteOptions options)
      throws IOException;

  /** The reader and writer of {@code format}. */
  static DataFileFormat of(FileFormat format) {
    return switch (format) {
      case PARQUET -> ParquetFormat.INSTANCE;
      case ORC -> OrcFormat.INSTANCE;
      case AVRO -> AvroFormat.INSTANCE;
    };
  }

  /** The format of a data file, told by its extension ({@code .parquet}, {@code .orc}, ...). */
  static FileFormat formatOf(String fileName) {
    for (FileFormat format : FileFormat.values()) {
      if (fileName.endsWith("." + format.value())) {
        return format;
      }
    }
    throw CoreErrors.unknownDataFileFormat(fileName);
  }

  /** The reader and writer of a data file, chosen by its extension. */
  static DataFileFormat ofFile(String fileName) {
    return of(formatOf(fileName));
  }
}

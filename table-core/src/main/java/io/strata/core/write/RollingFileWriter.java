package io.strata.core.write;

import io.strata.core.format.FileStats;
import io.strata.core.format.ParquetRowWriter;
import io.strata.core.io.FileIO;
import io.strata.core.paths.FileNamer;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.Path;

/** Writes rows into Parquet files of one bucket directory, rolling at the target size. */
final class RollingFileWriter {

  private final FileIO fileIO;
  private final Path bucketDir;
  private final RowType rowType;
  private final FileNamer names;
  private final WriteSettings settings;
  private final List<WrittenFile> written = new ArrayList<>();
  private ParquetRowWriter current;
  private String currentName;
  private long currentRows;
  private Object[] firstRow;
  private Object[] lastRow;

  RollingFileWriter(
      FileIO fileIO, Path bucketDir, RowType rowType, FileNamer names, WriteSettings settings) {
    this.fileIO = fileIO;
    this.bucketDir = bucketDir;
    this.rowType = rowType;
    this.names = names;
    this.settings = settings;
  }

  void write(Object[] row) {
    try {
      if (current == null) {
        currentName = names.next();
        current =
            ParquetRowWriter.create(
                fileIO.fileSystem(bucketDir),
                new Path(bucketDir, currentName),
                rowType,
                settings.parquet());
        currentRows = 0;
        firstRow = row;
      }
      current.write(row);
      lastRow = row;
      currentRows++;
      if (current.length() >= settings.targetFileSize()) {
        closeCurrent();
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write a data file in " + bucketDir, e);
    }
  }

  private void closeCurrent() throws IOException {
    FileStats stats = current.finish();
    Path path = new Path(bucketDir, currentName);
    long size = fileIO.fileSystem(path).getFileStatus(path).getLen();
    written.add(new WrittenFile(currentName, size, currentRows, stats, firstRow, lastRow));
    current = null;
  }

  /** Closes the open file and returns every file written. */
  List<WrittenFile> finish() {
    try {
      if (current != null) {
        closeCurrent();
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot finish a data file in " + bucketDir, e);
    }
    return written;
  }

  /** Closes and deletes everything written; used when the write fails. */
  void abort() {
    if (current != null) {
      current.abort();
      current = null;
    }
    for (WrittenFile f : written) {
      try {
        fileIO.delete(new Path(bucketDir, f.name()));
      } catch (IOException | RuntimeException ignored) {
        // An orphan at worst; remove_orphan_files cleans it.
      }
    }
  }
}

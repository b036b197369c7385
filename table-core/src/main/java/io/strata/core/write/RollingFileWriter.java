package io.strata.core.write;

import io.strata.core.fileindex.FileIndexWriter;
import io.strata.core.format.ColumnBatch;
import io.strata.core.format.DataFileFormat;
import io.strata.core.format.DataFileWriter;
import io.strata.core.format.FileStats;
import io.strata.core.format.ParquetWriteOptions;
import io.strata.core.io.FileIO;
import io.strata.core.merge.KeyValueLayout;
import io.strata.core.options.FileFormat;
import io.strata.core.paths.FileNamer;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.Path;

/**
 * Writes rows into data files of one bucket directory, in one format (the table's {@code
 * file.format}, or its {@code file.format.per.level} at the level written), rolling at the target
 * size.
 */
final class RollingFileWriter {

  private static final long MAX_ROWS_BETWEEN_SIZE_CHECKS = 1000;

  private final FileIO fileIO;
  private final Path bucketDir;
  private final RowType rowType;
  private final FileFormat format;
  private final FileNamer names;
  private final WriteSettings settings;
  private final ParquetWriteOptions fileOptions;
  private final List<WrittenFile> written = new ArrayList<>();
  private DataFileWriter current;

  /** The open file's index ({@code file-index.*}), or null when the table indexes none. */
  private FileIndexWriter currentIndex;

  private String currentName;
  private long currentRows;
  private long nextSizeCheck;
  private Object[] firstRow;
  private Object[] lastRow;

  /**
   * The leading columns of the last row written from a batch (when {@link #lastRow} is null),
   * copied: the key columns of a primary-key file, the only ones its key bounds need.
   */
  private ColumnBatch lastBatchRow;

  RollingFileWriter(
      FileIO fileIO,
      Path bucketDir,
      RowType rowType,
      FileFormat format,
      FileNamer names,
      WriteSettings settings) {
    this(fileIO, bucketDir, rowType, format, names, settings, List.of());
  }

  /**
   * A writer whose files also leave out the dictionary of {@code withoutDictionary} (columns whose
   * values a rewrite knows to be too many for one), unless the table sets it for them.
   */
  RollingFileWriter(
      FileIO fileIO,
      Path bucketDir,
      RowType rowType,
      FileFormat format,
      FileNamer names,
      WriteSettings settings,
      List<String> withoutDictionary) {
    this.fileIO = fileIO;
    this.bucketDir = bucketDir;
    this.rowType = rowType;
    this.format = format;
    this.names = names;
    this.settings = settings;
    List<String> noDictionary = new ArrayList<>(KeyValueLayout.distinctColumns(rowType));
    noDictionary.addAll(withoutDictionary);
    this.fileOptions = settings.parquet().withoutDictionaryFor(noDictionary);
  }

  /** The options each file is written with: the table's, plus no dictionary on distinct columns. */
  ParquetWriteOptions fileOptions() {
    return fileOptions;
  }

  void write(Object[] row) {
    try {
      boolean first = openIfNeeded();
      current.write(row);
      if (currentIndex != null) {
        currentIndex.add(row);
      }
      if (first) {
        firstRow = row;
      }
      lastRow = row;
      afterWrite();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write a data file in " + bucketDir, e);
    }
  }

  /**
   * Writes row {@code row} of {@code batch}, whose columns are this writer's row type, into a
   * Parquet file. The batch may change once this returns: the key columns of the last row (all of
   * its columns in a file without keys) are kept as a copy.
   */
  void write(ColumnBatch batch, int row) {
    try {
      boolean first = openIfNeeded();
      current.write(batch, row);
      if (currentIndex != null) {
        currentIndex.add(batch, row);
      }
      if (first) {
        firstRow = batch.toObjects(row);
      }
      if (lastBatchRow == null) {
        int keyArity = KeyValueLayout.keyArity(rowType);
        RowType kept = keyArity == 0 ? rowType : new RowType(rowType.fields().subList(0, keyArity));
        lastBatchRow = new ColumnBatch(kept, 1);
      }
      batch.copyRow(row, lastBatchRow);
      lastRow = null;
      afterWrite();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write a data file in " + bucketDir, e);
    }
  }

  /** Opens the next file if none is open; whether it did. */
  private boolean openIfNeeded() throws IOException {
    if (current != null) {
      return false;
    }
    currentName = names.next();
    current =
        DataFileFormat.of(format)
            .create(
                fileIO.fileSystem(bucketDir),
                new Path(bucketDir, currentName),
                rowType,
                fileOptions);
    // A primary-key file's value columns carry the user's names (its keys are _KEY_-prefixed
    // copies), so the index covers the same columns as Paimon's.
    currentIndex = FileIndexWriter.create(settings.tableOptions(), rowType);
    currentRows = 0;
    nextSizeCheck = 1;
    return true;
  }

  private void afterWrite() throws IOException {
    currentRows++;
    if (currentRows >= nextSizeCheck) {
      long length = current.length();
      if (length >= settings.targetFileSize()) {
        closeCurrent();
      } else {
        nextSizeCheck = currentRows + rowsBeforeNextCheck(length);
      }
    }
  }

  /**
   * Asking Parquet for the file's size walks every column's buffers, so it is asked again only
   * halfway to the target at the rows' average size so far (at least every row near the target, at
   * most every {@value #MAX_ROWS_BETWEEN_SIZE_CHECKS} rows).
   */
  private long rowsBeforeNextCheck(long length) {
    if (length <= 0) {
      return 1;
    }
    double bytesPerRow = (double) length / currentRows;
    long halfway = (long) ((settings.targetFileSize() - length) / bytesPerRow / 2);
    return Math.max(1, Math.min(MAX_ROWS_BETWEEN_SIZE_CHECKS, halfway));
  }

  private void closeCurrent() throws IOException {
    FileStats stats = current.finish();
    Path path = new Path(bucketDir, currentName);
    long size = fileIO.fileSystem(path).getFileStatus(path).getLen();
    Object[] last = lastRow != null ? lastRow : lastBatchRow.toObjects(0);
    byte[] embeddedIndex = null;
    List<String> extraFiles = List.of();
    if (currentIndex != null) {
      byte[] index = currentIndex.finish();
      if (currentIndex.embeds(index.length)) {
        embeddedIndex = index;
      } else {
        String indexName = currentName + ".index";
        try (java.io.OutputStream out =
            fileIO.fileSystem(bucketDir).create(new Path(bucketDir, indexName), false)) {
          out.write(index);
        }
        extraFiles = List.of(indexName);
      }
      currentIndex = null;
    }
    written.add(
        new WrittenFile(
            currentName, size, currentRows, stats, firstRow, last, embeddedIndex, extraFiles));
    current = null;
  }

  /** How many files are closed so far (one more each time the open file reaches its target). */
  int closedFiles() {
    return written.size();
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
        for (String extra : f.extraFiles()) {
          fileIO.delete(new Path(bucketDir, extra));
        }
        fileIO.delete(new Path(bucketDir, f.name()));
      } catch (IOException | RuntimeException ignored) {
        // An orphan at worst; remove_orphan_files cleans it.
      }
    }
  }
}

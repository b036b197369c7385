package io.strata.core.read;

import io.strata.core.deletion.DeletionVector;
import io.strata.core.deletion.DeletionVectorReader;
import io.strata.core.format.CloseableIterator;
import io.strata.core.format.DataFileFormat;
import io.strata.core.format.ParquetRowGroupFilter;
import io.strata.core.format.ParquetRowReader;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.options.FileFormat;
import io.strata.core.predicate.Predicate;
import io.strata.core.scan.FileIndexes;
import io.strata.core.schema.TableSchema;
import io.strata.core.split.DataSplit;
import io.strata.core.store.FileStore;
import io.strata.core.types.DataField;
import io.strata.core.types.RowType;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Reads the rows of a split file after file (append tables, raw-convertible key splits), projected
 * to the read fields. Each file is read with its own schema and mapped to the read schema by field
 * id ({@link FieldMapping}): a field the file lacks reads NULL, a widened type is converted.
 */
public final class SplitReader implements Iterator<Object[]>, Closeable {

  private final FileStore table;
  private final DataSplit split;
  private final RowType readType;
  private int nextFile;
  private CloseableIterator<Object[]> current;
  private DeletionVector deleted = DeletionVector.EMPTY;
  private long position;
  private Object[] pending;
  private long pendingPosition;
  private DataFileMeta currentFile;
  private DataFileMeta returnedFile;
  private long returnedPosition = -1;
  private final Map<Long, FieldMapping> mappings = new HashMap<>();
  private FieldMapping mapping;

  /** Row groups none of whose rows can match this (table row type) filter are skipped; or null. */
  private final Predicate rowGroupFilter;

  private final DeletionVectorReader deletionVectors;

  /** Fields read from each file after the read type's, by id (row tracking's own columns). */
  private List<DataField> systemFields = List.of();

  public SplitReader(FileStore table, DataSplit split, RowType readType) {
    this(table, split, readType, null);
  }

  /**
   * A reader that may skip row groups where {@code filter} (bound to the table's row type) holds
   * for no row; the rows it returns are not filtered.
   */
  public SplitReader(FileStore table, DataSplit split, RowType readType, Predicate filter) {
    this.table = table;
    this.split = split;
    this.readType = readType;
    this.rowGroupFilter = filter;
    this.deletionVectors = new DeletionVectorReader(table.fileIO());
  }

  @Override
  public boolean hasNext() {
    try {
      while (pending == null) {
        if (current != null && current.hasNext()) {
          Object[] row = current.next();
          if (!deleted.isDeleted(position)) {
            pending = row;
            pendingPosition = position;
          }
          position++;
          continue;
        }
        if (current != null) {
          current.close();
          current = null;
        }
        if (nextFile >= split.files().size()) {
          return false;
        }
        DataFileMeta file = split.files().get(nextFile);
        if (FileIndexes.excludes(table, split, file, rowGroupFilter)) {
          nextFile++;
          continue;
        }
        deleted = deletionVectors.read(split.deletionFile(nextFile));
        position = 0;
        currentFile = split.files().get(nextFile++);
        open(currentFile);
      }
      return true;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Opens a file with the reader of its format (its extension). Parquet row groups are skipped only
   * in files without deleted rows: a deletion vector counts positions from the file's first row,
   * and skipped groups would shift them.
   */
  private void open(DataFileMeta file) throws IOException {
    Predicate filter = deleted.isEmpty() ? rowGroupFilter : null;
    mapping = mappings.computeIfAbsent(file.schemaId(), this::mappingFor);
    Path path =
        table
            .dataFilePaths()
            .of(split.partition(), split.bucket(), file.fileName(), file.externalPath());
    FileSystem fs = table.fileIO().fileSystem(path);
    RowType requested = new RowType(mapping.requested());
    FileFormat format = DataFileFormat.formatOf(file.fileName());
    if (format != FileFormat.PARQUET) {
      current = DataFileFormat.of(format).open(fs, path, file.fileSize(), requested);
      return;
    }
    current =
        ParquetRowReader.open(
            fs,
            path,
            file.fileSize(),
            requested,
            fileSchema ->
                ParquetRowGroupFilter.of(
                    filter, table.schema().rowType(), table.schema().partitionType(), fileSchema));
  }

  /**
   * Makes every row end with {@code fields} after the read type's: columns a file may hold beyond
   * its schema's ({@link RowTracking}), NULL where it does not. Call before reading.
   */
  public SplitReader withSystemFields(List<DataField> fields) {
    this.systemFields = List.copyOf(fields);
    return this;
  }

  private FieldMapping mappingFor(long schemaId) {
    TableSchema fileSchema =
        schemaId == table.schema().id() ? table.schema() : table.schemaManager().schema(schemaId);
    if (systemFields.isEmpty()) {
      return FieldMapping.of(fileSchema.fields(), readType);
    }
    List<DataField> fileFields = new ArrayList<>(fileSchema.fields());
    fileFields.addAll(systemFields);
    List<DataField> read = new ArrayList<>(readType.fields());
    read.addAll(systemFields);
    return FieldMapping.of(fileFields, new RowType(read));
  }

  @Override
  public Object[] next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    Object[] row = pending;
    pending = null;
    returnedFile = currentFile;
    returnedPosition = pendingPosition;
    return mapping.map(row, 0);
  }

  /** The data file of the row {@link #next} returned last. */
  public DataFileMeta lastFile() {
    return returnedFile;
  }

  /**
   * The position in its file (0-based, counting deleted rows) of the row {@link #next} returned
   * last: the position a deletion vector marks. Only a reader without row-group filter knows it
   * (skipped row groups would shift the count).
   */
  public long lastPosition() {
    if (rowGroupFilter != null) {
      throw new IllegalStateException("row positions of a reader that skips row groups");
    }
    return returnedPosition;
  }

  @Override
  public void close() throws IOException {
    if (current != null) {
      current.close();
      current = null;
    }
  }
}

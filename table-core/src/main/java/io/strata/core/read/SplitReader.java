package io.strata.core.read;

import io.strata.core.commit.DataFilePaths;
import io.strata.core.format.ParquetRowReader;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.schema.TableSchema;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.DataField;
import io.strata.core.types.RowType;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.hadoop.fs.Path;

/**
 * Reads the rows of a split file after file (append tables, raw-convertible key splits), projected
 * to the read fields. Each file is read with its own schema and mapped to the read schema by field
 * id: a field the file lacks reads NULL.
 */
public final class SplitReader implements Iterator<Object[]>, Closeable {

  private final FileStoreTable table;
  private final DataSplit split;
  private final RowType readType;
  private int nextFile;
  private ParquetRowReader current;
  private int[] mapping;

  public SplitReader(FileStoreTable table, DataSplit split, RowType readType) {
    this.table = table;
    this.split = split;
    this.readType = readType;
  }

  @Override
  public boolean hasNext() {
    try {
      while (current == null || !current.hasNext()) {
        if (current != null) {
          current.close();
          current = null;
        }
        if (nextFile >= split.files().size()) {
          return false;
        }
        open(split.files().get(nextFile++));
      }
      return true;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void open(DataFileMeta file) throws IOException {
    TableSchema fileSchema =
        file.schemaId() == table.schema().id()
            ? table.schema()
            : table.schemaManager().schema(file.schemaId());
    List<DataField> fileFields = new ArrayList<>();
    mapping = new int[readType.size()];
    for (int i = 0; i < readType.size(); i++) {
      mapping[i] = -1;
      DataField read = readType.field(i);
      for (DataField f : fileSchema.fields()) {
        if (f.id() == read.id()) {
          mapping[i] = fileFields.size();
          fileFields.add(f);
        }
      }
    }
    Path path = DataFilePaths.of(table, split.partition(), split.bucket(), file);
    current =
        ParquetRowReader.open(
            table.fileIO().fileSystem(path), path, file.fileSize(), new RowType(fileFields));
  }

  @Override
  public Object[] next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    Object[] fileRow = current.next();
    Object[] row = new Object[mapping.length];
    for (int i = 0; i < mapping.length; i++) {
      if (mapping[i] >= 0) {
        row[i] = fileRow[mapping[i]];
      }
    }
    return row;
  }

  @Override
  public void close() throws IOException {
    if (current != null) {
      current.close();
      current = null;
    }
  }
}

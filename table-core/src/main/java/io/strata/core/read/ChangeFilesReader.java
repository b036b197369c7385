package io.strata.core.read;

import io.strata.core.format.CloseableIterator;
import io.strata.core.format.DataFileFormat;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.merge.KeyValueLayout;
import io.strata.core.merge.RowKind;
import io.strata.core.schema.TableSchema;
import io.strata.core.split.DataSplit;
import io.strata.core.store.FileStore;
import io.strata.core.types.DataField;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.hadoop.fs.Path;

/**
 * Reads the change files of one primary-key bucket one after another, in the split's order, each
 * record as written, unmerged: the level-0 files a snapshot added ({@code changelog-producer}
 * {@code none}) or its changelog files ({@code input}, where a key written twice in one commit
 * appears twice). Either every record leads with its row kind ({@code +I}, {@code -U}, {@code +U},
 * {@code -D}), as {@code $audit_log} shows them, or only inserts and updates come out, as plain
 * rows, since a plain row cannot carry a retraction.
 *
 * <p>Example: a changelog file holding {@code (1, +I, a) (1, -U, a) (1, +U, b) (2, -D, c)} reads as
 * {@code [+I, 1, a] [-U, 1, a] [+U, 1, b] [-D, 2, c]} with kinds, as {@code [1, a] [1, b]} without.
 */
final class ChangeFilesReader implements CloseableIterator<Object[]> {

  /** Whether records lead with their kind or retractions are dropped. */
  enum Output {
    WITH_ROW_KINDS,
    UPSERTS_ONLY
  }

  private final FileStore table;
  private final DataSplit split;
  private final RowType readType;
  private final Output output;
  private int nextFile;
  private CloseableIterator<Object[]> current;
  private FieldMapping mapping;
  private KeyValueLayout layout;
  private Object[] next;

  ChangeFilesReader(FileStore table, DataSplit split, RowType readType, Output output) {
    this.table = table;
    this.split = split;
    this.readType = readType;
    this.output = output;
  }

  @Override
  public boolean hasNext() {
    while (next == null) {
      if (current == null || !current.hasNext()) {
        closeCurrent();
        if (nextFile >= split.files().size()) {
          return false;
        }
        open(split.files().get(nextFile++));
        continue;
      }
      next = toOutput(current.next());
    }
    return true;
  }

  /** The record as output, or null when it is a retraction and only upserts are wanted. */
  private Object[] toOutput(Object[] fileRow) {
    RowKind kind = RowKind.fromValue((Byte) fileRow[layout.kindIndex()]);
    Object[] values = mapping.map(fileRow, layout.valueOffset());
    if (output == Output.UPSERTS_ONLY) {
      return kind.isRetract() ? null : values;
    }
    Object[] row = new Object[values.length + 1];
    row[0] = kind.shortString();
    System.arraycopy(values, 0, row, 1, values.length);
    return row;
  }

  private void open(DataFileMeta file) {
    TableSchema fileSchema =
        file.schemaId() == table.schema().id()
            ? table.schema()
            : table.schemaManager().schema(file.schemaId());
    layout = new KeyValueLayout(fileSchema.trimmedPrimaryKeyType(), fileSchema.rowType());
    mapping = FieldMapping.of(fileSchema.fields(), readType);
    List<DataField> requested =
        new ArrayList<>(layout.fileType().fields().subList(0, layout.valueOffset()));
    requested.addAll(mapping.requested());
    Path path =
        table
            .dataFilePaths()
            .of(split.partition(), split.bucket(), file.fileName(), file.externalPath());
    try {
      // Paimon writes change files in the format of their level (Avro in bucket-postpone/).
      current =
          DataFileFormat.ofFile(file.fileName())
              .open(table.fileIO().fileSystem(path), path, file.fileSize(), new RowType(requested));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the change file " + path, e);
    }
  }

  @Override
  public Object[] next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    Object[] row = next;
    next = null;
    return row;
  }

  @Override
  public void close() throws IOException {
    if (current != null) {
      current.close();
      current = null;
    }
  }

  private void closeCurrent() {
    try {
      close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

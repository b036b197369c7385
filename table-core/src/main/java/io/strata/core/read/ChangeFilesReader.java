package io.strata.core.read;

import io.strata.core.format.CloseableIterator;
import io.strata.core.split.DataSplit;
import io.strata.core.store.FileStore;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * Reads the files a snapshot added to one primary-key bucket one after another, in sequence order,
 * each on its own: every upsert of the snapshot is a row, and a delete, which a plain row cannot
 * carry, is dropped. Files are not merged with each other, so a key changed by two commits appears
 * twice, in commit order, as a streaming read must show it. A written file holds each key once.
 */
final class ChangeFilesReader implements CloseableIterator<Object[]> {

  private final FileStore table;
  private final DataSplit split;
  private final RowType readType;
  private int nextFile;
  private MergeSplitReader current;

  ChangeFilesReader(FileStore table, DataSplit split, RowType readType) {
    this.table = table;
    this.split = split;
    this.readType = readType;
  }

  @Override
  public boolean hasNext() {
    while (current == null || !current.hasNext()) {
      closeCurrent();
      if (nextFile >= split.files().size()) {
        return false;
      }
      DataSplit one =
          new DataSplit(
              split.snapshotId(),
              split.partition(),
              split.bucket(),
              split.totalBuckets(),
              List.of(split.files().get(nextFile++)),
              false);
      current = new MergeSplitReader(table, one, readType);
    }
    return true;
  }

  @Override
  public Object[] next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    return current.next();
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

package io.strata.core.read;

import io.strata.core.format.CloseableIterator;
import io.strata.core.merge.RowKind;
import io.strata.core.predicate.Predicate;
import io.strata.core.split.DataSplit;
import io.strata.core.store.FileStore;
import io.strata.core.types.RowType;
import java.io.IOException;

/** Opens the right reader for a split: plain file reads, or merge-on-read for key tables. */
public final class TableRead {

  private final FileStore table;

  /** A reader of {@code table}'s splits; {@code FileStoreTable.newRead()} makes one. */
  public TableRead(FileStore table) {
    this.table = table;
  }

  /** {@link #open(FileStore, DataSplit, RowType)} of this reader's table. */
  public CloseableIterator<Object[]> open(DataSplit split, RowType readType) {
    return open(table, split, readType);
  }

  /** {@link #openAuditLog(FileStore, DataSplit, RowType)} of this reader's table. */
  public CloseableIterator<Object[]> openAuditLog(DataSplit split, RowType readType) {
    return openAuditLog(table, split, readType);
  }

  public static CloseableIterator<Object[]> open(
      FileStore table, DataSplit split, RowType readType) {
    return open(table, split, readType, null);
  }

  /**
   * Like {@link #open(FileStore, DataSplit, RowType)}, but a split read without a merge skips the
   * Parquet row groups where {@code filter} (bound to the table's row type; null for none) holds
   * for no row. Rows are not filtered: the caller still evaluates its filter.
   */
  public static CloseableIterator<Object[]> open(
      FileStore table, DataSplit split, RowType readType, Predicate filter) {
    if (split.rawConvertible() || !table.schema().hasPrimaryKey()) {
      return wrap(new SplitReader(table, split, readType, filter));
    }
    try {
      CloseableIterator<Object[]> batched = DeduplicatingBatchMerge.rows(table, split, readType);
      if (batched != null) {
        return batched;
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return wrap(new MergeSplitReader(table, split, readType));
  }

  /**
   * The rows of a split of a snapshot's changes ({@code scan.StreamScan}): an append table's files
   * as written; a primary-key table's change files one by one, upserts as rows, retractions
   * dropped.
   */
  public static CloseableIterator<Object[]> openChanges(
      FileStore table, DataSplit split, RowType readType) {
    if (!table.schema().hasPrimaryKey()) {
      return open(table, split, readType);
    }
    return new ChangeFilesReader(table, split, readType, ChangeFilesReader.Output.UPSERTS_ONLY);
  }

  /**
   * Like {@link #openChanges} but every record leads with its row kind as {@code $audit_log} shows
   * it: an append table's rows are all {@code +I}; a primary-key table's records keep the kind they
   * were written with, retractions included ({@code -U}, {@code -D}).
   */
  public static CloseableIterator<Object[]> openChangesWithRowKinds(
      FileStore table, DataSplit split, RowType readType) {
    if (!table.schema().hasPrimaryKey()) {
      return map(open(table, split, readType), r -> prepend(RowKind.INSERT.shortString(), r));
    }
    return new ChangeFilesReader(table, split, readType, ChangeFilesReader.Output.WITH_ROW_KINDS);
  }

  /**
   * Rows as {@code $audit_log} shows them: the row kind ({@code +I}, {@code +U}) then the values;
   * key tables are merged, so deleted keys do not appear.
   */
  public static CloseableIterator<Object[]> openAuditLog(
      FileStore table, DataSplit split, RowType readType) {
    if (!table.schema().hasPrimaryKey()) {
      CloseableIterator<Object[]> rows = open(table, split, readType);
      return map(rows, r -> prepend("+I", r));
    }
    io.strata.core.merge.KeyValueLayout layout =
        new io.strata.core.merge.KeyValueLayout(table.schema().trimmedPrimaryKeyType(), readType);
    MergeSplitReader reader = new MergeSplitReader(table, split, readType).emittingKeyValues();
    return map(
        wrap(reader),
        r -> {
          RowKind kind = RowKind.fromValue((Byte) r[layout.kindIndex()]);
          Object[] values = java.util.Arrays.copyOfRange(r, layout.valueOffset(), r.length);
          return prepend(kind == RowKind.UPDATE_AFTER ? "+U" : "+I", values);
        });
  }

  private static Object[] prepend(String kind, Object[] values) {
    Object[] row = new Object[values.length + 1];
    row[0] = kind;
    System.arraycopy(values, 0, row, 1, values.length);
    return row;
  }

  private static CloseableIterator<Object[]> map(
      CloseableIterator<Object[]> rows, java.util.function.UnaryOperator<Object[]> f) {
    return new CloseableIterator<>() {
      @Override
      public boolean hasNext() {
        return rows.hasNext();
      }

      @Override
      public Object[] next() {
        return f.apply(rows.next());
      }

      @Override
      public void close() throws IOException {
        rows.close();
      }
    };
  }

  private static <T extends java.util.Iterator<Object[]> & java.io.Closeable>
      CloseableIterator<Object[]> wrap(T reader) {
    return new CloseableIterator<>() {
      @Override
      public boolean hasNext() {
        return reader.hasNext();
      }

      @Override
      public Object[] next() {
        return reader.next();
      }

      @Override
      public void close() throws IOException {
        reader.close();
      }
    };
  }
}

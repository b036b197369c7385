package io.strata.core.read;

import io.strata.core.format.CloseableIterator;
import io.strata.core.split.IncrementalSplit;
import io.strata.core.store.FileStore;
import io.strata.core.types.RowType;

/**
 * Opens the rows of a split of a batch incremental read ({@code scan.IncrementalScan}), as Paimon
 * 1.3.1 reads them: either upserts as plain rows (deletes and update-befores dropped, since a plain
 * row cannot carry a retraction), or, for {@code $audit_log}, every row leading with its kind.
 */
public final class IncrementalRead {

  private IncrementalRead() {}

  public static CloseableIterator<Object[]> open(
      FileStore table, IncrementalSplit split, RowType readType, boolean withRowKinds) {
    if (!split.diff()) {
      return withRowKinds
          ? TableRead.openChangesWithRowKinds(table, split.after(), readType)
          : TableRead.openChanges(table, split.after(), readType);
    }
    if (table.schema().hasPrimaryKey()) {
      return new KeyDiffReader(table, split, readType, withRowKinds);
    }
    // An append table's diff is the rows of the files only the later version has.
    return withRowKinds
        ? TableRead.openChangesWithRowKinds(table, split.after(), readType)
        : TableRead.open(table, split.after(), readType);
  }
}

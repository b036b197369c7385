package io.strata.core.system;

import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowType;
import java.util.List;

/** A read-only metadata table of a data table, loaded as {@code t$name}. */
public interface SystemTable {

  String name();

  RowType rowType();

  /** What the table shows, one sentence for the generated docs. */
  String description();

  /**
   * The rows, as of {@code snapshot} where the table is versioned (null = latest; ignored by tables
   * that are not).
   */
  List<Object[]> rows(FileStoreTable table, Snapshot snapshot);
}

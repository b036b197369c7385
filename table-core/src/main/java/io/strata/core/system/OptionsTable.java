package io.strata.core.system;

import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.List;

/** {@code t$options}: the table options of the latest schema. */
final class OptionsTable implements SystemTable {

  private static final RowType TYPE =
      Fields.row(
          "key",
          Fields.stringNotNull(),
          "Option key.",
          "value",
          Fields.stringNotNull(),
          "Option value.");

  @Override
  public String name() {
    return "options";
  }

  @Override
  public String description() {
    return "The table options of the latest schema.";
  }

  @Override
  public RowType rowType() {
    return TYPE;
  }

  @Override
  public List<Object[]> rows(FileStoreTable table, Snapshot ignored) {
    List<Object[]> rows = new ArrayList<>();
    table.schema().options().forEach((k, v) -> rows.add(new Object[] {k, v}));
    return rows;
  }
}

package io.strata.core.system;

import io.strata.core.snapshot.Consumer;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.List;

/** {@code t$consumers}: {@code consumer/consumer-<id>} files and their next snapshot ids. */
final class ConsumersTable implements SystemTable {

  private static final RowType TYPE =
      Fields.row(
          "consumer_id",
          Fields.stringNotNull(),
          "Consumer id (file consumer/consumer-<id>).",
          "next_snapshot_id",
          Fields.bigintNotNull(),
          "Snapshot the consumer reads next; it and later snapshots are not expired.");

  @Override
  public String name() {
    return "consumers";
  }

  @Override
  public String description() {
    return "One row per consumer: the next snapshot it reads, which expiration keeps.";
  }

  @Override
  public RowType rowType() {
    return TYPE;
  }

  @Override
  public List<Object[]> rows(FileStoreTable table, Snapshot ignored) {
    List<Object[]> rows = new ArrayList<>();
    for (Consumer c : table.consumerManager().consumers()) {
      rows.add(new Object[] {c.id(), c.nextSnapshot()});
    }
    return rows;
  }
}

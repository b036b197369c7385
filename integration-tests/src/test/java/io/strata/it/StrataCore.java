package io.strata.it;

import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.format.CloseableIterator;
import io.strata.core.io.HadoopFileIO;
import io.strata.core.options.Options;
import io.strata.core.read.TableRead;
import io.strata.core.scan.TableScan;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Strata's own table-core view of a warehouse, for what Spark SQL does not show. */
final class StrataCore {

  private StrataCore() {}

  static FileStoreTable table(Path warehouse, String db, String name) {
    WarehouseCatalog catalog =
        new WarehouseCatalog(
            HadoopFileIO.local(), new org.apache.hadoop.fs.Path(warehouse.toUri()));
    return catalog.loadTable(new Identifier(db, name));
  }

  /** Every snapshot, rendered by {@link CanonicalRows#snapshot}, oldest first. */
  static List<String> snapshots(FileStoreTable table) {
    List<String> out = new ArrayList<>();
    try {
      for (long id : table.snapshotManager().listIds()) {
        Snapshot s = table.snapshotManager().snapshot(id);
        out.add(
            CanonicalRows.snapshot(
                s.id(), s.commitKind(), s.schemaId(), s.totalRecordCount(), s.deltaRecordCount()));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  /**
   * The bucket each value of column {@code column} sits in, by Strata's scan of the latest snapshot
   * (values rendered with {@link String#valueOf}); fails if one value is in two buckets.
   */
  static Map<String, Integer> bucketByValue(FileStoreTable table, String column) {
    RowType readType = table.schema().rowType().project(List.of(column));
    Map<String, Integer> buckets = new HashMap<>();
    TableScan.Plan plan =
        new TableScan(table, new Options(Map.of())).plan(table.snapshotManager().latest());
    for (DataSplit split : plan.splits()) {
      try (CloseableIterator<Object[]> rows = TableRead.open(table, split, readType)) {
        while (rows.hasNext()) {
          String value = String.valueOf(rows.next()[0]);
          Integer before = buckets.put(value, split.bucket());
          if (before != null && before != split.bucket()) {
            throw new AssertionError(
                column + " = " + value + " is in buckets " + before + " and " + split.bucket());
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return buckets;
  }
}

package io.strata.core.write;

import io.strata.core.data.BinaryRowCodec;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.merge.RowKind;
import io.strata.core.scan.FileStoreScan;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Rows of a (dt, id, v) primary-key table partitioned by dt, and the bucket layout its live files
 * have: shared by the tests of tables whose partitions may have bucket counts of their own.
 */
final class PartitionedKeyRows {

  /** (dt, id, v): the rows' type. */
  static final RowType KV =
      new RowType(
          List.of(
              new DataField(0, "dt", DataTypes.STRING().notNull()),
              new DataField(1, "id", DataTypes.BIGINT().notNull()),
              new DataField(2, "v", DataTypes.STRING())));

  /** The bucket key (id) within a partition. */
  static final RowType KEY =
      new RowType(List.of(new DataField(1, "id", DataTypes.BIGINT().notNull())));

  private PartitionedKeyRows() {}

  /** (dt, id, v + id) for id in [from, to). */
  static List<Object[]> rows(String dt, int from, int to, String v) {
    List<Object[]> rows = new ArrayList<>();
    for (long id = from; id < to; id++) {
      rows.add(new Object[] {dt, id, v + id});
    }
    return rows;
  }

  /** One write of {@code rows} as upserts, committed as Spark's write tasks would. */
  static Snapshot upsert(FileStoreTable table, List<Object[]> rows) {
    return TableTestSupport.write(table, rows, Collections.nCopies(rows.size(), RowKind.INSERT));
  }

  static List<ManifestEntry> live(FileStoreTable table) {
    return new FileStoreScan(table.manifestFiles(), table.schema().partitionType())
        .liveEntries(table.snapshotManager().latest());
  }

  /** "dt:totalBuckets" of every live file. */
  static List<String> layouts(FileStoreTable table) {
    return live(table).stream()
        .map(
            e ->
                BinaryRowCodec.deserialize(table.schema().partitionType(), e.partition())[0]
                    + ":"
                    + e.totalBuckets())
        .distinct()
        .sorted()
        .toList();
  }
}

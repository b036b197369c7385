package io.strata.core.system;

import io.strata.core.manifest.ManifestFileMeta;
import io.strata.core.scan.FileStoreScan;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.List;

/** {@code t$manifests}: the manifests of a snapshot (latest unless time-travelled). */
final class ManifestsTable implements SystemTable {

  private static final RowType TYPE =
      Fields.row(
          "file_name", Fields.stringNotNull(),
          "file_size", Fields.bigintNotNull(),
          "num_added_files", Fields.bigintNotNull(),
          "num_deleted_files", Fields.bigintNotNull(),
          "schema_id", Fields.bigintNotNull(),
          "min_partition_stats", Fields.string(),
          "max_partition_stats", Fields.string());

  @Override
  public String name() {
    return "manifests";
  }

  @Override
  public RowType rowType() {
    return TYPE;
  }

  @Override
  public List<Object[]> rows(FileStoreTable table, Snapshot snapshot) {
    Snapshot at = snapshot != null ? snapshot : table.snapshotManager().latest();
    List<Object[]> rows = new ArrayList<>();
    if (at == null) {
      return rows;
    }
    RowType partitionType = table.schema().partitionType();
    FileStoreScan scan = new FileStoreScan(table.manifestFiles(), partitionType);
    for (ManifestFileMeta m : scan.manifestsOf(at)) {
      rows.add(
          new Object[] {
            m.fileName(),
            m.fileSize(),
            m.numAddedFiles(),
            m.numDeletedFiles(),
            m.schemaId(),
            Render.stats(partitionType, m.partitionStats(), Render.Which.MIN),
            Render.stats(partitionType, m.partitionStats(), Render.Which.MAX)
          });
    }
    return rows;
  }
}

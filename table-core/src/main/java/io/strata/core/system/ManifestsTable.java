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
          "file_name",
          Fields.stringNotNull(),
          "Manifest file name (under manifest/).",
          "file_size",
          Fields.bigintNotNull(),
          "Manifest size in bytes.",
          "num_added_files",
          Fields.bigintNotNull(),
          "ADD entries in the manifest.",
          "num_deleted_files",
          Fields.bigintNotNull(),
          "DELETE entries in the manifest.",
          "schema_id",
          Fields.bigintNotNull(),
          "Schema the manifest was written with.",
          "min_partition_stats",
          Fields.string(),
          "Smallest partition values of its entries.",
          "max_partition_stats",
          Fields.string(),
          "Largest partition values of its entries.");

  @Override
  public String name() {
    return "manifests";
  }

  @Override
  public String description() {
    return "The manifests of a snapshot (the latest unless time-travelled).";
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

package io.strata.core.system;

import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/** {@code t$snapshots}: one row per snapshot file present, ascending. */
final class SnapshotsTable implements SystemTable {

  private static final RowType TYPE =
      Fields.row(
          "snapshot_id", Fields.bigintNotNull(),
          "schema_id", Fields.bigintNotNull(),
          "commit_user", Fields.stringNotNull(),
          "commit_identifier", Fields.bigintNotNull(),
          "commit_kind", Fields.stringNotNull(),
          "commit_time", Fields.timestamp().notNull(),
          "base_manifest_list", Fields.stringNotNull(),
          "delta_manifest_list", Fields.stringNotNull(),
          "changelog_manifest_list", Fields.string(),
          "total_record_count", Fields.bigint(),
          "delta_record_count", Fields.bigint(),
          "changelog_record_count", Fields.bigint(),
          "watermark", Fields.bigint());

  @Override
  public String name() {
    return "snapshots";
  }

  @Override
  public RowType rowType() {
    return TYPE;
  }

  @Override
  public List<Object[]> rows(FileStoreTable table, Snapshot ignored) {
    List<Object[]> rows = new ArrayList<>();
    try {
      for (long id : table.snapshotManager().listIds()) {
        Snapshot s = table.snapshotManager().snapshot(id);
        rows.add(
            new Object[] {
              s.id(),
              s.schemaId(),
              s.commitUser(),
              s.commitIdentifier(),
              s.commitKind().name(),
              Fields.localTime(s.timeMillis()),
              s.baseManifestList(),
              s.deltaManifestList(),
              s.changelogManifestList(),
              s.totalRecordCount(),
              s.deltaRecordCount(),
              s.changelogRecordCount(),
              s.watermark()
            });
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return rows;
  }
}

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
          "snapshot_id",
          Fields.bigintNotNull(),
          "Snapshot id; each commit adds the next one.",
          "schema_id",
          Fields.bigintNotNull(),
          "Schema version the commit wrote with.",
          "commit_user",
          Fields.stringNotNull(),
          "Id of the writer that committed.",
          "commit_identifier",
          Fields.bigintNotNull(),
          "Commit number within the writer.",
          "commit_kind",
          Fields.stringNotNull(),
          "APPEND (new data), COMPACT (rewritten files), OVERWRITE (replaced or dropped partitions) or ANALYZE.",
          "commit_time",
          Fields.timestamp().notNull(),
          "Commit time, in the JVM's time zone.",
          "base_manifest_list",
          Fields.stringNotNull(),
          "Manifest list of the files live before this commit.",
          "delta_manifest_list",
          Fields.stringNotNull(),
          "Manifest list of the files this commit added and deleted.",
          "changelog_manifest_list",
          Fields.string(),
          "Manifest list of changelog files, if any.",
          "total_record_count",
          Fields.bigint(),
          "Records in the files live after this commit (deletes of key tables count until compacted).",
          "delta_record_count",
          Fields.bigint(),
          "Records in the files this commit added minus those it deleted.",
          "changelog_record_count",
          Fields.bigint(),
          "Records in changelog files of this commit.",
          "watermark",
          Fields.bigint(),
          "Event-time watermark of the writer, if it had one.");

  @Override
  public String name() {
    return "snapshots";
  }

  @Override
  public String description() {
    return "One row per snapshot still on disk, oldest first.";
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

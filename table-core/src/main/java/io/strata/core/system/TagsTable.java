package io.strata.core.system;

import io.strata.core.options.Durations;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.snapshot.Tag;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowType;
import io.strata.core.types.Timestamp;
import java.util.ArrayList;
import java.util.List;

/** {@code t$tags}: one row per tag, by name. */
final class TagsTable implements SystemTable {

  private static final RowType TYPE =
      Fields.row(
          "tag_name",
          Fields.stringNotNull(),
          "Tag name.",
          "snapshot_id",
          Fields.bigintNotNull(),
          "Snapshot the tag keeps.",
          "schema_id",
          Fields.bigintNotNull(),
          "Schema of that snapshot.",
          "commit_time",
          Fields.timestamp().notNull(),
          "Commit time of that snapshot.",
          "record_count",
          Fields.bigint(),
          "total_record_count of that snapshot.",
          "create_time",
          Fields.timestamp(),
          "When the tag was created (null for tags written without it).",
          "time_retained",
          Fields.string(),
          "How long the tag is kept after create_time (null: until deleted).");

  @Override
  public String name() {
    return "tags";
  }

  @Override
  public String description() {
    return "One row per tag: the snapshot it keeps and how long.";
  }

  @Override
  public RowType rowType() {
    return TYPE;
  }

  @Override
  public List<Object[]> rows(FileStoreTable table, Snapshot ignored) {
    List<Object[]> rows = new ArrayList<>();
    table
        .tagManager()
        .tags()
        .forEach(
            (name, tag) -> {
              Snapshot s = tag.snapshot();
              rows.add(
                  new Object[] {
                    name,
                    s.id(),
                    s.schemaId(),
                    Fields.localTime(s.timeMillis()),
                    s.totalRecordCount(),
                    createTime(tag),
                    tag.timeRetained() == null ? null : Durations.format(tag.timeRetained())
                  });
            });
    return rows;
  }

  private static Timestamp createTime(Tag tag) {
    return tag.createTime() == null ? null : Timestamp.fromLocalDateTime(tag.createTime());
  }
}

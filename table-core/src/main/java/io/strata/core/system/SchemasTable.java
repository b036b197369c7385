package io.strata.core.system;

import io.strata.core.schema.DataTypeJson;
import io.strata.core.schema.TableSchema;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.DataField;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** {@code t$schemas}: every schema version. */
final class SchemasTable implements SystemTable {

  private static final RowType TYPE =
      Fields.row(
          "schema_id",
          Fields.bigintNotNull(),
          "Schema version.",
          "fields",
          Fields.stringNotNull(),
          "Columns as JSON (id, name, type, description).",
          "partition_keys",
          Fields.stringNotNull(),
          "Partition columns as a JSON array.",
          "primary_keys",
          Fields.stringNotNull(),
          "Primary-key columns as a JSON array.",
          "options",
          Fields.stringNotNull(),
          "Table options of this version as a JSON object.",
          "comment",
          Fields.string(),
          "Table comment.",
          "update_time",
          Fields.timestamp().notNull(),
          "When this schema version was written.");

  @Override
  public String name() {
    return "schemas";
  }

  @Override
  public String description() {
    return "Every schema version of the table.";
  }

  @Override
  public RowType rowType() {
    return TYPE;
  }

  @Override
  public List<Object[]> rows(FileStoreTable table, Snapshot ignored) {
    List<Object[]> rows = new ArrayList<>();
    for (long id : table.schemaManager().listIds()) {
      TableSchema s = table.schemaManager().schema(id);
      rows.add(
          new Object[] {
            s.id(),
            fieldsJson(s.fields()),
            jsonList(s.partitionKeys()),
            jsonList(s.primaryKeys()),
            jsonMap(s.options()),
            s.comment(),
            Fields.localTime(s.timeMillis())
          });
    }
    return rows;
  }

  private static String fieldsJson(List<DataField> fields) {
    List<String> parts = new ArrayList<>();
    for (DataField f : fields) {
      parts.add(
          "{\"id\":"
              + f.id()
              + ",\"name\":"
              + quote(f.name())
              + ",\"type\":"
              + DataTypeJson.toJson(f.type())
              + (f.description() == null ? "" : ",\"description\":" + quote(f.description()))
              + "}");
    }
    return "[" + String.join(",", parts) + "]";
  }

  static String jsonList(List<String> values) {
    List<String> quoted = values.stream().map(SchemasTable::quote).toList();
    return "[" + String.join(",", quoted) + "]";
  }

  static String jsonMap(Map<String, String> map) {
    List<String> parts = new ArrayList<>();
    map.forEach((k, v) -> parts.add(quote(k) + ":" + quote(v)));
    return "{" + String.join(",", parts) + "}";
  }

  static String quote(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }
}

package io.strata.core.system;

import io.strata.core.schema.TableSchema;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.DataField;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code t$aggregation_fields}, as Paimon 1.3.1 shows it: per column of the latest schema, its type
 * and the {@code fields.<column>.*} options set on it (its aggregate function, sequence group,
 * ...), values and keys as two lists in option order.
 */
final class AggregationFieldsTable implements SystemTable {

  private static final RowType TYPE =
      Fields.row(
          "field_name",
          Fields.stringNotNull(),
          "Column name.",
          "field_type",
          Fields.stringNotNull(),
          "Column type, as Paimon writes it (INT NOT NULL, STRING, ...).",
          "function",
          Fields.string(),
          "Values of the column's fields.<column>.* options, e.g. [sum] or [true, count].",
          "function_options",
          Fields.string(),
          "Keys of those options, in the same order, e.g. [fields.price.aggregate-function].",
          "comment",
          Fields.string(),
          "Column comment.");

  @Override
  public String name() {
    return "aggregation_fields";
  }

  @Override
  public String description() {
    return "One row per column of the latest schema: its type and the options set on it"
        + " (fields.<column>.aggregate-function, ignore-retract, sequence-group, ...), which say"
        + " how an aggregation or partial-update table merges it.";
  }

  @Override
  public RowType rowType() {
    return TYPE;
  }

  @Override
  public List<Object[]> rows(FileStoreTable table, Snapshot ignored) {
    TableSchema schema = table.schema();
    Map<String, List<String>> values = new LinkedHashMap<>();
    Map<String, List<String>> keys = new LinkedHashMap<>();
    // In the order Paimon lists them: it reads a schema's options into a HashMap, filled in file
    // order (which a HashMap built in one go from another map may not reproduce).
    Map<String, String> options = new HashMap<>();
    schema.options().forEach(options::put);
    options.forEach(
        (key, value) -> {
          String[] parts = key.split("\\.");
          if (parts.length > 2 && parts[0].equals("fields")) {
            values.computeIfAbsent(parts[1], k -> new ArrayList<>()).add(value);
            keys.computeIfAbsent(parts[1], k -> new ArrayList<>()).add(key);
          }
        });
    List<Object[]> rows = new ArrayList<>();
    for (DataField f : schema.fields()) {
      rows.add(
          new Object[] {
            f.name(),
            f.type().toString(),
            values.getOrDefault(f.name(), List.of()).toString(),
            keys.getOrDefault(f.name(), List.of()).toString(),
            f.description()
          });
    }
    return rows;
  }
}

package io.strata.core.schema;

import io.strata.core.types.ArrayType;
import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.MapType;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Schema merging for writes by column name ({@code mergeSchema}): the columns and nested ROW fields
 * of the written data that the table lacks are added (nullable at every level, at the end); a table
 * column whose type the data widens is widened; data of a narrower type is widened on write. Names
 * match exactly, else case-insensitively.
 *
 * <p>Example: table {@code (id BIGINT, v INT)}, data {@code (id INT, v BIGINT, note STRING)} →
 * changes {@code [v TYPE BIGINT, ADD note STRING]}; {@code id} is written as BIGINT.
 */
public final class WriteSchemaMerge {

  private WriteSchemaMerge() {}

  /** The changes that make {@code table} hold every column of {@code data}. */
  public static List<SchemaChange> changes(RowType table, RowType data) {
    List<SchemaChange> changes = new ArrayList<>();
    collect(table, data, List.of(), changes);
    return changes;
  }

  private static void collect(
      RowType table, RowType data, List<String> parent, List<SchemaChange> changes) {
    for (DataField d : data.fields()) {
      int i = indexOf(table, d.name());
      List<String> path = append(parent, i < 0 ? d.name() : table.field(i).name());
      if (i < 0) {
        changes.add(
            new SchemaChange.AddColumn(
                path, nullable(d.type()), d.description(), SchemaChange.Position.last()));
      } else {
        collect(table.typeAt(i), d.type(), path, changes);
      }
    }
  }

  private static void collect(
      DataType table, DataType data, List<String> path, List<SchemaChange> changes) {
    if (table instanceof RowType t && data instanceof RowType d) {
      collect(t, d, path, changes);
    } else if (table instanceof ArrayType t && data instanceof ArrayType d) {
      collect(t.element(), d.element(), append(path, ColumnPaths.ELEMENT), changes);
    } else if (table instanceof MapType t && data instanceof MapType d) {
      collect(t.key(), d.key(), append(path, ColumnPaths.KEY), changes);
      collect(t.value(), d.value(), append(path, ColumnPaths.VALUE), changes);
    } else if (!TypeWidening.isSafe(data, table)) {
      if (!TypeWidening.isSafe(table, data)) {
        throw SchemaChangeErrors.cannotMergeType(path, data, table);
      }
      changes.add(new SchemaChange.UpdateColumnType(path, data));
    }
  }

  /** The type with every level nullable: later writes may lack what this one happened to have. */
  private static DataType nullable(DataType type) {
    if (type instanceof RowType row) {
      List<DataField> fields = new ArrayList<>();
      for (DataField f : row.fields()) {
        fields.add(f.withType(nullable(f.type())));
      }
      return new RowType(fields, true);
    }
    if (type instanceof ArrayType array) {
      return new ArrayType(nullable(array.element()), true);
    }
    if (type instanceof MapType map) {
      return new MapType(map.key(), nullable(map.value()), true);
    }
    return type.withNullable(true);
  }

  /**
   * The data's row type with the ids of the table fields of the same names (at every level), so
   * that values convert to the table row by id; a data field without a table field keeps id -1.
   * Also refuses data that lacks a NOT NULL table column.
   */
  public static RowType withTableIds(RowType data, RowType table) {
    for (DataField t : table.fields()) {
      if (!t.type().nullable() && indexOf(data, t.name()) < 0) {
        throw SchemaChangeErrors.missingNotNullColumn(t.name());
      }
    }
    List<DataField> fields = new ArrayList<>();
    for (DataField d : data.fields()) {
      int i = indexOf(table, d.name());
      int id = i < 0 ? -1 : table.field(i).id();
      DataType type = i < 0 ? d.type() : withTableIds(d.type(), table.typeAt(i));
      fields.add(new DataField(id, d.name(), type, d.description()));
    }
    return new RowType(fields, data.nullable());
  }

  private static DataType withTableIds(DataType data, DataType table) {
    if (data instanceof RowType d && table instanceof RowType t) {
      return withTableIds(d, t);
    }
    if (data instanceof ArrayType d && table instanceof ArrayType t) {
      return new ArrayType(withTableIds(d.element(), t.element()), d.nullable());
    }
    if (data instanceof MapType d && table instanceof MapType t) {
      return new MapType(
          withTableIds(d.key(), t.key()), withTableIds(d.value(), t.value()), d.nullable());
    }
    return data;
  }

  /** The field named {@code name}: exactly, else the one matching case-insensitively, or -1. */
  private static int indexOf(RowType row, String name) {
    int exact = row.indexOf(name);
    if (exact >= 0) {
      return exact;
    }
    int found = -1;
    for (int i = 0; i < row.size(); i++) {
      if (row.field(i).name().toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
        if (found >= 0) {
          return -1;
        }
        found = i;
      }
    }
    return found;
  }

  private static List<String> append(List<String> path, String name) {
    List<String> result = new ArrayList<>(path);
    result.add(name);
    return result;
  }
}

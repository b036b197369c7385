package io.strata.spark;

import io.strata.core.schema.SchemaChange;
import io.strata.core.schema.TableSchema;
import io.strata.core.types.ArrayType;
import io.strata.core.types.DataType;
import io.strata.core.types.MapType;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.connector.catalog.TableChange;

/**
 * Converts Spark's {@link TableChange}s of one {@code ALTER TABLE} into table-core {@link
 * SchemaChange}s, which {@link io.strata.core.schema.SchemaEvolution} validates and applies.
 */
final class SparkSchemaChanges {

  private SparkSchemaChanges() {}

  static List<SchemaChange> convert(TableSchema current, TableChange[] changes) {
    List<SchemaChange> result = new ArrayList<>();
    for (TableChange change : changes) {
      SchemaChange converted = convert(current, change);
      if (converted != null) {
        result.add(converted);
      }
    }
    return result;
  }

  private static SchemaChange convert(TableSchema current, TableChange change) {
    if (change instanceof TableChange.SetProperty p) {
      return TableProperties.fromSetProperty(p.property(), p.value());
    } else if (change instanceof TableChange.RemoveProperty p) {
      return TableProperties.fromRemoveProperty(p.property());
    } else if (change instanceof TableChange.AddColumn c) {
      return addColumn(c);
    } else if (change instanceof TableChange.DeleteColumn c) {
      boolean skip = Boolean.TRUE.equals(c.ifExists()) && !exists(current, c.fieldNames());
      return skip ? null : new SchemaChange.DropColumn(path(c.fieldNames()));
    } else if (change instanceof TableChange.RenameColumn c) {
      return new SchemaChange.RenameColumn(path(c.fieldNames()), c.newName());
    } else if (change instanceof TableChange.UpdateColumnType c) {
      return new SchemaChange.UpdateColumnType(
          path(c.fieldNames()), SparkTypes.toDataType(c.newDataType(), null));
    } else if (change instanceof TableChange.UpdateColumnNullability c) {
      return new SchemaChange.UpdateColumnNullability(path(c.fieldNames()), c.nullable());
    } else if (change instanceof TableChange.UpdateColumnComment c) {
      return new SchemaChange.UpdateColumnComment(path(c.fieldNames()), c.newComment());
    } else if (change instanceof TableChange.UpdateColumnPosition c) {
      return new SchemaChange.UpdateColumnPosition(path(c.fieldNames()), position(c.position()));
    } else if (change instanceof TableChange.UpdateColumnDefaultValue c) {
      throw SparkErrors.setColumnDefault(String.join(".", c.fieldNames()));
    }
    throw SparkErrors.unsupportedTableChange(change.getClass().getSimpleName());
  }

  private static SchemaChange addColumn(TableChange.AddColumn c) {
    if (c.defaultValue() != null) {
      throw SparkErrors.addColumnDefault(String.join(".", c.fieldNames()));
    }
    DataType type = SparkTypes.toDataType(c.dataType(), null).withNullable(c.isNullable());
    return new SchemaChange.AddColumn(
        path(c.fieldNames()), type, c.comment(), position(c.position()));
  }

  private static SchemaChange.Position position(TableChange.ColumnPosition position) {
    if (position instanceof TableChange.First) {
      return SchemaChange.Position.first();
    }
    if (position instanceof TableChange.After after) {
      return SchemaChange.Position.after(after.column());
    }
    return SchemaChange.Position.last();
  }

  private static List<String> path(String[] fieldNames) {
    return Arrays.asList(fieldNames);
  }

  /** Whether a column path exists (for {@code DROP COLUMN IF EXISTS}). */
  private static boolean exists(TableSchema schema, String[] path) {
    DataType type = schema.rowType();
    for (String name : path) {
      if (type instanceof RowType row && row.indexOf(name) >= 0) {
        type = row.typeAt(row.indexOf(name));
      } else if (type instanceof ArrayType array && name.equals("element")) {
        type = array.element();
      } else if (type instanceof MapType map && (name.equals("key") || name.equals("value"))) {
        type = name.equals("key") ? map.key() : map.value();
      } else {
        return false;
      }
    }
    return true;
  }
}

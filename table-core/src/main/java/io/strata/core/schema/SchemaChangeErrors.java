package io.strata.core.schema;

import io.strata.core.types.ArrayType;
import io.strata.core.types.DataType;
import io.strata.core.types.MapType;
import io.strata.core.types.RowType;
import java.util.List;

/**
 * Every message of a refused schema change, in one place. Each says what was refused, why, and what
 * to do instead; {@code action} reads like {@code drop column 'x'}.
 */
final class SchemaChangeErrors {

  private SchemaChangeErrors() {}

  static String path(List<String> path) {
    return String.join(".", path);
  }

  static IllegalArgumentException columnNotFound(
      String action, List<String> path, RowType container) {
    String where =
        path.size() == 1
            ? "columns are "
            : "fields of '" + path(path.subList(0, path.size() - 1)) + "' are ";
    return fail(
        action,
        "column '" + path(path) + "' does not exist; " + where + container.fieldNames() + ".");
  }

  static IllegalArgumentException noSuchStep(
      String action, List<String> before, DataType type, String name) {
    String at = path(before);
    if (type instanceof ArrayType) {
      return fail(action, "'" + at + "' is " + type + "; its element is '" + at + ".element'.");
    }
    if (type instanceof MapType) {
      return fail(
          action,
          "'" + at + "' is " + type + "; its parts are '" + at + ".key' and '" + at + ".value'.");
    }
    return fail(action, "'" + at + "' is " + type + " and has no field '" + name + "'.");
  }

  static IllegalArgumentException notAField(String action, List<String> path, DataType parent) {
    return fail(
        action,
        "'"
            + path(path.subList(0, path.size() - 1))
            + "' is "
            + parent
            + ", whose '"
            + path.get(path.size() - 1)
            + "' is a type, not a named column.");
  }

  static IllegalArgumentException notARow(String action, List<String> rowPath, DataType type) {
    return fail(action, "'" + path(rowPath) + "' is " + type + ", not a ROW.");
  }

  static IllegalArgumentException alreadyExists(String action, String name) {
    return fail(action, "a column named '" + name + "' already exists there.");
  }

  static IllegalArgumentException addNotNull(String action) {
    return fail(
        action,
        "a new column cannot be NOT NULL, since rows written before read NULL for it; add it"
            + " without NOT NULL.");
  }

  static IllegalArgumentException keyColumn(String action, String role) {
    return fail(action, "it is " + role + ".");
  }

  static IllegalArgumentException lastColumn(String action, List<String> rowPath) {
    return fail(
        action,
        rowPath.isEmpty()
            ? "a table needs at least one column."
            : "ROW column '"
                + path(rowPath)
                + "' needs at least one field; drop '"
                + path(rowPath)
                + "' instead.");
  }

  static IllegalArgumentException unsafeType(
      String action, List<String> path, DataType from, DataType to) {
    if (from instanceof RowType || to instanceof RowType) {
      return fail(
          action,
          "a ROW type does not change as a whole; add, drop, rename or retype its fields one by"
              + " one (e.g. ALTER COLUMN "
              + path(path)
              + ".<field> TYPE ...).");
    }
    return new IllegalArgumentException(
        "Cannot change the type of column '"
            + path(path)
            + "' from "
            + from.withNullable(true)
            + " to "
            + to.withNullable(true)
            + ": only widenings that keep every value are allowed (TINYINT/SMALLINT/INT to a"
            + " larger integer type, FLOAT to DOUBLE, DECIMAL(p, s) to a larger precision with the"
            + " same scale, VARCHAR(n) to a longer VARCHAR or STRING, ...).");
  }

  static IllegalArgumentException setNotNull(String action) {
    return fail(
        action, "rows written before may hold NULL in it; only DROP NOT NULL is supported.");
  }

  static IllegalArgumentException moveAfterItself(String action) {
    return fail(action, "a column cannot be placed after itself.");
  }

  static IllegalArgumentException defaultValue(String column) {
    return new IllegalArgumentException(
        "Cannot set a default value for column '"
            + column
            + "': column defaults are not supported; write the value explicitly.");
  }

  static IllegalArgumentException emptyNewName(List<String> path) {
    return new IllegalArgumentException(
        "Cannot rename column '" + path(path) + "': the new name is empty.");
  }

  static IllegalArgumentException noSuchSibling(
      String action, String after, String name, List<String> siblings) {
    return new IllegalArgumentException(
        "Cannot "
            + action
            + " after '"
            + after
            + "': no column '"
            + after
            + "' beside '"
            + name
            + "'; columns there are "
            + siblings
            + ".");
  }

  static IllegalArgumentException cannotMergeType(
      List<String> path, DataType data, DataType table) {
    return new IllegalArgumentException(
        "Cannot merge the written data into column '"
            + path(path)
            + "': the data has type "
            + data.withNullable(true)
            + " and the table "
            + table.withNullable(true)
            + ", and neither widens to the other; cast the data to "
            + table.withNullable(true)
            + ".");
  }

  static IllegalArgumentException missingNotNullColumn(String column) {
    return new IllegalArgumentException(
        "Cannot write the data: it has no column '"
            + column
            + "', which is NOT NULL in the table.");
  }

  private static IllegalArgumentException fail(String action, String reason) {
    return new IllegalArgumentException("Cannot " + action + ": " + reason);
  }
}

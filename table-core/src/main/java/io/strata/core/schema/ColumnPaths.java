package io.strata.core.schema;

import io.strata.core.types.ArrayType;
import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.MapType;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Finds and rewrites the type at a column path: a step names a field of a ROW, or {@code element}
 * of an ARRAY, or {@code key} / {@code value} of a MAP. Rewrites copy the path's ancestors and keep
 * every other field (and its id) as it is.
 */
final class ColumnPaths {

  static final String ELEMENT = "element";
  static final String KEY = "key";
  static final String VALUE = "value";

  private ColumnPaths() {}

  /**
   * The type at {@code path} (the root itself for an empty path).
   *
   * @param action what the caller does, for the message when the path does not exist
   */
  static DataType typeAt(RowType root, List<String> path, String action) {
    DataType type = root;
    for (int i = 0; i < path.size(); i++) {
      type = step(type, path.subList(0, i), path.get(i), action);
    }
    return type;
  }

  /** The field at {@code path}, which must end with a ROW field name. */
  static DataField fieldAt(RowType root, List<String> path, String action) {
    List<String> parent = path.subList(0, path.size() - 1);
    DataType container = typeAt(root, parent, action);
    String name = path.get(path.size() - 1);
    if (!(container instanceof RowType row)) {
      boolean typeSlot =
          (container instanceof ArrayType && name.equals(ELEMENT))
              || (container instanceof MapType && (name.equals(KEY) || name.equals(VALUE)));
      throw typeSlot
          ? SchemaChangeErrors.notAField(action, path, container)
          : SchemaChangeErrors.noSuchStep(action, parent, container, name);
    }
    int i = row.indexOf(name);
    if (i < 0) {
      throw SchemaChangeErrors.columnNotFound(action, path, row);
    }
    return row.field(i);
  }

  /** The fields of the ROW at {@code rowPath} (the top-level columns for an empty path). */
  static RowType rowAt(RowType root, List<String> rowPath, String action) {
    DataType type = typeAt(root, rowPath, action);
    if (!(type instanceof RowType row)) {
      throw type instanceof ArrayType || type instanceof MapType
          ? SchemaChangeErrors.noSuchStep(action, rowPath, type, null)
          : SchemaChangeErrors.notARow(action, rowPath, type);
    }
    return row;
  }

  private static DataType step(DataType type, List<String> before, String name, String action) {
    if (type instanceof RowType row) {
      int i = row.indexOf(name);
      if (i < 0) {
        List<String> path = new ArrayList<>(before);
        path.add(name);
        throw SchemaChangeErrors.columnNotFound(action, path, row);
      }
      return row.typeAt(i);
    }
    if (type instanceof ArrayType array && name.equals(ELEMENT)) {
      return array.element();
    }
    if (type instanceof MapType map && (name.equals(KEY) || name.equals(VALUE))) {
      return name.equals(KEY) ? map.key() : map.value();
    }
    throw SchemaChangeErrors.noSuchStep(action, before, type, name);
  }

  /** The root with the type at {@code path} replaced by {@code edit} of it (path already valid). */
  static RowType updateType(RowType root, List<String> path, UnaryOperator<DataType> edit) {
    return (RowType) update(root, path, edit);
  }

  /** The root with the fields of the ROW at {@code rowPath} replaced (path already valid). */
  static RowType updateFields(
      RowType root, List<String> rowPath, UnaryOperator<List<DataField>> edit) {
    return updateType(
        root,
        rowPath,
        t -> new RowType(edit.apply(new ArrayList<>(((RowType) t).fields())), t.nullable()));
  }

  private static DataType update(DataType type, List<String> path, UnaryOperator<DataType> edit) {
    if (path.isEmpty()) {
      return edit.apply(type);
    }
    String name = path.get(0);
    List<String> rest = path.subList(1, path.size());
    if (type instanceof RowType row) {
      List<DataField> fields = new ArrayList<>(row.fields());
      int i = row.indexOf(name);
      fields.set(i, fields.get(i).withType(update(fields.get(i).type(), rest, edit)));
      return new RowType(fields, row.nullable());
    }
    if (type instanceof ArrayType array) {
      return new ArrayType(update(array.element(), rest, edit), array.nullable());
    }
    MapType map = (MapType) type;
    return name.equals(KEY)
        ? new MapType(update(map.key(), rest, edit), map.value(), map.nullable())
        : new MapType(map.key(), update(map.value(), rest, edit), map.nullable());
  }
}

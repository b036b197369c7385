package io.strata.core.schema;

import io.strata.core.options.ConfigOption;
import io.strata.core.options.FileIndexOptions;
import io.strata.core.options.Options;
import io.strata.core.options.TableOptions;
import io.strata.core.schema.SchemaChange.AddColumn;
import io.strata.core.schema.SchemaChange.DropColumn;
import io.strata.core.schema.SchemaChange.Position;
import io.strata.core.schema.SchemaChange.RemoveOption;
import io.strata.core.schema.SchemaChange.RenameColumn;
import io.strata.core.schema.SchemaChange.SetOption;
import io.strata.core.schema.SchemaChange.UpdateColumnComment;
import io.strata.core.schema.SchemaChange.UpdateColumnNullability;
import io.strata.core.schema.SchemaChange.UpdateColumnPosition;
import io.strata.core.schema.SchemaChange.UpdateColumnType;
import io.strata.core.schema.SchemaChange.UpdateComment;
import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * Applies a list of {@link SchemaChange}s, in order, to a schema and returns the next version (id +
 * 1), validated. Field ids follow FORMAT.md §2: a new column (and each field nested in it) takes
 * the next id after {@code highestFieldId}; a rename keeps the id; a dropped id is never reused, so
 * a dropped then re-added column is a new column and files written before read NULL for it.
 * Partition, primary-key, bucket-key and {@code sequence.field} columns cannot be dropped, renamed
 * or retyped; types only widen ({@link TypeWidening}).
 *
 * <p>Example: {@code (0 order_id, 1 status, 2 amount)}, highest 2; DROP amount; ADD amount → {@code
 * (0 order_id, 1 status, 3 amount)}, highest 3; RENAME status TO order_status keeps id 1.
 */
public final class SchemaEvolution {

  private final TableSchema current;
  private RowType row;
  private int highestFieldId;
  private String comment;
  private String lastDropAction;
  private final Map<String, String> setOptions = new LinkedHashMap<>();
  private final List<String> removedOptions = new ArrayList<>();
  private final BooleanSupplier hasSnapshots;

  private SchemaEvolution(TableSchema current, BooleanSupplier hasSnapshots) {
    this.current = current;
    this.hasSnapshots = hasSnapshots;
    this.row = current.rowType();
    this.highestFieldId = current.highestFieldId();
    this.comment = current.comment();
  }

  /**
   * The schema after {@code changes} to a table with snapshots, with id {@code current.id() + 1}.
   */
  public static TableSchema apply(
      TableSchema current, List<? extends SchemaChange> changes, long timeMillis) {
    return apply(current, changes, timeMillis, () -> true);
  }

  /**
   * The schema after {@code changes}, with id {@code current.id() + 1}. While the table has no
   * snapshot ({@code hasSnapshots}, asked only when a layout option changes), its bucket layout and
   * merge options may change too, as in Paimon.
   */
  public static TableSchema apply(
      TableSchema current,
      List<? extends SchemaChange> changes,
      long timeMillis,
      BooleanSupplier hasSnapshots) {
    SchemaEvolution evolution = new SchemaEvolution(current, hasSnapshots);
    for (SchemaChange change : changes) {
      evolution.apply(change);
    }
    return evolution.result(timeMillis);
  }

  private void apply(SchemaChange change) {
    if (change instanceof SetOption c) {
      setOptions.put(c.key(), c.value());
      removedOptions.remove(c.key());
    } else if (change instanceof RemoveOption c) {
      setOptions.remove(c.key());
      removedOptions.add(c.key());
    } else if (change instanceof UpdateComment c) {
      comment = c.comment();
    } else if (change instanceof AddColumn c) {
      addColumn(c);
    } else if (change instanceof DropColumn c) {
      dropColumn(c.path());
    } else if (change instanceof RenameColumn c) {
      renameColumn(c.path(), c.newName());
    } else if (change instanceof UpdateColumnType c) {
      updateType(c.path(), c.newType());
    } else if (change instanceof UpdateColumnNullability c) {
      updateNullability(c.path(), c.nullable());
    } else if (change instanceof UpdateColumnComment c) {
      updateComment(c.path(), c.comment());
    } else if (change instanceof UpdateColumnPosition c) {
      move(c.path(), c.position());
    }
  }

  private void addColumn(AddColumn c) {
    String action = "add column '" + SchemaChangeErrors.path(c.path()) + "'";
    List<String> parent = parent(c.path());
    String name = last(c.path());
    RowType siblings = ColumnPaths.rowAt(row, parent, action);
    if (siblings.indexOf(name) >= 0) {
      throw SchemaChangeErrors.alreadyExists(action, name);
    }
    if (!c.type().nullable()) {
      throw SchemaChangeErrors.addNotNull(action);
    }
    int[] counter = {highestFieldId};
    int id = ++counter[0];
    DataType type = SchemaFactory.reassignNestedIds(c.type(), counter);
    highestFieldId = counter[0];
    DataField field = new DataField(id, name, type, c.comment());
    row =
        ColumnPaths.updateFields(
            row,
            parent,
            fields -> {
              fields.add(insertionIndex(fields, c.position(), name, action), field);
              return fields;
            });
  }

  private void dropColumn(List<String> path) {
    String action = "drop column '" + SchemaChangeErrors.path(path) + "'";
    ColumnPaths.fieldAt(row, path, action);
    checkNotKey(path, action);
    checkNotIndexed(path, action);
    List<String> parent = parent(path);
    // A table may lose every column within one change list (REPLACE COLUMNS); a ROW may not.
    if (!parent.isEmpty() && ColumnPaths.rowAt(row, parent, action).size() == 1) {
      throw SchemaChangeErrors.lastColumn(action, parent);
    }
    lastDropAction = action;
    row = ColumnPaths.updateFields(row, parent, fields -> remove(fields, last(path)));
  }

  private void renameColumn(List<String> path, String newName) {
    String action = "rename column '" + SchemaChangeErrors.path(path) + "' to '" + newName + "'";
    DataField field = ColumnPaths.fieldAt(row, path, action);
    if (field.name().equals(newName)) {
      return;
    }
    checkNotKey(path, action);
    checkNotIndexed(path, action);
    if (newName == null || newName.isEmpty()) {
      throw SchemaChangeErrors.emptyNewName(path);
    }
    if (ColumnPaths.rowAt(row, parent(path), action).indexOf(newName) >= 0) {
      throw SchemaChangeErrors.alreadyExists(action, newName);
    }
    row =
        ColumnPaths.updateFields(
            row, parent(path), fields -> replace(fields, field.name(), field.withName(newName)));
  }

  private void updateType(List<String> path, DataType newType) {
    String action = "change the type of column '" + SchemaChangeErrors.path(path) + "'";
    DataType old = ColumnPaths.typeAt(row, path, action);
    if (old.withNullable(true).equals(newType.withNullable(true))) {
      return;
    }
    checkNotKey(path, action);
    if (old instanceof RowType || !TypeWidening.isSafe(old, newType)) {
      throw SchemaChangeErrors.unsafeType(action, path, old, newType);
    }
    row = ColumnPaths.updateType(row, path, t -> newType.withNullable(t.nullable()));
  }

  private void updateNullability(List<String> path, boolean nullable) {
    String p = SchemaChangeErrors.path(path);
    DataType old = ColumnPaths.typeAt(row, path, "change the nullability of column '" + p + "'");
    if (old.nullable() == nullable) {
      return;
    }
    if (!nullable) {
      throw SchemaChangeErrors.setNotNull("make column '" + p + "' NOT NULL");
    }
    if (path.size() == 1 && current.primaryKeys().contains(path.get(0))) {
      throw SchemaChangeErrors.keyColumn(
          "drop NOT NULL of column '" + p + "'",
          "part of the primary key, and primary key columns are always NOT NULL");
    }
    row = ColumnPaths.updateType(row, path, t -> t.withNullable(true));
  }

  private void updateComment(List<String> path, String newComment) {
    String action = "comment column '" + SchemaChangeErrors.path(path) + "'";
    DataField field = ColumnPaths.fieldAt(row, path, action);
    DataField commented =
        new DataField(field.id(), field.name(), field.type(), newComment, field.defaultValue());
    row =
        ColumnPaths.updateFields(
            row, parent(path), fields -> replace(fields, field.name(), commented));
  }

  private void move(List<String> path, Position position) {
    String action = "move column '" + SchemaChangeErrors.path(path) + "'";
    DataField field = ColumnPaths.fieldAt(row, path, action);
    if (position.kind() == Position.Kind.AFTER && field.name().equals(position.after())) {
      throw SchemaChangeErrors.moveAfterItself(action);
    }
    row =
        ColumnPaths.updateFields(
            row,
            parent(path),
            fields -> {
              List<DataField> rest = remove(fields, field.name());
              rest.add(insertionIndex(rest, position, field.name(), action), field);
              return rest;
            });
  }

  private static int insertionIndex(
      List<DataField> siblings, Position position, String name, String action) {
    if (position == null || position.kind() == Position.Kind.LAST) {
      return siblings.size();
    }
    if (position.kind() == Position.Kind.FIRST) {
      return 0;
    }
    for (int i = 0; i < siblings.size(); i++) {
      if (siblings.get(i).name().equals(position.after())) {
        return i + 1;
      }
    }
    List<String> names = siblings.stream().map(DataField::name).toList();
    throw SchemaChangeErrors.noSuchSibling(action, position.after(), name, names);
  }

  /** Refuses to drop, rename or retype a column the table's layout depends on. */
  private void checkNotKey(List<String> path, String action) {
    if (path.size() != 1) {
      return;
    }
    String column = path.get(0);
    String fixed =
        ", fixed when the table was created (CREATE TABLE ... AS SELECT makes a new one)";
    if (current.partitionKeys().contains(column)) {
      throw SchemaChangeErrors.keyColumn(action, "a partition column" + fixed);
    }
    if (current.primaryKeys().contains(column)) {
      throw SchemaChangeErrors.keyColumn(action, "part of the primary key" + fixed);
    }
    String bucketKey = current.options().get(TableOptions.BUCKET_KEY.key());
    if (bucketKey != null && SchemaFactory.splitColumns(bucketKey).contains(column)) {
      throw SchemaChangeErrors.keyColumn(
          action, "a bucket key (table option 'bucket-key'): existing files are bucketed by it");
    }
    String sequence = current.options().get(TableOptions.SEQUENCE_FIELD.key());
    if (sequence != null && SchemaFactory.splitColumns(sequence).contains(column)) {
      throw SchemaChangeErrors.keyColumn(
          action, "the sequence field (table option 'sequence.field') that orders updates");
    }
  }

  /**
   * Refuses to drop or rename a column a file index option names (with the options this change list
   * sets or removes so far): the option would name a missing column, and every write fail.
   */
  private void checkNotIndexed(List<String> path, String action) {
    if (path.size() != 1) {
      return;
    }
    Options options =
        new Options(
            SchemaFactory.changedOptions(current, setOptions, removedOptions, hasSnapshots));
    if (FileIndexOptions.bloomFilterColumns(options).contains(path.get(0))) {
      throw indexedColumn(action, FileIndexOptions.BLOOM_FILTER_COLUMNS);
    }
    if (FileIndexOptions.bitmapColumns(options).contains(path.get(0))) {
      throw indexedColumn(action, FileIndexOptions.BITMAP_COLUMNS);
    }
  }

  private static IllegalArgumentException indexedColumn(
      String action, ConfigOption<String> option) {
    return SchemaChangeErrors.keyColumn(
        action,
        "indexed by table option '"
            + option.key()
            + "'; take it out of that option first (ALTER TABLE ... SET or UNSET TBLPROPERTIES)");
  }

  private TableSchema result(long timeMillis) {
    if (row.size() == 0) {
      throw SchemaChangeErrors.lastColumn(lastDropAction, List.of());
    }
    Map<String, String> options =
        setOptions.isEmpty() && removedOptions.isEmpty()
            ? current.options()
            : SchemaFactory.changedOptions(current, setOptions, removedOptions, hasSnapshots);
    TableSchema next =
        new TableSchema(
            current.version(),
            current.id() + 1,
            row.fields(),
            highestFieldId,
            current.partitionKeys(),
            current.primaryKeys(),
            options,
            comment,
            timeMillis);
    SchemaValidation.validate(next);
    return next;
  }

  private static List<String> parent(List<String> path) {
    return path.subList(0, path.size() - 1);
  }

  private static String last(List<String> path) {
    return path.get(path.size() - 1);
  }

  private static List<DataField> remove(List<DataField> fields, String name) {
    List<DataField> rest = new ArrayList<>(fields);
    rest.removeIf(f -> f.name().equals(name));
    return rest;
  }

  private static List<DataField> replace(List<DataField> fields, String name, DataField with) {
    List<DataField> result = new ArrayList<>(fields);
    result.replaceAll(f -> f.name().equals(name) ? with : f);
    return result;
  }
}

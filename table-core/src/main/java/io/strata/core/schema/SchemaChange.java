package io.strata.core.schema;

import io.strata.core.errors.SchemaErrors;
import io.strata.core.types.DataType;
import java.util.List;

/**
 * One change of a table's schema, as {@code ALTER TABLE} asks for it. A column is named by its path
 * from the top level: {@code [a]} for column {@code a}, {@code [s, x]} for field {@code x} of ROW
 * column {@code s}; {@code element}, {@code key} and {@code value} step into ARRAY and MAP types.
 * {@link SchemaEvolution} applies a list of them as one new schema version.
 */
public sealed interface SchemaChange {

  /** Sets a table option. */
  record SetOption(String key, String value) implements SchemaChange {}

  /** Removes a table option. */
  record RemoveOption(String key) implements SchemaChange {}

  /** Sets the table comment; null removes it. */
  record UpdateComment(String comment) implements SchemaChange {}

  /**
   * Adds a column (or a field of a ROW column); its ids come from the table's field id counter.
   *
   * @param path the parent path plus the new name
   * @param comment the column comment, or null
   * @param position where to put it among its siblings
   */
  record AddColumn(List<String> path, DataType type, String comment, Position position)
      implements SchemaChange {
    public AddColumn {
      path = checkedPath(path);
    }
  }

  /** Renames a column; it keeps its field id, so data files written before still read it. */
  record RenameColumn(List<String> path, String newName) implements SchemaChange {
    public RenameColumn {
      path = checkedPath(path);
    }
  }

  /** Drops a column; its id is never reused. */
  record DropColumn(List<String> path) implements SchemaChange {
    public DropColumn {
      path = checkedPath(path);
    }
  }

  /** Widens the type of a column; the column keeps its nullability. */
  record UpdateColumnType(List<String> path, DataType newType) implements SchemaChange {
    public UpdateColumnType {
      path = checkedPath(path);
    }
  }

  /** Makes a column nullable ({@code DROP NOT NULL}) or NOT NULL (always refused). */
  record UpdateColumnNullability(List<String> path, boolean nullable) implements SchemaChange {
    public UpdateColumnNullability {
      path = checkedPath(path);
    }
  }

  /** Sets a column comment; null removes it. */
  record UpdateColumnComment(List<String> path, String comment) implements SchemaChange {
    public UpdateColumnComment {
      path = checkedPath(path);
    }
  }

  /** Moves a column among its siblings. */
  record UpdateColumnPosition(List<String> path, Position position) implements SchemaChange {
    public UpdateColumnPosition {
      path = checkedPath(path);
    }
  }

  /** Where a column goes among its siblings: first, after a named sibling, or last. */
  record Position(Kind kind, String after) {

    /** The kinds of position. */
    public enum Kind {
      FIRST,
      AFTER,
      LAST
    }

    public static Position first() {
      return new Position(Kind.FIRST, null);
    }

    public static Position after(String column) {
      return new Position(Kind.AFTER, column);
    }

    public static Position last() {
      return new Position(Kind.LAST, null);
    }
  }

  private static List<String> checkedPath(List<String> path) {
    if (path.isEmpty()) {
      throw SchemaErrors.emptyColumnPath();
    }
    return List.copyOf(path);
  }
}

package io.strata.core.types;

import io.strata.core.errors.SchemaErrors;

/**
 * A named, id-carrying field of a row type; ids are never reused within a table.
 *
 * @param description the column comment, or null
 * @param defaultValue the column default as SQL text (schema JSON {@code defaultValue}), or null
 */
public record DataField(int id, String name, DataType type, String description, String defaultValue)
    implements java.io.Serializable {

  public DataField {
    if (name == null || name.isEmpty()) {
      throw SchemaErrors.emptyFieldName(id);
    }
  }

  public DataField(int id, String name, DataType type) {
    this(id, name, type, null, null);
  }

  public DataField(int id, String name, DataType type, String description) {
    this(id, name, type, description, null);
  }

  public DataField withType(DataType newType) {
    return new DataField(id, name, newType, description, defaultValue);
  }

  public DataField withName(String newName) {
    return new DataField(id, newName, type, description, defaultValue);
  }
}

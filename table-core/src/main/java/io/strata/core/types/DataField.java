package io.strata.core.types;

/** A named, id-carrying field of a row type; ids are never reused within a table. */
public record DataField(int id, String name, DataType type, String description)
    implements java.io.Serializable {

  public DataField {
    if (name == null || name.isEmpty()) {
      throw new IllegalArgumentException("A field needs a non-empty name (field id " + id + ").");
    }
  }

  public DataField(int id, String name, DataType type) {
    this(id, name, type, null);
  }

  public DataField withType(DataType newType) {
    return new DataField(id, name, newType, description);
  }

  public DataField withName(String newName) {
    return new DataField(id, newName, type, description);
  }
}

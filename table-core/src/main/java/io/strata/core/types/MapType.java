package io.strata.core.types;

/** MAP from a key type to a value type. */
public record MapType(DataType key, DataType value, boolean nullable) implements DataType {

  @Override
  public DataTypeRoot root() {
    return DataTypeRoot.MAP;
  }

  @Override
  public MapType withNullable(boolean nullable) {
    return new MapType(key, value, nullable);
  }

  @Override
  public String toString() {
    return "MAP<" + key + ", " + value + ">" + (nullable ? "" : " NOT NULL");
  }
}

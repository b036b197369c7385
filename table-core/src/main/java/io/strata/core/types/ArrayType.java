package io.strata.core.types;

/** ARRAY of an element type. */
public record ArrayType(DataType element, boolean nullable) implements DataType {

  @Override
  public DataTypeRoot root() {
    return DataTypeRoot.ARRAY;
  }

  @Override
  public ArrayType withNullable(boolean nullable) {
    return new ArrayType(element, nullable);
  }

  @Override
  public String toString() {
    return "ARRAY<" + element + ">" + (nullable ? "" : " NOT NULL");
  }
}

package io.strata.core.types;

import java.util.List;

/** Factory of data types, nullable unless said otherwise. */
public final class DataTypes {

  private DataTypes() {}

  public static AtomicType of(DataTypeRoot root) {
    return new AtomicType(root, 0, 0, true);
  }

  public static AtomicType BOOLEAN() {
    return of(DataTypeRoot.BOOLEAN);
  }

  public static AtomicType TINYINT() {
    return of(DataTypeRoot.TINYINT);
  }

  public static AtomicType SMALLINT() {
    return of(DataTypeRoot.SMALLINT);
  }

  public static AtomicType INT() {
    return of(DataTypeRoot.INT);
  }

  public static AtomicType BIGINT() {
    return of(DataTypeRoot.BIGINT);
  }

  public static AtomicType FLOAT() {
    return of(DataTypeRoot.FLOAT);
  }

  public static AtomicType DOUBLE() {
    return of(DataTypeRoot.DOUBLE);
  }

  public static AtomicType DATE() {
    return of(DataTypeRoot.DATE);
  }

  public static AtomicType STRING() {
    return new AtomicType(DataTypeRoot.VARCHAR, AtomicType.MAX_LENGTH, 0, true);
  }

  public static AtomicType BYTES() {
    return new AtomicType(DataTypeRoot.VARBINARY, AtomicType.MAX_LENGTH, 0, true);
  }

  public static AtomicType VARCHAR(int length) {
    return new AtomicType(DataTypeRoot.VARCHAR, length, 0, true);
  }

  public static AtomicType CHAR(int length) {
    return new AtomicType(DataTypeRoot.CHAR, length, 0, true);
  }

  public static AtomicType BINARY(int length) {
    return new AtomicType(DataTypeRoot.BINARY, length, 0, true);
  }

  public static AtomicType VARBINARY(int length) {
    return new AtomicType(DataTypeRoot.VARBINARY, length, 0, true);
  }

  public static AtomicType DECIMAL(int precision, int scale) {
    return new AtomicType(DataTypeRoot.DECIMAL, precision, scale, true);
  }

  public static AtomicType TIME(int precision) {
    return new AtomicType(DataTypeRoot.TIME, precision, 0, true);
  }

  public static AtomicType TIMESTAMP(int precision) {
    return new AtomicType(DataTypeRoot.TIMESTAMP, precision, 0, true);
  }

  public static AtomicType TIMESTAMP_LTZ(int precision) {
    return new AtomicType(DataTypeRoot.TIMESTAMP_LTZ, precision, 0, true);
  }

  public static ArrayType ARRAY(DataType element) {
    return new ArrayType(element, true);
  }

  public static MapType MAP(DataType key, DataType value) {
    return new MapType(key, value, true);
  }

  public static RowType ROW(List<DataField> fields) {
    return new RowType(fields, true);
  }
}

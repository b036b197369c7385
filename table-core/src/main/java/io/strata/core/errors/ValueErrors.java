package io.strata.core.errors;

/**
 * The user-facing errors of values: rows that do not fit their type, partition values, and data
 * files whose columns cannot be read as the table's types. Types are passed as objects and printed
 * in their SQL spelling, since this package sits below {@code types}.
 */
public final class ValueErrors {

  private ValueErrors() {}

  // ---- rows and values ----

  public static IllegalArgumentException rowArity(int values, Object type, int fields) {
    return new IllegalArgumentException(
        "Row has " + values + " values but type " + type + " has " + fields + " fields.");
  }

  public static IllegalArgumentException binaryRowArity(int arity, Object type, int fields) {
    return new IllegalArgumentException(
        "BinaryRow has " + arity + " fields but type " + type + " has " + fields + ".");
  }

  public static IllegalArgumentException wrongValueType(
      String field, Object type, Object value, Throwable cause) {
    return new IllegalArgumentException(
        "Field '"
            + field
            + "' of type "
            + type
            + " cannot hold a "
            + value.getClass().getSimpleName()
            + " value: "
            + value,
        cause);
  }

  public static IllegalArgumentException decimalDoesNotFit(
      Object value, String field, Object type, Throwable cause) {
    return new IllegalArgumentException(
        "Value " + value + " of field '" + field + "' does not fit " + type + ".", cause);
  }

  public static UnsupportedOperationException nestedBinaryRowValue(Object type, String field) {
    return new UnsupportedOperationException(
        "BinaryRow values of nested type "
            + type
            + " (field '"
            + field
            + "') are not supported; only NULL is.");
  }

  public static IllegalArgumentException invalidNanoOfMillisecond(int nanos) {
    return new IllegalArgumentException(
        "nanoOfMillisecond must be in [0, 999999], got " + nanos + ".");
  }

  public static UnsupportedOperationException mapsNotComparable() {
    return new UnsupportedOperationException(
        "MAP values are not comparable; compare, sort or group by their keys or values instead.");
  }

  public static IllegalArgumentException notWidening(Object from, Object to) {
    return new IllegalArgumentException(
        "Cannot read values written as "
            + from
            + " as "
            + to
            + ": the schema change between them is not a widening.");
  }

  // ---- writing Parquet ----

  public static IllegalArgumentException writeArity(int values, int fields) {
    return new IllegalArgumentException(
        "Row has " + values + " values but the type has " + fields + " fields.");
  }

  /**
   * @param what the value that may not be null, e.g. {@code Field 'x'} or {@code ARRAY element}
   */
  public static IllegalArgumentException nullNotAllowed(String what) {
    return new IllegalArgumentException(what + " is NOT NULL, got null.");
  }

  public static IllegalArgumentException nullMapKey() {
    return new IllegalArgumentException("MAP keys cannot be null.");
  }

  public static IllegalArgumentException writeWrongClass(
      String field, Object value, Throwable cause) {
    return new IllegalArgumentException(
        "Field '" + field + "' got a " + value.getClass().getName() + ": " + cause, cause);
  }

  public static IllegalArgumentException decimalOverflow(Object value, int precision, int scale) {
    return new IllegalArgumentException(
        "Value "
            + value
            + " does not fit DECIMAL("
            + precision
            + ", "
            + scale
            + "); cast it to a wider DECIMAL or round it first.");
  }

  public static IllegalArgumentException notAtomicType(Object type) {
    return new IllegalArgumentException("Not an atomic type: " + type);
  }

  // ---- reading Parquet ----

  public static IllegalArgumentException storedAs(String column, Object parquet, Object type) {
    return new IllegalArgumentException(
        "Column '" + column + "' is stored as " + parquet + " and cannot be read as " + type + ".");
  }

  public static IllegalArgumentException notAtomicColumn(String column) {
    return new IllegalArgumentException("Column " + column + " is not atomic.");
  }

  /**
   * @param kind {@code list} or {@code map}
   */
  public static IllegalArgumentException notNested(String column, String kind, Object group) {
    return new IllegalArgumentException("Column '" + column + "' is not a " + kind + ": " + group);
  }

  // ---- partitions ----

  public static IllegalArgumentException partitionArity(int values, Object type, int fields) {
    return new IllegalArgumentException(
        "Partition has " + values + " values but type " + type + " has " + fields);
  }

  public static UnsupportedOperationException unsupportedPartitionType(Object type) {
    return new UnsupportedOperationException(
        "Partition columns of type " + type + " are not supported.");
  }

  public static IllegalArgumentException unparsablePartitionValue(
      String column, Object type, String text, Throwable cause) {
    return new IllegalArgumentException(
        "Cannot parse partition value '"
            + text
            + "' for column "
            + column
            + " of type "
            + type
            + ".",
        cause);
  }
}

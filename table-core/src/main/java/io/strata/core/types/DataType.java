package io.strata.core.types;

/**
 * A Paimon data type. {@link #toString()} is the exact type string of schema JSON for atomic types
 * (e.g. {@code DECIMAL(10, 2) NOT NULL}).
 *
 * <p>Canonical Java values of each type inside table-core rows ({@code Object[]}): BOOLEAN Boolean,
 * TINYINT Byte, SMALLINT Short, INT Integer, BIGINT Long, FLOAT Float, DOUBLE Double, DECIMAL
 * BigDecimal (scale = type scale), CHAR/VARCHAR String, BINARY/VARBINARY byte[], DATE Integer (days
 * since epoch), TIME Integer (millis of day), TIMESTAMP/TIMESTAMP_LTZ {@link Timestamp}, ARRAY
 * {@code List<Object>}, MAP {@code Map<Object,Object>}, ROW {@code Object[]}; null is SQL NULL.
 */
public sealed interface DataType extends java.io.Serializable
    permits AtomicType, ArrayType, MapType, RowType {

  DataTypeRoot root();

  boolean nullable();

  DataType withNullable(boolean nullable);

  default DataType notNull() {
    return withNullable(false);
  }
}

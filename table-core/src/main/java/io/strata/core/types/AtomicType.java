package io.strata.core.types;

import io.strata.core.errors.SchemaErrors;

/**
 * A non-nested type. {@code length} is the length of CHAR/VARCHAR/BINARY/VARBINARY or the precision
 * of DECIMAL/TIME/TIMESTAMP; {@code scale} is the scale of DECIMAL; both 0 otherwise.
 */
public record AtomicType(DataTypeRoot root, int length, int scale, boolean nullable)
    implements DataType {

  /** Length of STRING (= VARCHAR of maximal length) and BYTES. */
  public static final int MAX_LENGTH = Integer.MAX_VALUE;

  public AtomicType {
    if (root == DataTypeRoot.ARRAY || root == DataTypeRoot.MAP || root == DataTypeRoot.ROW) {
      throw SchemaErrors.notAtomicRoot(root);
    }
    if (root == DataTypeRoot.DECIMAL
        && (length < 1 || length > 38 || scale < 0 || scale > length)) {
      throw SchemaErrors.invalidDecimal(length, scale);
    }
  }

  @Override
  public AtomicType withNullable(boolean nullable) {
    return new AtomicType(root, length, scale, nullable);
  }

  /** Precision of DECIMAL, TIME and TIMESTAMP types. */
  public int precision() {
    return length;
  }

  @Override
  public String toString() {
    String base =
        switch (root) {
          case DECIMAL -> "DECIMAL(" + length + ", " + scale + ")";
          case CHAR -> "CHAR(" + length + ")";
          case VARCHAR -> length == MAX_LENGTH ? "STRING" : "VARCHAR(" + length + ")";
          case BINARY -> "BINARY(" + length + ")";
          case VARBINARY -> length == MAX_LENGTH ? "BYTES" : "VARBINARY(" + length + ")";
          case TIME -> "TIME(" + length + ")";
          case TIMESTAMP -> "TIMESTAMP(" + length + ")";
          case TIMESTAMP_LTZ -> "TIMESTAMP(" + length + ") WITH LOCAL TIME ZONE";
          default -> root.name();
        };
    return nullable ? base : base + " NOT NULL";
  }
}

package io.strata.core.schema;

/** STUB. */
public final class SchemaJson {
  public static String toJson(TableSchema s) {
    throw new UnsupportedOperationException();
  }

  public static TableSchema fromJson(String s) {
    throw new UnsupportedOperationException();
  }
}

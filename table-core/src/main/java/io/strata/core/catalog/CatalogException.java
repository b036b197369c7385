package io.strata.core.catalog;

import java.util.List;

/** A catalog operation failed because of what exists (or not); the message says what to do. */
public class CatalogException extends RuntimeException {

  /** What went wrong, so the Spark layer can map it to Spark's own exception types. */
  public enum Reason {
    DATABASE_NOT_FOUND,
    DATABASE_ALREADY_EXISTS,
    DATABASE_NOT_EMPTY,
    TABLE_NOT_FOUND,
    TABLE_ALREADY_EXISTS
  }

  private final Reason reason;

  private CatalogException(Reason reason, String message) {
    super(message);
    this.reason = reason;
  }

  public Reason reason() {
    return reason;
  }

  public static CatalogException databaseNotFound(String db) {
    return new CatalogException(
        Reason.DATABASE_NOT_FOUND,
        "Database '" + db + "' does not exist; create it with CREATE DATABASE " + db + ".");
  }

  public static CatalogException databaseAlreadyExists(String db) {
    return new CatalogException(
        Reason.DATABASE_ALREADY_EXISTS, "Database '" + db + "' already exists.");
  }

  public static CatalogException databaseNotEmpty(String db, List<String> tables) {
    return new CatalogException(
        Reason.DATABASE_NOT_EMPTY,
        "Database '" + db + "' is not empty: it holds tables " + tables + "; use CASCADE.");
  }

  public static CatalogException tableNotFound(Identifier id) {
    return new CatalogException(Reason.TABLE_NOT_FOUND, "Table '" + id + "' does not exist.");
  }

  public static CatalogException tableAlreadyExists(Identifier id) {
    return new CatalogException(Reason.TABLE_ALREADY_EXISTS, "Table '" + id + "' already exists.");
  }
}

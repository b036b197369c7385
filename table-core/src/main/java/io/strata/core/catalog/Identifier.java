package io.strata.core.catalog;

import io.strata.core.errors.SchemaErrors;

/** A table's database and name; {@code table} may carry a system-table suffix ({@code t$files}). */
public record Identifier(String database, String table) {

  public static final String SYSTEM_TABLE_SEPARATOR = "$";

  public Identifier {
    if (database == null || database.isEmpty() || table == null || table.isEmpty()) {
      throw SchemaErrors.invalidIdentifier(database, table);
    }
  }

  @Override
  public String toString() {
    return database + "." + table;
  }
}

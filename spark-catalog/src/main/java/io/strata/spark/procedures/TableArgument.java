package io.strata.spark.procedures;

import io.strata.core.catalog.CatalogException;
import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.table.FileStoreTable;
import org.apache.spark.sql.SparkSession;

/**
 * Resolves a procedure's {@code table} argument ('db.t', or 't' in the current database) and
 * refreshes Spark's cached plans of a table a procedure changed.
 */
final class TableArgument {

  private final String catalogName;
  private final WarehouseCatalog catalog;

  TableArgument(String catalogName, WarehouseCatalog catalog) {
    this.catalogName = catalogName;
    this.catalog = catalog;
  }

  Identifier identifier(String text) {
    String[] parts = text.replace("`", "").split("\\.");
    if (parts.length == 3 && parts[0].equals(catalogName)) {
      return new Identifier(parts[1], parts[2]);
    }
    if (parts.length == 2) {
      return new Identifier(parts[0], parts[1]);
    }
    if (parts.length == 1) {
      return new Identifier(currentDatabase(), parts[0]);
    }
    throw new IllegalArgumentException(
        "Invalid table argument '" + text + "': expected 'database.table' or 'table'.");
  }

  private static String currentDatabase() {
    return SparkSession.getActiveSession()
        .map(s -> s.catalog().currentDatabase())
        .getOrElse(() -> WarehouseCatalog.DEFAULT_DATABASE);
  }

  FileStoreTable load(String text) {
    Identifier id = identifier(text);
    try {
      return catalog.loadTable(id);
    } catch (CatalogException e) {
      throw new IllegalArgumentException(
          "Table '" + id + "' (argument table => '" + text + "') does not exist.");
    }
  }

  /** Drops Spark's cached data of a table whose contents a procedure changed. */
  void refresh(String text) {
    Identifier id = identifier(text);
    SparkSession.getActiveSession()
        .foreach(
            s -> {
              try {
                s.catalog().refreshTable(catalogName + "." + id.database() + "." + id.table());
              } catch (RuntimeException ignored) {
                // Nothing cached: nothing to refresh.
              }
              return null;
            });
  }
}

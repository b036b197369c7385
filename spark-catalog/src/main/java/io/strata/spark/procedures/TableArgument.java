package io.strata.spark.procedures;

import io.strata.core.catalog.CatalogException;
import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.table.FileStoreTable;
import io.strata.spark.SparkErrors;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.parser.CatalystSqlParser$;
import scala.jdk.javaapi.CollectionConverters;

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

  /** Parses 'db.t', 't' or 'catalog.db.t' as Spark SQL does (backticks quote dots). */
  Identifier identifier(String text) {
    List<String> parts = parts(text);
    if (parts.size() == 3 && parts.get(0).equals(catalogName)) {
      return new Identifier(parts.get(1), parts.get(2));
    }
    if (parts.size() == 2) {
      return new Identifier(parts.get(0), parts.get(1));
    }
    if (parts.size() == 1) {
      return new Identifier(currentDatabase(), parts.get(0));
    }
    throw invalid(text);
  }

  private static List<String> parts(String text) {
    try {
      return CollectionConverters.asJava(CatalystSqlParser$.MODULE$.parseMultipartIdentifier(text));
    } catch (Exception e) { // a ParseException, which Scala does not declare
      // Paimon's procedures take 'db.t$branch_dev' unquoted; Spark's parser wants backticks.
      if (text != null && text.contains("$") && !text.contains("`")) {
        return parts(
            java.util.Arrays.stream(text.split("\\.", -1))
                .map(part -> "`" + part + "`")
                .collect(java.util.stream.Collectors.joining(".")));
      }
      throw invalid(text);
    }
  }

  private static IllegalArgumentException invalid(String text) {
    return SparkErrors.invalidTableArgument(text);
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
      throw SparkErrors.tableArgumentNotFound(String.valueOf(id), text);
    }
  }

  private static String quoted(String name) {
    return "`" + name.replace("`", "``") + "`";
  }

  /** Drops Spark's cached data of a table whose contents a procedure changed. */
  void refresh(String text) {
    Identifier id = identifier(text);
    SparkSession.getActiveSession()
        .foreach(
            s -> {
              try {
                s.catalog()
                    .refreshTable(
                        quoted(catalogName)
                            + "."
                            + quoted(id.database())
                            + "."
                            + quoted(id.table()));
              } catch (RuntimeException ignored) {
                // Nothing cached: nothing to refresh.
              }
              return null;
            });
  }
}

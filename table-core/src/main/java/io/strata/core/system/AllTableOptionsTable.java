package io.strata.core.system;

import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code sys.all_table_options}: the options of every table's latest schema, by table, with its
 * {@code path} as Paimon's catalog adds it.
 */
final class AllTableOptionsTable implements GlobalSystemTable {

  /** Paimon's option of a table's location ({@code CoreOptions.PATH}). */
  private static final String PATH = "path";

  private static final RowType TYPE =
      Fields.row(
          "database_name",
          Fields.string(),
          "Database of the table.",
          "table_name",
          Fields.string(),
          "Table name.",
          "key",
          Fields.string(),
          "Option key.",
          "value",
          Fields.string(),
          "Option value.");

  @Override
  public String name() {
    return "all_table_options";
  }

  @Override
  public RowType rowType() {
    return TYPE;
  }

  @Override
  public String description() {
    return "The table options of every table of the catalog (its latest schema's, and the table's"
        + " path, which Paimon's catalog adds), one row per option.";
  }

  @Override
  public List<Object[]> rows(WarehouseCatalog catalog, Map<String, String> catalogOptions) {
    List<Object[]> rows = new ArrayList<>();
    for (String db : catalog.listDatabases()) {
      for (String table : catalog.listTables(db)) {
        FileStoreTable loaded = catalog.loadTable(new Identifier(db, table));
        Map<String, String> options = loaded.schema().options();
        options.forEach((key, value) -> rows.add(new Object[] {db, table, key, value}));
        // As Paimon's catalog adds it to every table it loads.
        if (!options.containsKey(PATH)) {
          rows.add(new Object[] {db, table, PATH, qualified(loaded)});
        }
      }
    }
    return rows;
  }

  /** The table's location with its file system's scheme, as Paimon shows it ({@code file:/...}). */
  private static String qualified(FileStoreTable table) {
    try {
      return table.fileIO().fileSystem(table.root()).makeQualified(table.root()).toString();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}

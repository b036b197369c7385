package io.strata.core.system;

import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** {@code sys.catalog_options}: the options the engine configured the catalog with. */
final class CatalogOptionsTable implements GlobalSystemTable {

  private static final RowType TYPE =
      Fields.row(
          "key",
          Fields.stringNotNull(),
          "Catalog option key (spark.sql.catalog.<name>.<key>).",
          "value",
          Fields.stringNotNull(),
          "Option value.");

  @Override
  public String name() {
    return "catalog_options";
  }

  @Override
  public RowType rowType() {
    return TYPE;
  }

  @Override
  public String description() {
    return "The options the catalog was configured with (warehouse, cache settings, ...).";
  }

  @Override
  public List<Object[]> rows(WarehouseCatalog catalog, Map<String, String> catalogOptions) {
    List<Object[]> rows = new ArrayList<>();
    catalogOptions.forEach((key, value) -> rows.add(new Object[] {key, value}));
    return rows;
  }
}

package io.strata.core.system;

import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.types.RowType;
import java.util.List;
import java.util.Map;

/**
 * A read-only table of the whole catalog in its {@code sys} database ({@code
 * sys.all_table_options}, {@code sys.catalog_options}), as Paimon names them.
 */
public interface GlobalSystemTable {

  String name();

  RowType rowType();

  /** What the table shows, one sentence for the generated docs. */
  String description();

  /** The rows, of {@code catalog} and the options the engine configured it with. */
  List<Object[]> rows(WarehouseCatalog catalog, Map<String, String> catalogOptions);
}

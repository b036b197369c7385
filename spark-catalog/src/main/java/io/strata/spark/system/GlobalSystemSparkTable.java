package io.strata.spark.system;

import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.system.GlobalSystemTable;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/** A table of the catalog's {@code sys} database, computed on the driver when read. */
public final class GlobalSystemSparkTable extends DriverRowsTable {

  private final GlobalSystemTable systemTable;
  private final WarehouseCatalog catalog;
  private final Map<String, String> catalogOptions;

  public GlobalSystemSparkTable(
      String name,
      GlobalSystemTable systemTable,
      WarehouseCatalog catalog,
      Map<String, String> catalogOptions) {
    super(name, systemTable.rowType());
    this.systemTable = systemTable;
    this.catalog = catalog;
    this.catalogOptions = catalogOptions;
  }

  /**
   * {@code options} with the values of keys that name a secret (secret, password, token,
   * credential) masked: a catalog's options may carry an object store's keys.
   */
  public static Map<String, String> masked(Map<String, String> options) {
    Map<String, String> shown = new LinkedHashMap<>();
    options.forEach(
        (key, value) -> {
          String k = key.toLowerCase(Locale.ROOT);
          boolean secret =
              k.contains("secret")
                  || k.contains("password")
                  || k.contains("token")
                  || k.contains("credential");
          shown.put(key, secret ? "******" : value);
        });
    return shown;
  }

  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
    return () ->
        SystemRowsScan.of(name(), systemTable.rowType(), systemTable.rows(catalog, catalogOptions));
  }
}

package io.strata.spark.system;

import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.system.GlobalSystemTable;
import io.strata.spark.SparkTypes;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/** A table of the catalog's {@code sys} database, computed on the driver when read. */
public final class GlobalSystemSparkTable implements SupportsRead {

  private final String name;
  private final GlobalSystemTable systemTable;
  private final WarehouseCatalog catalog;
  private final Map<String, String> catalogOptions;

  public GlobalSystemSparkTable(
      String name,
      GlobalSystemTable systemTable,
      WarehouseCatalog catalog,
      Map<String, String> catalogOptions) {
    this.name = name;
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
  public String name() {
    return name;
  }

  @Override
  @SuppressWarnings("deprecation")
  public StructType schema() {
    return SparkTypes.toStructType(systemTable.rowType());
  }

  @Override
  public Set<TableCapability> capabilities() {
    return EnumSet.of(TableCapability.BATCH_READ);
  }

  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
    return () ->
        SystemRowsScan.of(name, systemTable.rowType(), systemTable.rows(catalog, catalogOptions));
  }
}

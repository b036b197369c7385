package io.strata.core.options;

import static io.strata.core.options.ConfigOption.of;

/**
 * Options of a catalog (set once per catalog, e.g. {@code spark.sql.catalog.<name>.<key>}), not of
 * a table: the driver's cache of decoded manifests, shared by every query of the JVM.
 */
public final class CatalogOptions {

  private CatalogOptions() {}

  public static final ConfigOption<Boolean> CACHE_ENABLED =
      of(
          "cache-enabled",
          OptionType.BOOLEAN,
          true,
          "Catalog option: keep decoded manifests and manifest lists (immutable files) in a"
              + " cache shared by the queries of the driver; false reads them every time.");

  public static final ConfigOption<Long> CACHE_MANIFEST_SMALL_FILE_MEMORY =
      of(
              "cache.manifest.small-file-memory",
              OptionType.MEMORY_SIZE,
              128L << 20,
              "Catalog option: estimated heap the manifest cache may hold for small manifest"
                  + " files.")
          .withCheck(v -> v >= 0, "a non-negative size");

  public static final ConfigOption<Long> CACHE_MANIFEST_SMALL_FILE_THRESHOLD =
      of(
              "cache.manifest.small-file-threshold",
              OptionType.MEMORY_SIZE,
              1L << 20,
              "Catalog option: manifest files up to this size are cached.")
          .withCheck(v -> v >= 0, "a non-negative size");

  public static final ConfigOption<Long> CACHE_MANIFEST_MAX_MEMORY =
      ConfigOption.<Long>of(
              "cache.manifest.max-memory",
              OptionType.MEMORY_SIZE,
              null,
              "Catalog option: when set, manifest files of any size are cached within this"
                  + " estimated heap, instead of the small-file limits.")
          .withCheck(v -> v >= 0, "a non-negative size");
}

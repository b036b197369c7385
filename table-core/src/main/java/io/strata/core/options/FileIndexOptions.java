package io.strata.core.options;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Paimon's file-index options that Strata's writers apply: bloom filters of the named columns of an
 * append table's files, embedded in the manifest up to a size, else written beside the file. Per
 * column, {@code file-index.bloom-filter.<column>.fpp} and {@code .items} size the filter.
 */
public final class FileIndexOptions {

  private FileIndexOptions() {}

  public static final ConfigOption<String> BLOOM_FILTER_COLUMNS =
      ConfigOption.<String>of(
          "file-index.bloom-filter.columns",
          OptionType.STRING,
          null,
          "Columns whose values each data file of an append table indexes in a bloom filter (the"
              + " file index Paimon writes and reads); an equality or IN the filter rules out"
              + " skips the file. Size one with 'file-index.bloom-filter.<column>.fpp' (default"
              + " 0.1) and '.items' (default 1000000).");

  public static final ConfigOption<Long> IN_MANIFEST_THRESHOLD =
      ConfigOption.of(
          "file-index.in-manifest-threshold",
          OptionType.MEMORY_SIZE,
          500L,
          "A data file's index up to this size is kept in the manifest; a larger one is written"
              + " beside the file as '<data file>.index'.");

  public static final double DEFAULT_FPP = 0.1;
  public static final long DEFAULT_ITEMS = 1_000_000L;

  /** The bloom-filtered columns; empty when none. */
  public static List<String> bloomFilterColumns(Options options) {
    String columns = options.get(BLOOM_FILTER_COLUMNS);
    if (columns == null || columns.isBlank()) {
      return List.of();
    }
    return Arrays.stream(columns.split(",")).map(String::trim).filter(c -> !c.isEmpty()).toList();
  }

  public static double fpp(Map<String, String> options, String column) {
    String value = options.get("file-index.bloom-filter." + column + ".fpp");
    return value == null ? DEFAULT_FPP : Double.parseDouble(value.trim());
  }

  public static long items(Map<String, String> options, String column) {
    String value = options.get("file-index.bloom-filter." + column + ".items");
    return value == null ? DEFAULT_ITEMS : Long.parseLong(value.trim());
  }
}

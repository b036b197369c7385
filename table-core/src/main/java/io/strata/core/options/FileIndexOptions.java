package io.strata.core.options;

import io.strata.core.errors.OptionErrors;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Paimon's file-index options that Strata's writers apply: bloom filters of the named columns of a
 * table's data files, embedded in the manifest up to a size, else written beside the file. Per
 * column, {@code file-index.bloom-filter.<column>.fpp} and {@code .items} size the filter.
 */
public final class FileIndexOptions {

  private FileIndexOptions() {}

  public static final ConfigOption<String> BLOOM_FILTER_COLUMNS =
      ConfigOption.<String>of(
          "file-index.bloom-filter.columns",
          OptionType.STRING,
          null,
          "Columns whose values each data file indexes in a bloom filter (the file index Paimon"
              + " writes and reads); an equality or IN the filter rules out skips the file (a"
              + " primary-key table's file only where it is read without a merge). Size one with 'file-index.bloom-filter.<column>.fpp' (default"
              + " 0.1) and '.items' (default 1000000).");

  public static final ConfigOption<Long> IN_MANIFEST_THRESHOLD =
      ConfigOption.of(
          "file-index.in-manifest-threshold",
          OptionType.MEMORY_SIZE,
          500L,
          "A data file's index up to this size is kept in the manifest; a larger one is written"
              + " beside the file as '<data file>.index'.");

  private static final double DEFAULT_FPP = 0.1;
  private static final long DEFAULT_ITEMS = 1_000_000L;

  /** The bloom-filtered columns; empty when none. */
  public static List<String> bloomFilterColumns(Options options) {
    String columns = options.get(BLOOM_FILTER_COLUMNS);
    if (columns == null || columns.isBlank()) {
      return List.of();
    }
    return Arrays.stream(columns.split(",")).map(String::trim).filter(c -> !c.isEmpty()).toList();
  }

  /** The column's false-positive rate, in (0, 1); default 0.1. */
  public static double fpp(Map<String, String> options, String column) {
    String key = "file-index.bloom-filter." + column + ".fpp";
    String value = options.get(key);
    if (value == null) {
      return DEFAULT_FPP;
    }
    try {
      double fpp = Double.parseDouble(value.trim());
      if (fpp > 0 && fpp < 1) {
        return fpp;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw OptionErrors.invalidValue(key, value, "a number between 0 and 1 (exclusive)");
  }

  /** How many values the column's filter is sized for, positive; default 1000000. */
  public static long items(Map<String, String> options, String column) {
    String key = "file-index.bloom-filter." + column + ".items";
    String value = options.get(key);
    if (value == null) {
      return DEFAULT_ITEMS;
    }
    try {
      long items = Long.parseLong(value.trim());
      if (items > 0) {
        return items;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw OptionErrors.invalidValue(key, value, "a positive whole number");
  }
}

package io.strata.core.options;

import io.strata.core.errors.OptionErrors;
import java.util.Arrays;
import java.util.LinkedHashMap;
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

  public static final ConfigOption<String> BITMAP_COLUMNS =
      ConfigOption.<String>of(
          "file-index.bitmap.columns",
          OptionType.STRING,
          null,
          "Columns whose distinct values each data file indexes in a bitmap index (the file index"
              + " Paimon writes and reads); an equality, IN, IS NULL or IS NOT NULL the index"
              + " rules out skips the file (a primary-key table's file only where it is read"
              + " without a merge). Per column, 'file-index.bitmap.<column>.version' (1 or 2,"
              + " default 2) and '.index-block-size' (version 2, default 16 kb).");

  public static final ConfigOption<Boolean> READ_ENABLED =
      ConfigOption.of(
          "file-index.read.enabled",
          OptionType.BOOLEAN,
          true,
          "Whether reads skip data files by their file indexes; false reads every file the"
              + " statistics keep, as if no file had an index.");

  private static final double DEFAULT_FPP = 0.1;
  private static final int DEFAULT_BITMAP_VERSION = 2;
  private static final long DEFAULT_BITMAP_BLOCK_SIZE = 16 * 1024;
  private static final long DEFAULT_ITEMS = 1_000_000L;

  /** The bloom-filtered columns; empty when none. */
  public static List<String> bloomFilterColumns(Options options) {
    return columns(options.get(BLOOM_FILTER_COLUMNS));
  }

  /** The bitmap-indexed columns; empty when none. */
  public static List<String> bitmapColumns(Options options) {
    return columns(options.get(BITMAP_COLUMNS));
  }

  /** The column's bitmap index version, 1 or 2; default 2, as Paimon 1.3.1 writes. */
  public static int bitmapVersion(Map<String, String> options, String column) {
    String key = "file-index.bitmap." + column + ".version";
    String value = options.get(key);
    if (value == null) {
      return DEFAULT_BITMAP_VERSION;
    }
    if (value.trim().equals("1") || value.trim().equals("2")) {
      return Integer.parseInt(value.trim());
    }
    throw OptionErrors.invalidValue(key, value, "1 or 2");
  }

  /** The size of a version-2 bitmap index's blocks of values; default 16 kb. */
  public static long bitmapIndexBlockSize(Map<String, String> options, String column) {
    String key = "file-index.bitmap." + column + ".index-block-size";
    String value = options.get(key);
    if (value == null) {
      return DEFAULT_BITMAP_BLOCK_SIZE;
    }
    long size = MemorySize.parse(value);
    if (size <= 0) {
      throw OptionErrors.invalidValue(key, value, "a positive memory size such as '16 kb'");
    }
    return size;
  }

  private static List<String> columns(String columns) {
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

  /**
   * The index options as they apply to a file written under an older schema, whose columns may
   * carry other names: {@code fileNames} maps each current column name to the name the file holds
   * it under, and indexed columns the file lacks are left out. A file's index names its columns as
   * the file does, as Paimon's reader looks them up.
   */
  public static Options forFileColumns(Options options, Map<String, String> fileNames) {
    Map<String, String> translated = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : options.toMap().entrySet()) {
      if (!e.getKey().startsWith(BLOOM_PREFIX) && !e.getKey().startsWith(BITMAP_PREFIX)) {
        translated.put(e.getKey(), e.getValue());
      }
    }
    translate(options, bloomFilterColumns(options), BLOOM_PREFIX, fileNames, translated);
    translate(options, bitmapColumns(options), BITMAP_PREFIX, fileNames, translated);
    return new Options(translated);
  }

  private static final String BLOOM_PREFIX = "file-index.bloom-filter.";
  private static final String BITMAP_PREFIX = "file-index.bitmap.";

  private static void translate(
      Options options,
      List<String> columns,
      String prefix,
      Map<String, String> fileNames,
      Map<String, String> translated) {
    List<String> kept = columns.stream().filter(fileNames::containsKey).toList();
    if (!kept.isEmpty()) {
      translated.put(
          prefix + "columns", String.join(",", kept.stream().map(fileNames::get).toList()));
    }
    for (String column : kept) {
      String from = prefix + column + ".";
      String to = prefix + fileNames.get(column) + ".";
      options
          .toMap()
          .forEach(
              (k, v) -> {
                if (k.startsWith(from)) {
                  translated.put(to + k.substring(from.length()), v);
                }
              });
    }
  }
}

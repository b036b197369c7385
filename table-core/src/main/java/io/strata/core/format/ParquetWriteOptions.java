package io.strata.core.format;

import io.strata.core.errors.OptionErrors;
import io.strata.core.options.Options;
import io.strata.core.options.OrcOptions;
import io.strata.core.options.ParquetOptions;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * Options of a Parquet data file writer, with Paimon's table option keys and defaults: {@code
 * file.compression} (zstd), {@code file.compression.zstd-level} (1), {@code metadata.stats-mode}
 * (truncate(16)), {@code fields.<name>.stats-mode}, {@code parquet.block.size}, {@code
 * parquet.page.size}, {@code parquet.enable.dictionary}; for ORC {@code write.batch-size}. {@code
 * formatOptions} holds the table's other {@code parquet.*} and {@code orc.*} options, which the
 * writers pass on to their libraries ({@link ParquetWriterConf}, {@link OrcWriterConf}).
 */
public record ParquetWriteOptions(
    String compression,
    int zstdLevel,
    StatsMode statsMode,
    Map<String, StatsMode> fieldStatsModes,
    long rowGroupSize,
    int pageSize,
    boolean dictionary,
    int writeBatchSize,
    Map<String, String> formatOptions) {

  // The keys of typed options come from their one definition in TableOptions.
  public static final String COMPRESSION =
      io.strata.core.options.TableOptions.FILE_COMPRESSION.key();
  public static final String ZSTD_LEVEL = ParquetOptions.ZSTD_LEVEL.key();
  public static final String STATS_MODE =
      io.strata.core.options.TableOptions.METADATA_STATS_MODE.key();
  public static final String BLOCK_SIZE = ParquetOptions.BLOCK_SIZE.key();
  public static final String PAGE_SIZE = ParquetOptions.PAGE_SIZE.key();
  public static final String ENABLE_DICTIONARY = ParquetOptions.ENABLE_DICTIONARY.key();
  static final String ORC_PREFIX = "orc.";
  static final String PARQUET_PREFIX = "parquet.";

  public ParquetWriteOptions {
    fieldStatsModes = Map.copyOf(fieldStatsModes);
    formatOptions = Map.copyOf(formatOptions);
    codecOf(compression);
  }

  /** Options without ORC batch size or passed-on library options: their defaults. */
  public ParquetWriteOptions(
      String compression,
      int zstdLevel,
      StatsMode statsMode,
      Map<String, StatsMode> fieldStatsModes,
      long rowGroupSize,
      int pageSize,
      boolean dictionary) {
    this(
        compression,
        zstdLevel,
        statsMode,
        fieldStatsModes,
        rowGroupSize,
        pageSize,
        dictionary,
        OrcOptions.WRITE_BATCH_SIZE.defaultValue(),
        Map.of());
  }

  /** Paimon's defaults: zstd level 1, truncate(16), 128 MB row groups, 1 MB pages, dictionary. */
  public static ParquetWriteOptions defaults() {
    return new ParquetWriteOptions(
        "zstd", 1, StatsMode.DEFAULT, Map.of(), 128L << 20, 1 << 20, true);
  }

  /** Reads the options this writer understands from a table's option map; others are ignored. */
  public static ParquetWriteOptions fromTableOptions(Map<String, String> options) {
    ParquetWriteOptions d = defaults();
    Options typed = new Options(options);
    Map<String, StatsMode> fieldModes = new HashMap<>();
    Map<String, String> formatOptions = new HashMap<>();
    for (Map.Entry<String, String> e : options.entrySet()) {
      String field = ParquetOptions.FIELD_STATS_MODE.fieldOf(e.getKey());
      if (field != null) {
        fieldModes.put(field, StatsMode.parse(e.getValue()));
      }
      if (e.getValue() != null
          && (e.getKey().startsWith(ORC_PREFIX) || e.getKey().startsWith(PARQUET_PREFIX))) {
        formatOptions.put(e.getKey(), e.getValue());
      }
    }
    return new ParquetWriteOptions(
        options.getOrDefault(COMPRESSION, d.compression()),
        typed.get(ParquetOptions.ZSTD_LEVEL),
        options.containsKey(STATS_MODE) ? StatsMode.parse(options.get(STATS_MODE)) : d.statsMode(),
        fieldModes,
        typed.get(ParquetOptions.BLOCK_SIZE),
        typed.get(ParquetOptions.PAGE_SIZE),
        typed.get(ParquetOptions.ENABLE_DICTIONARY),
        typed.get(OrcOptions.WRITE_BATCH_SIZE),
        formatOptions);
  }

  /** The same options with another compression. */
  public ParquetWriteOptions withCompression(String newCompression) {
    return copy(newCompression, statsMode, formatOptions);
  }

  /** The same options with another table-wide stats mode. */
  public ParquetWriteOptions withStatsMode(StatsMode mode) {
    return copy(compression, mode, formatOptions);
  }

  /**
   * The same options with Parquet's dictionary off for {@code columns}, unless the table sets
   * {@code parquet.enable.dictionary#<column>} itself.
   */
  public ParquetWriteOptions withoutDictionaryFor(List<String> columns) {
    if (columns.isEmpty()) {
      return this;
    }
    Map<String, String> merged = new HashMap<>();
    for (String column : columns) {
      merged.put(ENABLE_DICTIONARY + "#" + column, "false");
    }
    merged.putAll(formatOptions);
    return copy(compression, statsMode, merged);
  }

  /** These options with the three that derived copies change. */
  private ParquetWriteOptions copy(
      String newCompression, StatsMode newStatsMode, Map<String, String> newFormatOptions) {
    return new ParquetWriteOptions(
        newCompression,
        zstdLevel,
        newStatsMode,
        fieldStatsModes,
        rowGroupSize,
        pageSize,
        dictionary,
        writeBatchSize,
        newFormatOptions);
  }

  /** The stats mode of a column: its {@code fields.<name>.stats-mode}, else the table's. */
  public StatsMode statsModeFor(String fieldName) {
    return fieldStatsModes.getOrDefault(fieldName, statsMode);
  }

  /** The Parquet codec of {@link #compression()}. */
  public CompressionCodecName codec() {
    return codecOf(compression);
  }

  /**
   * Maps a {@code file.compression} value to a Parquet codec: zstd, snappy, gzip, lz4 (written as
   * Parquet's self-contained LZ4_RAW), lz4_raw, none / uncompressed.
   */
  public static CompressionCodecName codecOf(String compression) {
    return switch (compression.trim().toLowerCase(Locale.ROOT)) {
      case "zstd" -> CompressionCodecName.ZSTD;
      case "snappy" -> CompressionCodecName.SNAPPY;
      case "gzip" -> CompressionCodecName.GZIP;
      case "lz4", "lz4_raw" -> CompressionCodecName.LZ4_RAW;
      case "none", "uncompressed" -> CompressionCodecName.UNCOMPRESSED;
      default -> throw OptionErrors.unsupportedFileCompression(compression);
    };
  }
}

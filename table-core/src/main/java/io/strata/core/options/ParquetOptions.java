package io.strata.core.options;

import static io.strata.core.options.ConfigOption.of;

/** Options of the Parquet data file writer, with Paimon's keys and defaults. */
public final class ParquetOptions {

  private ParquetOptions() {}

  public static final ConfigOption<Integer> ZSTD_LEVEL =
      of("file.compression.zstd-level", OptionType.INT, 1, "zstd level of data files.");

  public static final ConfigOption<Long> BLOCK_SIZE =
      of("parquet.block.size", OptionType.LONG, 128L << 20, "Row group size in bytes.");

  public static final ConfigOption<Integer> PAGE_SIZE =
      of("parquet.page.size", OptionType.INT, 1 << 20, "Page size in bytes.");

  public static final ConfigOption<Boolean> ENABLE_DICTIONARY =
      of("parquet.enable.dictionary", OptionType.BOOLEAN, true, "Dictionary-encode columns.");

  public static final FieldOption<String> FIELD_STATS_MODE =
      new FieldOption<>(
          "stats-mode",
          OptionType.STRING,
          null,
          "Value stats of this column in manifests (default metadata.stats-mode).");
}

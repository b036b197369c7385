package io.strata.core.format;

import io.strata.core.errors.OptionErrors;
import java.util.Map;
import java.util.function.Function;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.hadoop.ParquetWriter;

/**
 * Passes a table's {@code parquet.*} options to parquet-hadoop's writer properties, with
 * parquet-hadoop's own keys (those of its {@code ParquetOutputFormat}), as Paimon does. Besides
 * {@code parquet.block.size}, {@code parquet.page.size} and {@code parquet.enable.dictionary}
 * (typed table options): {@code parquet.dictionary.page.size}, {@code parquet.writer.max-padding},
 * {@code parquet.page.row.count.limit}, {@code parquet.block.row.count.limit}, {@code
 * parquet.page.size.row.check.min|max}, {@code parquet.statistics.truncate.length}, {@code
 * parquet.columnindex.truncate.length}, {@code parquet.page.write-checksum.enabled}, {@code
 * parquet.bloom.filter.enabled}, {@code parquet.bloom.filter.max.bytes}, and per column ({@code
 * <key>#<column>}) {@code parquet.enable.dictionary}, {@code parquet.bloom.filter.enabled}, {@code
 * parquet.bloom.filter.expected.ndv} and {@code parquet.bloom.filter.fpp}. Other keys are ignored.
 */
final class ParquetWriterConf {

  private static final String MAX_PADDING = "parquet.writer.max-padding";

  private ParquetWriterConf() {}

  /** Applies each passed-on option of {@code formatOptions} but the padding to {@code props}. */
  static void apply(Map<String, String> formatOptions, ParquetProperties.Builder props) {
    for (Map.Entry<String, String> e : formatOptions.entrySet()) {
      String key = e.getKey();
      String raw = e.getValue();
      int hash = key.indexOf('#');
      if (hash > 0) {
        applyToColumn(key.substring(0, hash), key.substring(hash + 1), key, raw, props);
      } else {
        applyToFile(key, raw, props);
      }
    }
  }

  /** {@code parquet.writer.max-padding}, or parquet-hadoop's default if the table sets none. */
  static int maxPaddingSize(Map<String, String> formatOptions) {
    String raw = formatOptions.get(MAX_PADDING);
    return raw == null ? ParquetWriter.MAX_PADDING_SIZE_DEFAULT : nonNegative(MAX_PADDING, raw);
  }

  private static void applyToFile(String key, String raw, ParquetProperties.Builder builder) {
    switch (key) {
      case "parquet.dictionary.page.size" -> builder.withDictionaryPageSize(positive(key, raw));
      case "parquet.page.row.count.limit" -> builder.withPageRowCountLimit(positive(key, raw));
      case "parquet.block.row.count.limit" -> builder.withRowGroupRowCountLimit(positive(key, raw));
      case "parquet.page.size.row.check.min" ->
          builder.withMinRowCountForPageSizeCheck(positive(key, raw));
      case "parquet.page.size.row.check.max" ->
          builder.withMaxRowCountForPageSizeCheck(positive(key, raw));
      case "parquet.statistics.truncate.length" ->
          builder.withStatisticsTruncateLength(positive(key, raw));
      case "parquet.columnindex.truncate.length" ->
          builder.withColumnIndexTruncateLength(positive(key, raw));
      case "parquet.page.write-checksum.enabled" ->
          builder.withPageWriteChecksumEnabled(bool(key, raw));
      case "parquet.bloom.filter.enabled" -> builder.withBloomFilterEnabled(bool(key, raw));
      case "parquet.bloom.filter.max.bytes" -> builder.withMaxBloomFilterBytes(positive(key, raw));
      default -> {
        // Not a writer property parquet-hadoop takes from a table (or a typed one set elsewhere).
      }
    }
  }

  private static void applyToColumn(
      String option, String column, String key, String raw, ParquetProperties.Builder builder) {
    switch (option) {
      case "parquet.enable.dictionary" -> builder.withDictionaryEncoding(column, bool(key, raw));
      case "parquet.bloom.filter.enabled" -> builder.withBloomFilterEnabled(column, bool(key, raw));
      case "parquet.bloom.filter.expected.ndv" ->
          builder.withBloomFilterNDV(column, parse(key, raw, Long::parseLong, "a positive long"));
      case "parquet.bloom.filter.fpp" ->
          builder.withBloomFilterFPP(
              column, parse(key, raw, Double::parseDouble, "a probability between 0 and 1"));
      default -> {
        // Not a per-column writer option.
      }
    }
  }

  private static int positive(String key, String raw) {
    int value = parse(key, raw, Integer::parseInt, "a positive integer");
    if (value <= 0) {
      throw OptionErrors.invalidValue(key, raw, "a positive integer");
    }
    return value;
  }

  private static int nonNegative(String key, String raw) {
    int value = parse(key, raw, Integer::parseInt, "a non-negative integer");
    if (value < 0) {
      throw OptionErrors.invalidValue(key, raw, "a non-negative integer");
    }
    return value;
  }

  private static boolean bool(String key, String raw) {
    String v = raw.strip();
    if (v.equalsIgnoreCase("true") || v.equalsIgnoreCase("false")) {
      return Boolean.parseBoolean(v);
    }
    throw OptionErrors.invalidValue(key, raw, "true or false");
  }

  private static <T> T parse(String key, String raw, Function<String, T> parser, String expected) {
    try {
      return parser.apply(raw.strip());
    } catch (RuntimeException e) {
      throw OptionErrors.invalidValue(key, raw, expected);
    }
  }
}

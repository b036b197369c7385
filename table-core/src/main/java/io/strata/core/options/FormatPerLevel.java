package io.strata.core.options;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code file.format.per.level}: the data file format of chosen LSM levels of a primary-key table,
 * written as comma-separated {@code level:format} pairs such as {@code 0:avro,3:parquet}. Levels
 * not listed use {@code file.format}.
 */
public record FormatPerLevel(Map<Integer, FileFormat> formats) {

  /** What a value must look like; the error of an invalid value quotes it. */
  public static final String SYNTAX =
      "comma-separated level:format pairs such as '0:avro,3:parquet', each level a non-negative"
          + " integer listed once and each format one of parquet, orc or avro";

  public static final FormatPerLevel NONE = new FormatPerLevel(Map.of());

  public FormatPerLevel {
    formats = Collections.unmodifiableMap(new LinkedHashMap<>(formats));
  }

  /** The format of files written at {@code level}: its own, else {@code fallback}. */
  public FileFormat at(int level, FileFormat fallback) {
    return formats.getOrDefault(level, fallback);
  }

  /** Whether {@code text} parses (blank is the empty mapping). */
  static boolean isValid(String text) {
    return parseOrNull(text) != null;
  }

  /** Parses a checked value (see {@link TableOptions#FILE_FORMAT_PER_LEVEL}). */
  static FormatPerLevel parse(String text) {
    FormatPerLevel parsed = parseOrNull(text);
    if (parsed == null) {
      throw new IllegalStateException("Unchecked file.format.per.level: " + text);
    }
    return parsed;
  }

  /** The mapping, or null when {@code text} does not follow {@link #SYNTAX}. */
  private static FormatPerLevel parseOrNull(String text) {
    Map<Integer, FileFormat> formats = new LinkedHashMap<>();
    if (text.isBlank()) {
      return NONE;
    }
    for (String pair : text.split(",", -1)) {
      int colon = pair.indexOf(':');
      if (colon < 0) {
        return null;
      }
      Integer level = levelOf(pair.substring(0, colon).strip());
      FileFormat format = formatOf(pair.substring(colon + 1).strip());
      if (level == null || format == null || formats.put(level, format) != null) {
        return null;
      }
    }
    return new FormatPerLevel(formats);
  }

  private static Integer levelOf(String text) {
    if (!text.matches("\\d{1,9}")) {
      return null;
    }
    return Integer.parseInt(text);
  }

  private static FileFormat formatOf(String text) {
    for (FileFormat format : FileFormat.values()) {
      if (format.value().equalsIgnoreCase(text)) {
        return format;
      }
    }
    return null;
  }
}

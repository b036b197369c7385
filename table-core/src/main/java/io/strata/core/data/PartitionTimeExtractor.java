package io.strata.core.data;

import io.strata.core.errors.OptionErrors;
import io.strata.core.options.Options;
import io.strata.core.options.PartitionExpireOptions;
import io.strata.core.types.DataType;
import io.strata.core.types.DataTypeRoot;
import io.strata.core.types.RowType;
import io.strata.core.types.Timestamp;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The time a partition stands for, read from its values: {@code partition.timestamp-pattern}
 * (default: the first partition field) builds the text, {@code partition.timestamp-formatter}
 * (default {@code yyyy-MM-dd HH:mm:ss}, {@code yyyy-MM-dd} also accepted) parses it, and a text
 * that parses as a date only means midnight.
 *
 * <p>Example: pattern {@code $dt $hour:00:00} over {@code dt=2026-03-01, hour=07} gives the text
 * {@code 2026-03-01 07:00:00}, i.e. 2026-03-01T07:00. Without a pattern, a DATE or TIMESTAMP first
 * field is its own time (TIMESTAMP WITH LOCAL TIME ZONE taken in UTC).
 */
public final class PartitionTimeExtractor {

  static final String DEFAULT_FORMATTER = "yyyy-MM-dd HH:mm:ss";
  private static final DateTimeFormatter DEFAULT_DATE =
      DateTimeFormatter.ofPattern("yyyy-MM-dd", Locale.ROOT);
  private static final DateTimeFormatter TIMESTAMP_TEXT =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT);
  // Formats a synthetic time that every usable formatter must parse back.
  private static final LocalDateTime SYNTHETIC = LocalDateTime.of(2026, 1, 2, 3, 4, 5);

  private final RowType partitionType;
  private final String formatterText;
  private final String pattern;
  private final DateTimeFormatter formatter;
  private final DateTimeFormatter dateFormatter;
  // Literal text (String) and partition field positions (Integer), in pattern order.
  private final List<Object> template;

  private PartitionTimeExtractor(RowType partitionType, String formatterText, String pattern) {
    this.partitionType = partitionType;
    this.formatterText = formatterText;
    this.pattern = pattern;
    this.formatter = formatter(formatterText);
    this.dateFormatter = formatterText == null ? DEFAULT_DATE : formatter;
    this.template = pattern == null ? null : parsePattern(partitionType, pattern);
    checkParsesSyntheticTime();
  }

  /**
   * An extractor of these settings (null = default).
   *
   * @throws IllegalArgumentException when the formatter is not a java.time pattern or cannot parse
   *     the time it formats itself, or the pattern names no field or a field that is not a
   *     partition field
   */
  public static PartitionTimeExtractor of(RowType partitionType, String formatter, String pattern) {
    return new PartitionTimeExtractor(partitionType, formatter, pattern);
  }

  /** The extractor of a table's options. */
  public static PartitionTimeExtractor of(RowType partitionType, Options options) {
    return of(
        partitionType,
        options.get(PartitionExpireOptions.TIMESTAMP_FORMATTER),
        options.get(PartitionExpireOptions.TIMESTAMP_PATTERN));
  }

  /** Checks a table's formatter and pattern when either is set (CREATE and ALTER). */
  public static void validate(RowType partitionType, Options options) {
    if (options.contains(PartitionExpireOptions.TIMESTAMP_FORMATTER)
        || options.contains(PartitionExpireOptions.TIMESTAMP_PATTERN)) {
      of(partitionType, options);
    }
  }

  /** The partition's time, or empty when its values do not parse. */
  public Optional<LocalDateTime> extract(Object[] values) {
    if (template == null && partitionType.size() > 0) {
      LocalDateTime intrinsic = intrinsicTime(partitionType.typeAt(0), values[0]);
      if (intrinsic != null) {
        return Optional.of(intrinsic);
      }
    }
    String text = text(values);
    return text == null ? Optional.empty() : parse(text);
  }

  /** {@code formatter 'yyyyMMdd', pattern '$dt'} for messages. */
  public String describe() {
    return "formatter '"
        + (formatterText == null ? DEFAULT_FORMATTER : formatterText)
        + "'"
        + (pattern == null ? "" : ", pattern '" + pattern + "'");
  }

  private static DateTimeFormatter formatter(String text) {
    try {
      return DateTimeFormatter.ofPattern(text == null ? DEFAULT_FORMATTER : text, Locale.ROOT);
    } catch (IllegalArgumentException e) {
      throw invalidFormatter(
          text, e.getMessage() + "; use a java.time pattern such as 'yyyyMMdd' or 'yyyyMMddHH'");
    }
  }

  private void checkParsesSyntheticTime() {
    String formatted;
    try {
      formatted = formatter.format(SYNTHETIC);
    } catch (DateTimeException e) {
      throw invalidFormatter(formatterText, e.getMessage());
    }
    if (parse(formatted).isEmpty()) {
      throw invalidFormatter(
          formatterText,
          "it cannot parse the text it formats itself ('"
              + formatted
              + "' for "
              + SYNTHETIC
              + "); it needs at least a year, month and day, e.g. 'yyyyMMdd'");
    }
  }

  private static IllegalArgumentException invalidFormatter(String text, String reason) {
    return OptionErrors.invalidTimestampFormatter(
        PartitionExpireOptions.TIMESTAMP_FORMATTER.key(), text, reason);
  }

  private Optional<LocalDateTime> parse(String text) {
    try {
      return Optional.of(LocalDateTime.parse(text, formatter));
    } catch (DateTimeException e) {
      try {
        return Optional.of(LocalDate.parse(text, dateFormatter).atStartOfDay());
      } catch (DateTimeException notADate) {
        return Optional.empty();
      }
    }
  }

  /** The text to parse, or null when a field the text needs is NULL. */
  private String text(Object[] values) {
    if (template == null) {
      return partitionType.size() == 0 ? null : fieldText(partitionType.typeAt(0), values[0]);
    }
    StringBuilder sb = new StringBuilder();
    for (Object part : template) {
      if (part instanceof Integer i) {
        String value = fieldText(partitionType.typeAt(i), values[i]);
        if (value == null) {
          return null;
        }
        sb.append(value);
      } else {
        sb.append((String) part);
      }
    }
    return sb.toString();
  }

  private static String fieldText(DataType type, Object value) {
    if (value == null) {
      return null;
    }
    LocalDateTime intrinsic = intrinsicTime(type, value);
    if (intrinsic == null) {
      return PartitionPath.toText(type, value);
    }
    return type.root() == DataTypeRoot.DATE
        ? intrinsic.toLocalDate().toString()
        : TIMESTAMP_TEXT.format(intrinsic);
  }

  private static LocalDateTime intrinsicTime(DataType type, Object value) {
    if (value == null) {
      return null;
    }
    return switch (type.root()) {
      case DATE -> LocalDate.ofEpochDay((Integer) value).atStartOfDay();
      case TIMESTAMP, TIMESTAMP_LTZ -> ((Timestamp) value).toLocalDateTime();
      default -> null;
    };
  }

  /**
   * Splits {@code $dt $hour:00:00} into fields and literals; at each {@code $} the longest
   * partition field name that follows is taken.
   */
  private static List<Object> parsePattern(RowType partitionType, String pattern) {
    List<Object> parts = new ArrayList<>();
    StringBuilder literal = new StringBuilder();
    int i = 0;
    while (i < pattern.length()) {
      char c = pattern.charAt(i);
      if (c != '$') {
        literal.append(c);
        i++;
        continue;
      }
      int field = longestFieldAt(partitionType, pattern, i + 1);
      if (field < 0) {
        throw unknownField(partitionType, pattern, i + 1);
      }
      if (literal.length() > 0) {
        parts.add(literal.toString());
        literal.setLength(0);
      }
      parts.add(field);
      i += 1 + partitionType.field(field).name().length();
    }
    if (literal.length() > 0) {
      parts.add(literal.toString());
    }
    if (parts.stream().noneMatch(p -> p instanceof Integer)) {
      throw OptionErrors.patternWithoutField(
          PartitionExpireOptions.TIMESTAMP_PATTERN.key(),
          pattern,
          partitionType.size() == 0 ? "dt" : partitionType.field(0).name());
    }
    return parts;
  }

  private static int longestFieldAt(RowType partitionType, String pattern, int from) {
    int best = -1;
    for (int f = 0; f < partitionType.size(); f++) {
      String name = partitionType.field(f).name();
      if (pattern.startsWith(name, from)
          && (best < 0 || name.length() > partitionType.field(best).name().length())) {
        best = f;
      }
    }
    return best;
  }

  private static IllegalArgumentException unknownField(
      RowType partitionType, String pattern, int from) {
    int end = from;
    while (end < pattern.length() && Character.isLetterOrDigit(pattern.charAt(end))
        || end < pattern.length() && pattern.charAt(end) == '_') {
      end++;
    }
    return OptionErrors.patternUnknownField(
        PartitionExpireOptions.TIMESTAMP_PATTERN.key(),
        pattern,
        pattern.substring(from, end),
        partitionType.fieldNames());
  }
}

package io.strata.core.data;

import io.strata.core.errors.ValueErrors;
import io.strata.core.types.AtomicType;
import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.RowType;
import io.strata.core.types.Timestamp;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;

/**
 * Partition directory names as Paimon writes them with {@code partition.legacy-name} = true
 * (FORMAT.md §1), their display form, and parsing of user-given partition values.
 */
public final class PartitionPath {

  /** Paimon's default for {@code partition.default-name}. */
  public static final String DEFAULT_PARTITION_NAME = "__DEFAULT_PARTITION__";

  private static final char[] HEX = "0123456789ABCDEF".toCharArray();
  // Hive's list; Paimon 1.3.1 escapes '}' as well, and directory names must match it.
  private static final String SPECIAL = "\"#%'*/:=?\\{}[]^";

  private PartitionPath() {}

  /**
   * The relative directory of a partition, {@code k1=v1/k2=v2} (no trailing slash), with names and
   * values escaped; a NULL, empty or whitespace-only value becomes {@code defaultPartitionName}.
   */
  public static String path(RowType partitionType, Object[] values, String defaultPartitionName) {
    return render(partitionType, values, defaultPartitionName, true, true);
  }

  /**
   * {@link #path(RowType, Object[], String)} with {@code partition.legacy-name}: when false, dates,
   * times and timestamps are named as Paimon casts them to strings ({@code 2026-12-01}, {@code
   * 01:02:03}, {@code 2026-12-01 10:00:00.123}) instead of epoch days, millis of day and {@code
   * LocalDateTime#toString()}.
   */
  public static String path(
      RowType partitionType, Object[] values, String defaultPartitionName, boolean legacyName) {
    return render(partitionType, values, defaultPartitionName, true, legacyName);
  }

  /** The partition as {@code k=v/k2=v2}, unescaped, with the same default-name rule as a path. */
  public static String displayString(
      RowType partitionType, Object[] values, String defaultPartitionName) {
    return render(partitionType, values, defaultPartitionName, false, true);
  }

  private static String render(
      RowType type,
      Object[] values,
      String defaultPartitionName,
      boolean escape,
      boolean legacyName) {
    if (values.length != type.size()) {
      throw ValueErrors.partitionArity(values.length, type, type.size());
    }
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < values.length; i++) {
      DataField field = type.field(i);
      String text =
          legacyName ? toText(field.type(), values[i]) : castText(field.type(), values[i]);
      // Paimon tests for "null or whitespace only" (Character.isWhitespace, as isBlank does), so
      // "", " " and "\t" all share the default directory.
      if (text == null || text.isBlank()) {
        text = defaultPartitionName;
      }
      if (i > 0) {
        sb.append('/');
      }
      if (escape) {
        escape(field.name(), sb);
        sb.append('=');
        escape(text, sb);
      } else {
        sb.append(field.name()).append('=').append(text);
      }
    }
    return sb.toString();
  }

  /**
   * The unescaped text of a canonical partition value, or null for NULL: DATE as epoch days, TIME
   * as millis of day, TIMESTAMP as {@link LocalDateTime#toString()} (in UTC for TIMESTAMP_LTZ),
   * DECIMAL as plain text.
   */
  public static String toText(DataType type, Object value) {
    if (value == null) {
      return null;
    }
    return switch (type.root()) {
      case BOOLEAN, TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE, DATE, TIME -> value.toString();
      case CHAR, VARCHAR -> (String) value;
      case DECIMAL -> ((BigDecimal) value).toPlainString();
      case TIMESTAMP, TIMESTAMP_LTZ -> ((Timestamp) value).toLocalDateTime().toString();
      default -> throw ValueErrors.unsupportedPartitionType(type);
    };
  }

  /**
   * The text Paimon's cast to STRING gives a partition value ({@code partition.legacy-name} =
   * false): DATE {@code yyyy-MM-dd}, TIME {@code HH:mm:ss} (and its precision's digits), TIMESTAMP
   * and TIMESTAMP_LTZ (in UTC) {@code yyyy-MM-dd HH:mm:ss} with exactly as many fraction digits as
   * the type's precision; other types as {@link #toText}.
   */
  static String castText(DataType type, Object value) {
    if (value == null) {
      return null;
    }
    return switch (type.root()) {
      case DATE -> LocalDate.ofEpochDay((Integer) value).toString();
      case TIME -> {
        LocalTime time = LocalTime.ofNanoOfDay(((Integer) value) * 1_000_000L);
        String text =
            String.format("%02d:%02d:%02d", time.getHour(), time.getMinute(), time.getSecond());
        int precision = ((AtomicType) type).precision();
        // Unlike a timestamp's, a TIME(0)'s fraction is never printed.
        yield precision == 0 ? text : withFraction(text, time.getNano(), precision);
      }
      case TIMESTAMP, TIMESTAMP_LTZ -> {
        LocalDateTime t = ((Timestamp) value).toLocalDateTime();
        yield withFraction(
            String.format(
                "%s %02d:%02d:%02d", t.toLocalDate(), t.getHour(), t.getMinute(), t.getSecond()),
            t.getNano(),
            ((AtomicType) type).precision());
      }
      default -> toText(type, value);
    };
  }

  /**
   * {@code text} and the fraction of {@code nanos}: exactly {@code precision} digits, or at
   * precision 0 the digits a value has anyway (trailing zeros dropped), as Paimon prints them.
   */
  private static String withFraction(String text, int nanos, int precision) {
    String digits = String.format("%09d", nanos);
    if (precision > 0) {
      return text + "." + digits.substring(0, Math.min(precision, 9));
    }
    String trimmed = digits.replaceAll("0+$", "");
    return trimmed.isEmpty() ? text : text + "." + trimmed;
  }

  /**
   * Hive-style escaping as Paimon applies it: control characters, DEL, quotes and {@code # % * / :
   * = ? \ [ ] ^ { }} become %XX (upper-case hex); everything else, spaces included, stays.
   */
  public static String escape(String s) {
    return escape(s, new StringBuilder(s.length() + 8)).toString();
  }

  private static StringBuilder escape(String s, StringBuilder sb) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < 0x20 || c == 0x7f || SPECIAL.indexOf(c) >= 0) {
        sb.append('%').append(HEX[c >> 4]).append(HEX[c & 0xf]);
      } else {
        sb.append(c);
      }
    }
    return sb;
  }

  /** Reverses {@link #escape}; a '%' not followed by two hex digits stays as it is. */
  public static String unescape(String s) {
    StringBuilder sb = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '%' && i + 2 < s.length() && isHex(s.charAt(i + 1)) && isHex(s.charAt(i + 2))) {
        sb.append((char) Integer.parseInt(s, i + 1, i + 3, 16));
        i += 2;
      } else {
        sb.append(c);
      }
    }
    return sb.toString();
  }

  private static boolean isHex(char c) {
    return Character.digit(c, 16) >= 0 && c < 0x80;
  }

  /** Parses a user-given value of this partition column, as the three-argument form does. */
  public static Object parseValue(DataField column, String text) {
    return parseValue(column.name(), column.type(), text);
  }

  /**
   * Converts a partition value given as text (e.g. {@code PARTITION (dt='2026-01-01')}) to its
   * canonical value; null stays null. DATE takes {@code yyyy-MM-dd} or epoch days, TIME {@code
   * HH:mm[:ss[.fff]]} or millis, TIMESTAMP {@code yyyy-MM-dd[( |T)HH:mm[:ss[.f…]]]}, and
   * TIMESTAMP_LTZ the same taken as UTC or with an explicit offset. CHAR values are padded to their
   * length as Spark stores them; DECIMAL rounds half-up to the scale.
   *
   * @throws IllegalArgumentException when the text is not a value of the type
   */
  public static Object parseValue(String column, DataType type, String text) {
    if (text == null) {
      return null;
    }
    try {
      Object value = parse(type, text);
      if (value != null) {
        return value;
      }
    } catch (NumberFormatException | DateTimeException | ArithmeticException e) {
      throw cannotParse(column, type, text, e);
    }
    throw cannotParse(column, type, text, null);
  }

  /** Returns null when the text does not fit the type without a more specific exception. */
  private static Object parse(DataType type, String text) {
    String t = text.strip();
    return switch (type.root()) {
      case BOOLEAN ->
          t.equalsIgnoreCase("true") ? Boolean.TRUE : t.equalsIgnoreCase("false") ? false : null;
      case TINYINT -> Byte.parseByte(t);
      case SMALLINT -> Short.parseShort(t);
      case INT -> Integer.parseInt(t);
      case BIGINT -> Long.parseLong(t);
      case FLOAT -> finiteOrNamed(t) ? Float.parseFloat(t) : null;
      case DOUBLE -> finiteOrNamed(t) ? Double.parseDouble(t) : null;
      case DECIMAL -> {
        AtomicType d = (AtomicType) type;
        BigDecimal v = new BigDecimal(t).setScale(d.scale(), RoundingMode.HALF_UP);
        yield v.precision() > d.precision() ? null : v;
      }
      case CHAR -> {
        int len = ((AtomicType) type).length();
        int n = text.codePointCount(0, text.length());
        yield n > len ? null : text + " ".repeat(len - n);
      }
      case VARCHAR ->
          text.codePointCount(0, text.length()) > ((AtomicType) type).length() ? null : text;
      case DATE -> isInteger(t) ? Integer.parseInt(t) : (int) LocalDate.parse(t).toEpochDay();
      case TIME ->
          isInteger(t) ? Integer.parseInt(t) : (int) (LocalTime.parse(t).toNanoOfDay() / 1_000_000);
      case TIMESTAMP -> truncate(Timestamp.fromLocalDateTime(parseLocal(t)), type);
      case TIMESTAMP_LTZ -> truncate(parseInstant(t), type);
      default -> throw ValueErrors.unsupportedPartitionType(type);
    };
  }

  private static boolean isInteger(String t) {
    return t.matches("-?\\d+");
  }

  // Java also accepts "1f", "0x1p3" and similar; a partition value should be a plain number.
  private static boolean finiteOrNamed(String t) {
    return t.equals("NaN")
        || t.equals("Infinity")
        || t.equals("-Infinity")
        || (!t.isEmpty() && t.chars().allMatch(c -> "0123456789+-.eE".indexOf(c) >= 0));
  }

  private static LocalDateTime parseLocal(String t) {
    if (t.length() == 10) {
      return LocalDate.parse(t).atStartOfDay();
    }
    return LocalDateTime.parse(t.replace(' ', 'T'));
  }

  private static Timestamp parseInstant(String t) {
    String iso = t.replace(' ', 'T');
    if (iso.endsWith("Z") || iso.matches(".*[+-]\\d\\d:?\\d\\d$")) {
      Instant instant = OffsetDateTime.parse(iso).toInstant();
      return new Timestamp(instant.toEpochMilli(), instant.getNano() % 1_000_000);
    }
    return Timestamp.fromLocalDateTime(parseLocal(t));
  }

  // Extra fractional digits are dropped, as Spark does when it casts text to a timestamp.
  private static Timestamp truncate(Timestamp ts, DataType type) {
    int precision = ((AtomicType) type).precision();
    if (precision >= 9) {
      return ts;
    }
    long nanosPerUnit = (long) Math.pow(10, 9 - precision);
    long nanoOfSecond = Math.floorMod(ts.millis(), 1000) * 1_000_000L + ts.nanoOfMillisecond();
    long kept = nanoOfSecond - nanoOfSecond % nanosPerUnit;
    long millis = Math.floorDiv(ts.millis(), 1000) * 1000 + kept / 1_000_000;
    return new Timestamp(millis, (int) (kept % 1_000_000));
  }

  private static IllegalArgumentException cannotParse(
      String column, DataType type, String text, Exception cause) {
    return ValueErrors.unparsablePartitionValue(column, type.withNullable(true), text, cause);
  }
}

package io.strata.core.format;

import io.strata.core.errors.OptionErrors;
import java.util.Locale;

/**
 * How much column statistics a data file records, as Paimon's {@code metadata.stats-mode}: {@code
 * none}, {@code counts} (null counts only), {@code full} (exact min/max) or {@code truncate(N)}
 * (string and bytes bounds cut to N code points / bytes, widened so they stay true bounds).
 */
public record StatsMode(Kind kind, int truncateLength) {

  /** The kind of statistics recorded. */
  public enum Kind {
    NONE,
    COUNTS,
    FULL,
    TRUNCATE
  }

  /** No statistics at all. */
  public static final StatsMode NONE = new StatsMode(Kind.NONE, 0);

  /** Null counts only. */
  public static final StatsMode COUNTS = new StatsMode(Kind.COUNTS, 0);

  /** Exact min, max and null counts. */
  public static final StatsMode FULL = new StatsMode(Kind.FULL, 0);

  /** Paimon's default, {@code truncate(16)}. */
  public static final StatsMode DEFAULT = truncate(16);

  public StatsMode {
    if (kind == Kind.TRUNCATE && truncateLength <= 0) {
      throw OptionErrors.truncateLength(truncateLength);
    }
  }

  /** {@code truncate(length)}. */
  public static StatsMode truncate(int length) {
    return new StatsMode(Kind.TRUNCATE, length);
  }

  /** Parses an option value such as {@code full} or {@code truncate(32)} (case-insensitive). */
  public static StatsMode parse(String value) {
    String v = value.trim().toLowerCase(Locale.ROOT);
    switch (v) {
      case "none":
        return NONE;
      case "counts":
        return COUNTS;
      case "full":
        return FULL;
      default:
        if (v.startsWith("truncate(") && v.endsWith(")")) {
          String n = v.substring("truncate(".length(), v.length() - 1).trim();
          try {
            return truncate(Integer.parseInt(n));
          } catch (NumberFormatException e) {
            // fall through to the error below
          }
        }
        throw OptionErrors.unknownStatsMode(value);
    }
  }

  /** Whether min/max values are recorded. */
  public boolean hasBounds() {
    return kind == Kind.FULL || kind == Kind.TRUNCATE;
  }

  /** Whether null counts are recorded. */
  public boolean hasNullCounts() {
    return kind != Kind.NONE;
  }

  @Override
  public String toString() {
    return kind == Kind.TRUNCATE
        ? "truncate(" + truncateLength + ")"
        : kind.name().toLowerCase(Locale.ROOT);
  }
}

package io.strata.core.options;

import io.strata.core.errors.OptionErrors;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses durations as Paimon spells them: {@code 3 d}, {@code 1 h}, {@code 1 min}, {@code 10s}. */
public final class Durations {

  private static final Pattern FORM = Pattern.compile("^(\\d+)\\s*([a-zA-Zµ]*)$");

  private Durations() {}

  public static Duration parse(String text) {
    Matcher m = FORM.matcher(text.trim());
    if (!m.matches()) {
      throw OptionErrors.invalidDuration(text);
    }
    long n = Long.parseLong(m.group(1));
    String unit = m.group(2).toLowerCase(Locale.ROOT);
    return switch (unit) {
      case "", "ms", "milli", "millis", "millisecond", "milliseconds" -> Duration.ofMillis(n);
      case "ns", "nano", "nanos", "nanosecond", "nanoseconds" -> Duration.ofNanos(n);
      case "us", "µs", "micro", "micros", "microsecond", "microseconds" ->
          Duration.ofNanos(Math.multiplyExact(n, 1000L));
      case "s", "sec", "secs", "second", "seconds" -> Duration.ofSeconds(n);
      case "m", "min", "mins", "minute", "minutes" -> Duration.ofMinutes(n);
      case "h", "hour", "hours" -> Duration.ofHours(n);
      case "d", "day", "days" -> Duration.ofDays(n);
      default -> throw OptionErrors.unknownTimeUnit(text, unit);
    };
  }

  /** The most readable exact form, e.g. {@code 1 h}, {@code 90 s}. */
  public static String format(Duration d) {
    long ms = d.toMillis();
    if (ms == 0) {
      return "0 ms";
    }
    long[] sizes = {86_400_000L, 3_600_000L, 60_000L, 1000L, 1L};
    String[] units = {"d", "h", "min", "s", "ms"};
    for (int i = 0; i < sizes.length; i++) {
      if (ms % sizes[i] == 0) {
        return (ms / sizes[i]) + " " + units[i];
      }
    }
    return ms + " ms";
  }
}

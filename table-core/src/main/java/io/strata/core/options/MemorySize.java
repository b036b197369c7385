package io.strata.core.options;

import io.strata.core.errors.OptionErrors;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses memory sizes as Paimon spells them ({@code 128 mb}, {@code 8MB}, {@code 1 gb}) to bytes.
 */
public final class MemorySize {

  private static final Pattern FORM = Pattern.compile("^(\\d+)\\s*([a-zA-Z]*)$");

  private MemorySize() {}

  public static long parse(String text) {
    Matcher m = FORM.matcher(text.trim());
    if (!m.matches()) {
      throw OptionErrors.invalidMemorySize(text);
    }
    long n = Long.parseLong(m.group(1));
    long unit =
        switch (m.group(2).toLowerCase(Locale.ROOT)) {
          case "", "b", "bytes" -> 1L;
          case "k", "kb", "kibibytes" -> 1L << 10;
          case "m", "mb", "mebibytes" -> 1L << 20;
          case "g", "gb", "gibibytes" -> 1L << 30;
          case "t", "tb", "tebibytes" -> 1L << 40;
          default -> throw OptionErrors.unknownSizeUnit(text, m.group(2));
        };
    return Math.multiplyExact(n, unit);
  }
}

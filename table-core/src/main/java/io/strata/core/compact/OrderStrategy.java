package io.strata.core.compact;

import io.strata.core.errors.CoreErrors;
import java.util.Locale;

/**
 * How a compaction orders the rows it rewrites, as {@code CALL sys.compact}'s {@code
 * order_strategy} names it: NONE keeps the plain bucket compaction; ORDER sorts lexicographically
 * by the order columns; ZORDER sorts by the {@link ZOrderKey} of the order columns, so files
 * cluster on every one of them. Paimon's third curve, {@code hilbert}, is refused with its own
 * message.
 */
public enum OrderStrategy {
  NONE,
  ORDER,
  ZORDER;

  /** The strategy {@code text} names (case-insensitive); null or blank means NONE. */
  public static OrderStrategy parse(String text) {
    if (text == null || text.isBlank()) {
      return NONE;
    }
    String name = text.trim().toLowerCase(Locale.ROOT);
    if (name.equals("hilbert")) {
      throw CoreErrors.hilbertUnsupported();
    }
    for (OrderStrategy s : values()) {
      if (s.argument().equals(name)) {
        return s;
      }
    }
    throw CoreErrors.invalidOrderStrategy(text);
  }

  /** The name as {@code order_strategy} spells it. */
  public String argument() {
    return name().toLowerCase(Locale.ROOT);
  }
}

package io.strata.core.levels;

import io.strata.core.errors.CoreErrors;
import java.util.Locale;

/**
 * How much of a bucket a compaction rewrites. FULL: every key bucket into its top level, every
 * append bucket's small files together. MINOR: key buckets as universal compaction picks, append
 * buckets once they hold {@code compaction.min.file-num} consecutive small files. AUTO: what
 * writers do after flushing: universal compaction for key buckets (all of level 0 for first-row
 * tables, whose readers skip it), nothing for append buckets.
 */
public enum CompactStrategy {
  FULL,
  MINOR,
  AUTO;

  /**
   * The strategy {@code CALL sys.compact}'s {@code compact_strategy} names: full (also for null) or
   * minor, case-insensitive; AUTO is the writers' own and cannot be asked for.
   */
  public static CompactStrategy parse(String text) {
    if (text == null) {
      return FULL;
    }
    return switch (text.trim().toLowerCase(Locale.ROOT)) {
      case "full" -> FULL;
      case "minor" -> MINOR;
      default -> throw CoreErrors.invalidCompactStrategy(text);
    };
  }
}

package io.strata.core.progress;

import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.fs.Path;

/**
 * The words of Strata's progress lines, logged at INFO when long work ends ("Expired 12 snapshots
 * (3..14) of db.t, deleted 340 data files ... in 1.2 s"): a table's name, counts, sizes and elapsed
 * time, formatted the same way everywhere so that the lines read alike and tests can match them.
 */
public final class Progress {

  private static final String DATABASE_SUFFIX = ".db";

  private Progress() {}

  /** {@code db.t} for a table stored at {@code .../db.db/t}; otherwise the root itself. */
  public static String table(Path root) {
    Path parent = root.getParent();
    if (parent != null && parent.getName().endsWith(DATABASE_SUFFIX)) {
      String db = parent.getName();
      return db.substring(0, db.length() - DATABASE_SUFFIX.length()) + "." + root.getName();
    }
    return root.toString();
  }

  /** {@code 1 file}, {@code 3 files}: a count with its noun (plural by adding s). */
  public static String count(long n, String noun) {
    return count(n, noun, noun + "s");
  }

  /** {@code 1 retry}, {@code 3 retries}: a count with the noun's singular or plural. */
  public static String count(long n, String singular, String plural) {
    return n + " " + (n == 1 ? singular : plural);
  }

  /** Seconds since {@code startNanos} ({@link System#nanoTime()}), one decimal: {@code 1.2 s}. */
  public static String elapsedSince(long startNanos) {
    return seconds(System.nanoTime() - startNanos);
  }

  /** {@code nanos} as seconds with one decimal: {@code 0.4 s}. */
  public static String seconds(long nanos) {
    return String.format(Locale.ROOT, "%.1f s", nanos / (double) TimeUnit.SECONDS.toNanos(1));
  }

  /** A size in B, KB, MB or GB (powers of 1024), one decimal above bytes: {@code 12.3 MB}. */
  public static String bytes(long bytes) {
    if (bytes < 1024) {
      return bytes + " B";
    }
    String[] units = {"KB", "MB", "GB", "TB"};
    double value = bytes;
    int unit = -1;
    while (value >= 1024 && unit < units.length - 1) {
      value /= 1024;
      unit++;
    }
    return String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
  }
}

package io.strata.core.partition;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * When each table last checked partition expiration in this driver, keyed by table path. A table
 * not checked yet is due, so the first commit in a fresh driver checks (ERRATA.md); later checks
 * wait for {@code partition.expiration-check-interval} (zero: every commit).
 */
public final class PartitionExpireSchedule {

  /** The schedule of this JVM, which post-commit maintenance uses. */
  public static final PartitionExpireSchedule DRIVER = new PartitionExpireSchedule();

  private final Map<String, Instant> lastCheck = new ConcurrentHashMap<>();

  /** Whether {@code table} should check at {@code now}. */
  public boolean isDue(String table, Instant now, Duration interval) {
    Instant last = lastCheck.get(table);
    return last == null || interval.isZero() || now.isAfter(last.plus(interval));
  }

  /** Records a completed check; a failed check is not recorded, so the next commit retries. */
  public void checked(String table, Instant now) {
    lastCheck.put(table, now);
  }
}

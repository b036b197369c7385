package io.strata.core.options;

import static io.strata.core.options.ConfigOption.of;

import java.time.Duration;

/**
 * Options of the commit lock: for object stores whose rename cannot publish a snapshot atomically,
 * commits of a table take turns through an exclusive lock file.
 */
public final class LockOptions {

  private LockOptions() {}

  public static final ConfigOption<Boolean> LOCK_ENABLED =
      of(
          "lock.enabled",
          OptionType.BOOLEAN,
          false,
          "Commits take an exclusive lock file (snapshot/.commit.lock, created only if absent)"
              + " around reading the latest snapshot and publishing the next, for object stores"
              + " whose rename is not atomic; every writer of the table must set it. Needs a file"
              + " system whose exclusive create is atomic (local disks, HDFS, object stores with"
              + " conditional writes); local disks and HDFS publish atomically without it.");

  public static final ConfigOption<Duration> LOCK_ACQUIRE_TIMEOUT =
      of(
              "lock.acquire-timeout",
              OptionType.DURATION,
              Duration.ofMinutes(8),
              "How long a commit waits for the commit lock before it fails; a lock taken longer"
                  + " ago than this is the leftover of a crashed writer and is broken.")
          .withCheck(v -> !v.isNegative() && !v.isZero(), "a positive duration");

  public static final ConfigOption<Duration> LOCK_CHECK_MAX_SLEEP =
      of(
              "lock.check-max-sleep",
              OptionType.DURATION,
              Duration.ofSeconds(8),
              "Longest wait between two checks of a held commit lock (the waits double from"
                  + " 10 ms up to this).")
          .withCheck(v -> !v.isNegative() && !v.isZero(), "a positive duration");
}

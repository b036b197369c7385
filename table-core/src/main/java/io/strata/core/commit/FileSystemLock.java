package io.strata.core.commit;

import io.strata.core.errors.CoreErrors;
import io.strata.core.io.FileIO;
import io.strata.core.options.Durations;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link CommitLock} held by whoever created its lock file: created with one exclusive create
 * (never a rename, which object stores do not have atomically) holding a random token and the time
 * it was taken, deleted on release by its holder only.
 *
 * <p>Waiters check again after 10 ms, 20 ms, ... up to {@code lock.check-max-sleep}, for at most
 * {@code lock.acquire-timeout}. A lock taken longer ago than that timeout is the leftover of a
 * crashed writer: a waiter reads it twice and deletes it only if it is still the same lock, so a
 * fresh lock another waiter took meanwhile stays.
 */
final class FileSystemLock implements CommitLock {

  private static final Logger LOG = LoggerFactory.getLogger(FileSystemLock.class);
  private static final long FIRST_SLEEP_MILLIS = 10;

  private final FileIO fileIO;
  private final Path lockFile;
  private final Duration acquireTimeout;
  private final Duration maxSleep;
  private final Clock clock;

  FileSystemLock(
      FileIO fileIO, Path lockFile, Duration acquireTimeout, Duration maxSleep, Clock clock) {
    this.fileIO = fileIO;
    this.lockFile = lockFile;
    this.acquireTimeout = acquireTimeout;
    this.maxSleep = maxSleep;
    this.clock = clock;
  }

  /** What a lock file holds: whose lock it is, and since when (epoch millis). */
  record Holder(String token, long since) {

    byte[] encode() {
      return (token + "\n" + since + "\n").getBytes(StandardCharsets.UTF_8);
    }

    /** The holder written in {@code bytes}, or null while it is being written (or garbled). */
    static Holder decode(byte[] bytes) {
      String[] lines = new String(bytes, StandardCharsets.UTF_8).split("\n");
      if (lines.length < 2) {
        return null;
      }
      try {
        return new Holder(lines[0], Long.parseLong(lines[1].trim()));
      } catch (NumberFormatException e) {
        return null;
      }
    }
  }

  @Override
  public <T> T runWithLock(Supplier<T> action) {
    Holder mine = acquire();
    try {
      return action.get();
    } finally {
      release(mine);
    }
  }

  private Holder acquire() {
    long deadline = System.nanoTime() + acquireTimeout.toNanos();
    long sleep = FIRST_SLEEP_MILLIS;
    Holder other = null;
    while (true) {
      Holder mine = new Holder(UUID.randomUUID().toString(), clock.millis());
      boolean broken;
      try {
        if (fileIO.createExclusively(lockFile, mine.encode())) {
          return mine;
        }
        other = read();
        broken = other != null && isAbandoned(other) && breakAbandoned(other);
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot take the commit lock " + lockFile, e);
      }
      if (broken && System.nanoTime() < deadline) {
        continue; // take it at once, before another waiter does
      }
      if (System.nanoTime() >= deadline) {
        throw CoreErrors.commitLockTimeout(
            lockFile.toString(),
            Durations.format(acquireTimeout),
            other == null
                ? null
                : Durations.format(Duration.ofMillis(clock.millis() - other.since())));
      }
      pause(sleep);
      sleep = Math.min(sleep * 2, maxSleep.toMillis());
    }
  }

  private boolean isAbandoned(Holder holder) {
    return clock.millis() - holder.since() > acquireTimeout.toMillis();
  }

  /**
   * Deletes the lock of a crashed writer, unless it changed hands since it was read.
   *
   * @return whether it was deleted
   */
  private boolean breakAbandoned(Holder abandoned) throws IOException {
    Holder now = read();
    if (!abandoned.equals(now)) {
      return false;
    }
    LOG.warn(
        "Breaking the commit lock {} taken {} ago (more than lock.acquire-timeout {}): its"
            + " writer is taken for crashed.",
        lockFile,
        Durations.format(Duration.ofMillis(clock.millis() - abandoned.since())),
        Durations.format(acquireTimeout));
    fileIO.delete(lockFile);
    return true;
  }

  /**
   * The current holder; null when there is none, or its file is being written or deleted (HDFS then
   * fails the read with a missing block): the next check looks again.
   */
  private Holder read() {
    try {
      return Holder.decode(fileIO.readBytes(lockFile));
    } catch (IOException e) {
      return null;
    }
  }

  /**
   * Deletes the lock file unless it is now another holder's (a waiter broke this one as abandoned).
   * One that cannot be read is taken for this holder's, so a failed read never leaves it behind.
   */
  private void release(Holder mine) {
    try {
      Holder current = read();
      if (current == null || mine.equals(current)) {
        fileIO.delete(lockFile);
      } else {
        LOG.warn(
            "The commit lock {} was broken while held (held longer than lock.acquire-timeout {}).",
            lockFile,
            Durations.format(acquireTimeout));
      }
    } catch (IOException e) {
      // Waiters break it once it is older than the acquire timeout.
      LOG.warn("Cannot release the commit lock {}", lockFile, e);
    }
  }

  private static void pause(long millis) {
    try {
      Thread.sleep(millis + ThreadLocalRandom.current().nextLong(millis / 2 + 1));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while waiting for the commit lock", e);
    }
  }
}

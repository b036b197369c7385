package io.strata.core.maintenance;

import io.strata.core.expire.ExpireConfig;
import io.strata.core.expire.SnapshotExpiration;
import io.strata.core.options.ExpireExecutionMode;
import io.strata.core.options.ExpireOptions;
import io.strata.core.options.Options;
import io.strata.core.options.PartitionExpireOptions;
import io.strata.core.options.TableOptions;
import io.strata.core.options.TagCreationMode;
import io.strata.core.options.TagOptions;
import io.strata.core.partition.PartitionExpiration;
import io.strata.core.partition.PartitionExpireConfig;
import io.strata.core.partition.PartitionExpireSchedule;
import io.strata.core.store.FileStore;
import io.strata.core.tag.AutoTags;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What runs in the driver after every successful commit, in this order: automatic tags, partition
 * expiration, snapshot expiration. Compaction is not here: write tasks compact the buckets they
 * write, and {@code CALL sys.compact} runs as tasks too. {@code write-only} = true skips it all. A
 * failure here never fails the commit that already succeeded; it is logged and retried next commit.
 *
 * <p>Every commit that reaches here ends a batch write, so {@code end-input.check-partition-expire}
 * = true checks partition expiration after every commit whatever the check interval.
 */
public final class PostCommitMaintenance {

  private static final Logger LOG = LoggerFactory.getLogger(PostCommitMaintenance.class);

  private final Clock clock;
  private final PartitionExpireSchedule schedule;

  /**
   * @param clock "now" for expiration, in the zone whose wall-clock time partition values use
   */
  public PostCommitMaintenance(Clock clock) {
    this(clock, PartitionExpireSchedule.DRIVER);
  }

  public PostCommitMaintenance(Clock clock, PartitionExpireSchedule schedule) {
    this.clock = clock;
    this.schedule = schedule;
  }

  public MaintenanceResult run(FileStore table) {
    return run(table, "maintenance-" + UUID.randomUUID());
  }

  /**
   * Runs maintenance after a commit of {@code commitUser}, whose user its own commits reuse.
   *
   * @return what it expired
   */
  public MaintenanceResult run(FileStore table, String commitUser) {
    if (table.options().get(TableOptions.WRITE_ONLY)) {
      return MaintenanceResult.NONE;
    }
    try {
      if (table.options().get(TagOptions.AUTOMATIC_CREATION) != TagCreationMode.NONE
          || !table.tagManager().tags().isEmpty()) {
        new AutoTags(table, clock).run();
      }
    } catch (RuntimeException e) {
      LOG.warn(
          "Automatic tag maintenance after a commit to {} failed; the commit stands.",
          table.root(),
          e);
    }
    int partitions = 0;
    try {
      partitions = expirePartitions(table, commitUser);
    } catch (RuntimeException e) {
      LOG.warn(
          "Partition expiration after a commit to {} failed; the commit stands and expiration"
              + " retries after the next one.",
          table.root(),
          e);
    }
    if (table.options().get(ExpireOptions.SNAPSHOT_EXPIRE_EXECUTION_MODE)
        == ExpireExecutionMode.ASYNC) {
      // Expiration is safe to interrupt at any point (a rerun finishes it), so a daemon thread
      // that dies with the JVM cannot leave a retained snapshot or tag unreadable.
      ASYNC_EXPIRATION.submit(() -> expireSnapshots(table));
      return new MaintenanceResult(partitions, 0);
    }
    return new MaintenanceResult(partitions, expireSnapshots(table));
  }

  private static final ExecutorService ASYNC_EXPIRATION =
      Executors.newSingleThreadExecutor(
          r -> {
            Thread t = new Thread(r, "strata-snapshot-expiration");
            t.setDaemon(true);
            return t;
          });

  /** Waits until asynchronous expirations submitted so far have run (for tests and shutdown). */
  public static void awaitAsyncExpiration() {
    try {
      ASYNC_EXPIRATION.submit(() -> {}).get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (java.util.concurrent.ExecutionException e) {
      throw new IllegalStateException(e.getCause());
    }
  }

  /** The number of snapshots expired (0 when expiration failed: it is logged and retried). */
  private int expireSnapshots(FileStore table) {
    try {
      return new SnapshotExpiration(table)
          .expire(ExpireConfig.fromOptions(table.options(), clock.millis()));
    } catch (RuntimeException e) {
      LOG.warn(
          "Snapshot expiration after a commit to {} failed; the commit stands and expiration"
              + " retries after the next one.",
          table.root(),
          e);
      return 0;
    }
  }

  /** The number of partitions expired, when a check is due. */
  private int expirePartitions(FileStore table, String commitUser) {
    Options options = table.options();
    Optional<PartitionExpireConfig> config = PartitionExpireConfig.fromOptions(options);
    if (config.isEmpty() || table.schema().partitionKeys().isEmpty()) {
      return 0;
    }
    String key = table.root().toString();
    Instant now = clock.instant();
    if (!options.get(PartitionExpireOptions.END_INPUT_CHECK)
        && !schedule.isDue(key, now, options.get(PartitionExpireOptions.CHECK_INTERVAL))) {
      return 0;
    }
    int expired = new PartitionExpiration(table, config.get(), clock, commitUser).expire().size();
    schedule.checked(key, now);
    return expired;
  }
}

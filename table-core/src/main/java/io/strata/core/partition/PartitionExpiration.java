package io.strata.core.partition;

import io.strata.core.data.PartitionTimeExtractor;
import io.strata.core.options.PartitionExpireStrategy;
import io.strata.core.options.TableOptions;
import io.strata.core.progress.Progress;
import io.strata.core.store.FileStore;
import io.strata.core.types.RowType;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One partition expiration check: selects the live partitions older than {@code now -
 * expiration-time}, oldest first, at most {@code max-num}, and drops them in OVERWRITE commits of
 * {@code batch-size} partitions (one commit when unset). Data files stay until snapshot expiration.
 *
 * <p>Example (values-time): now 2026-03-03 15:00, expiration 3 d, formatter {@code yyyyMMddHH}; the
 * threshold is 2026-02-28 15:00. {@code dt=2026022800} expires; {@code dt=2026022815} is kept
 * (equal is not older); {@code dt=2026030100} is kept; {@code dt=abc} does not parse and is skipped
 * with a warning. With update-time, a partition expires when its newest file was created before the
 * threshold; both sides are local wall-clock times (FORMAT.md §4).
 */
public final class PartitionExpiration {

  private static final Logger LOG = LoggerFactory.getLogger(PartitionExpiration.class);

  private final FileStore table;
  private final PartitionExpireConfig config;
  private final Clock clock;
  private final String commitUser;
  private final RowType partitionType;

  /**
   * @param clock gives "now" in its zone's wall-clock time, and the commit time
   */
  public PartitionExpiration(
      FileStore table, PartitionExpireConfig config, Clock clock, String commitUser) {
    this.table = table;
    this.config = config;
    this.clock = clock;
    this.commitUser = commitUser;
    this.partitionType = table.schema().partitionType();
  }

  /** Runs the check; the partitions dropped, oldest first (empty when none expired). */
  public List<PartitionEntry> expire() {
    if (partitionType.size() == 0) {
      return List.of();
    }
    long start = System.nanoTime();
    LocalDateTime threshold = LocalDateTime.now(clock).minus(config.expirationTime());
    List<PartitionEntry> expired = selectExpired(Partitions.live(table), threshold);
    int batch = config.batchSize() == null ? Math.max(1, expired.size()) : config.batchSize();
    int commits = 0;
    for (int from = 0; from < expired.size(); from += batch) {
      List<PartitionEntry> chunk = expired.subList(from, Math.min(expired.size(), from + batch));
      Partitions.drop(table, chunk, commitUser, clock);
      commits++;
    }
    if (!expired.isEmpty()) {
      LOG.info(
          "Expired {} {} of {} older than {} in {} in {}",
          Progress.count(expired.size(), "partition"),
          describe(expired),
          Progress.table(table.root()),
          threshold,
          Progress.count(commits, "commit"),
          Progress.elapsedSince(start));
    }
    return expired;
  }

  /** {@code k=v, k2=v2} of one partition, as the expire_partitions procedure shows it. */
  public String describe(PartitionEntry partition) {
    return partition.describe(partitionType, defaultName(), ", ");
  }

  private List<String> describe(List<PartitionEntry> partitions) {
    return partitions.stream().map(p -> p.describe(partitionType, defaultName(), "/")).toList();
  }

  private String defaultName() {
    return table.options().get(TableOptions.PARTITION_DEFAULT_NAME);
  }

  private record Aged(PartitionEntry partition, LocalDateTime time, String name) {}

  private List<PartitionEntry> selectExpired(List<PartitionEntry> live, LocalDateTime threshold) {
    PartitionTimeExtractor extractor =
        config.strategy() == PartitionExpireStrategy.VALUES_TIME
            ? PartitionTimeExtractor.of(
                partitionType, config.timestampFormatter(), config.timestampPattern())
            : null;
    List<Aged> expired = new ArrayList<>();
    for (PartitionEntry p : live) {
      String name = p.describe(partitionType, defaultName(), "/");
      Optional<LocalDateTime> time =
          extractor == null ? updateTime(p) : extractor.extract(p.values());
      if (time.isEmpty() && extractor != null) {
        LOG.warn(
            "Partition {} of table {} is skipped by partition expiration: its values do not parse"
                + " with {}.",
            name,
            table.root(),
            extractor.describe());
      } else if (time.isPresent() && threshold.isAfter(time.get())) {
        expired.add(new Aged(p, time.get(), name));
      }
    }
    expired.sort(Comparator.comparing(Aged::time).thenComparing(Aged::name));
    return expired.stream().limit(config.maxExpires()).map(Aged::partition).toList();
  }

  /** The newest file's creation time as local wall-clock time; empty when no file records it. */
  private static Optional<LocalDateTime> updateTime(PartitionEntry p) {
    Long millis = p.lastFileCreationMillis();
    return millis == null
        ? Optional.empty()
        : Optional.of(LocalDateTime.ofInstant(Instant.ofEpochMilli(millis), ZoneOffset.UTC));
  }
}

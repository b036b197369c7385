package io.strata.core.partition;

import io.strata.core.errors.OptionErrors;
import io.strata.core.options.Options;
import io.strata.core.options.PartitionExpireOptions;
import io.strata.core.options.PartitionExpireStrategy;
import java.time.Duration;
import java.util.Optional;

/**
 * What one partition expiration check does: drop partitions older than {@code expirationTime} by
 * {@code strategy}, at most {@code maxExpires} of them, {@code batchSize} per commit (null = all in
 * one commit).
 *
 * @param timestampFormatter null = {@code yyyy-MM-dd HH:mm:ss} (or {@code yyyy-MM-dd})
 * @param timestampPattern null = the first partition field
 */
public record PartitionExpireConfig(
    Duration expirationTime,
    PartitionExpireStrategy strategy,
    String timestampFormatter,
    String timestampPattern,
    int maxExpires,
    Integer batchSize) {

  public PartitionExpireConfig {
    if (expirationTime == null || expirationTime.isNegative()) {
      throw OptionErrors.negativePartitionExpiration(expirationTime);
    }
    if (maxExpires < 1) {
      throw OptionErrors.partitionMaxExpiresBelowOne(maxExpires);
    }
    if (batchSize != null && batchSize < 1) {
      throw OptionErrors.partitionBatchSizeBelowOne(batchSize);
    }
  }

  /** The settings of these options; empty when {@code partition.expiration-time} is unset. */
  public static Optional<PartitionExpireConfig> fromOptions(Options options) {
    Duration expirationTime = options.get(PartitionExpireOptions.EXPIRATION_TIME);
    if (expirationTime == null) {
      return Optional.empty();
    }
    return Optional.of(
        new PartitionExpireConfig(
            expirationTime,
            options.get(PartitionExpireOptions.EXPIRATION_STRATEGY),
            options.get(PartitionExpireOptions.TIMESTAMP_FORMATTER),
            options.get(PartitionExpireOptions.TIMESTAMP_PATTERN),
            options.get(PartitionExpireOptions.EXPIRATION_MAX_NUM),
            options.get(PartitionExpireOptions.EXPIRATION_BATCH_SIZE)));
  }
}

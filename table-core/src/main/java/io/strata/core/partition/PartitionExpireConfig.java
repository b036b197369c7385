package io.strata.core.partition;

import io.strata.core.errors.OptionErrors;
import io.strata.core.options.Options;
import io.strata.core.options.PartitionExpireOptions;
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
    Strategy strategy,
    String timestampFormatter,
    String timestampPattern,
    int maxExpires,
    Integer batchSize) {

  /** How a partition's age is measured. */
  public enum Strategy {
    /** From the time its values name (formatter and pattern). */
    VALUES_TIME,
    /** From the creation time of its newest data file. */
    UPDATE_TIME;

    /** {@code values-time} or {@code update-time}. */
    public static Strategy of(String text) {
      return switch (text) {
        case "values-time" -> VALUES_TIME;
        case "update-time" -> UPDATE_TIME;
        default -> throw OptionErrors.invalidPartitionExpireStrategy(text);
      };
    }
  }

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
            Strategy.of(options.get(PartitionExpireOptions.EXPIRATION_STRATEGY)),
            options.get(PartitionExpireOptions.TIMESTAMP_FORMATTER),
            options.get(PartitionExpireOptions.TIMESTAMP_PATTERN),
            options.get(PartitionExpireOptions.EXPIRATION_MAX_NUM),
            options.get(PartitionExpireOptions.EXPIRATION_BATCH_SIZE)));
  }
}

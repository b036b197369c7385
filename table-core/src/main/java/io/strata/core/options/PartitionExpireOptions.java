package io.strata.core.options;

import static io.strata.core.options.ConfigOption.of;
import static io.strata.core.options.ConfigOption.ofEnum;

import java.time.Duration;

/** Options of partition expiration. */
public final class PartitionExpireOptions {

  private PartitionExpireOptions() {}

  public static final ConfigOption<Duration> EXPIRATION_TIME =
      ConfigOption.<Duration>of(
          "partition.expiration-time",
          OptionType.DURATION,
          null,
          "Partitions older than this are dropped after commits; unset = never.");

  public static final ConfigOption<Duration> CHECK_INTERVAL =
      of(
          "partition.expiration-check-interval",
          OptionType.DURATION,
          Duration.ofHours(1),
          "Least time between two expiration checks of one table in one driver.");

  public static final ConfigOption<String> TIMESTAMP_FORMATTER =
      ConfigOption.<String>of(
          "partition.timestamp-formatter",
          OptionType.STRING,
          null,
          "java.time pattern of the partition time; default 'yyyy-MM-dd HH:mm:ss' (or"
              + " 'yyyy-MM-dd').");

  public static final ConfigOption<String> TIMESTAMP_PATTERN =
      ConfigOption.<String>of(
          "partition.timestamp-pattern",
          OptionType.STRING,
          null,
          "How partition fields form the time, e.g. '$dt $hour:00:00'; default: the first"
              + " partition field.");

  public static final ConfigOption<PartitionExpireStrategy> EXPIRATION_STRATEGY =
      ofEnum(
          "partition.expiration-strategy",
          PartitionExpireStrategy.class,
          PartitionExpireStrategy.VALUES_TIME,
          "values-time: the time in the partition values; update-time: the last write.");

  public static final ConfigOption<Integer> EXPIRATION_MAX_NUM =
      of(
              "partition.expiration-max-num",
              OptionType.INT,
              100,
              "Most partitions dropped by one check.")
          .withCheck(v -> v >= 1, "a positive number");

  public static final ConfigOption<Integer> EXPIRATION_BATCH_SIZE =
      ConfigOption.<Integer>of(
              "partition.expiration-batch-size",
              OptionType.INT,
              null,
              "Partitions dropped per commit; unset = all in one commit.")
          .withCheck(v -> v >= 1, "a positive number");

  public static final ConfigOption<Boolean> END_INPUT_CHECK =
      of(
          "end-input.check-partition-expire",
          OptionType.BOOLEAN,
          false,
          "Check partition expiration when a batch write ends.");
}

package io.strata.core.options;

import static io.strata.core.options.ConfigOption.of;
import static io.strata.core.options.ConfigOption.ofEnum;

import java.time.Duration;

/** Options of snapshot expiration. */
public final class ExpireOptions {

  private ExpireOptions() {}

  public static final ConfigOption<Integer> SNAPSHOT_NUM_RETAINED_MIN =
      of("snapshot.num-retained.min", OptionType.INT, 10, "Newest snapshots always kept.")
          .withCheck(v -> v >= 1, "a positive number");

  public static final ConfigOption<Integer> SNAPSHOT_NUM_RETAINED_MAX =
      of(
              "snapshot.num-retained.max",
              OptionType.INT,
              Integer.MAX_VALUE,
              "Most snapshots kept, whatever their age.")
          .withCheck(v -> v >= 1, "a positive number");

  public static final ConfigOption<Duration> SNAPSHOT_TIME_RETAINED =
      of(
          "snapshot.time-retained",
          OptionType.DURATION,
          Duration.ofHours(1),
          "How long a superseded snapshot is kept.");

  public static final ConfigOption<Integer> CHANGELOG_NUM_RETAINED_MIN =
      of(
          "changelog.num-retained.min",
          OptionType.INT,
          null,
          "Fewest changelog versions (kept changelogs and snapshots together) to keep (default:"
              + " as the snapshots); above the snapshots', expired snapshots leave their changelog"
              + " in changelog/ for streams.");

  public static final ConfigOption<Integer> CHANGELOG_NUM_RETAINED_MAX =
      of(
          "changelog.num-retained.max",
          OptionType.INT,
          null,
          "Most changelog versions (kept changelogs and snapshots together) to keep (default: as"
              + " the snapshots); above the snapshots', expired snapshots leave their changelog in"
              + " changelog/ for streams.");

  public static final ConfigOption<Duration> CHANGELOG_TIME_RETAINED =
      of(
          "changelog.time-retained",
          OptionType.DURATION,
          null,
          "How long a changelog is kept (default: as the snapshots); above the snapshots',"
              + " expired snapshots leave their changelog in changelog/ for streams.");

  public static final ConfigOption<Integer> SNAPSHOT_EXPIRE_LIMIT =
      of("snapshot.expire.limit", OptionType.INT, 50, "Most snapshots expired by one run.")
          .withCheck(v -> v >= 1, "a positive number");

  public static final ConfigOption<Boolean> SNAPSHOT_CLEAN_EMPTY_DIRECTORIES =
      of(
          "snapshot.clean-empty-directories",
          OptionType.BOOLEAN,
          false,
          "Delete partition and bucket directories left empty by expiration.");

  public static final ConfigOption<ExpireExecutionMode> SNAPSHOT_EXPIRE_EXECUTION_MODE =
      ofEnum(
          "snapshot.expire.execution-mode",
          ExpireExecutionMode.class,
          ExpireExecutionMode.SYNC,
          "sync: the write returns after expiration; async: expiration runs on a driver thread.");

  public static final ConfigOption<Duration> CONSUMER_EXPIRATION_TIME =
      ConfigOption.<Duration>of(
          "consumer.expiration-time",
          OptionType.DURATION,
          null,
          "Consumers idle longer than this stop protecting snapshots.");

  public static final ConfigOption<Integer> DELETE_FILE_THREAD_NUM =
      ConfigOption.<Integer>of(
              "delete-file.thread-num",
              OptionType.INT,
              null,
              "Threads that expiration, tag deletion and orphan removal use to read manifests and"
                  + " delete files; default: the JVM's available processors.")
          .withCheck(v -> v >= 1, "a positive number");
}

package io.strata.core.options;

import static io.strata.core.options.ConfigOption.ofEnum;

import java.time.Duration;

/** Options of automatic tags. */
public final class TagOptions {

  private TagOptions() {}

  private static boolean isZone(String zone) {
    try {
      java.time.ZoneId.of(zone);
      return true;
    } catch (java.time.DateTimeException e) {
      return false;
    }
  }

  public static final ConfigOption<TagCreationMode> AUTOMATIC_CREATION =
      ofEnum(
          "tag.automatic-creation",
          TagCreationMode.class,
          TagCreationMode.NONE,
          "Create tags automatically: none, process-time, watermark or batch.");

  public static final ConfigOption<TagCreationPeriod> CREATION_PERIOD =
      ofEnum(
          "tag.creation-period",
          TagCreationPeriod.class,
          TagCreationPeriod.DAILY,
          "Period of automatic tags.");

  public static final ConfigOption<Duration> CREATION_PERIOD_DURATION =
      ConfigOption.<Duration>of(
          "tag.creation-period-duration",
          OptionType.DURATION,
          null,
          "Period of automatic tags as any duration, in place of tag.creation-period; the tags are"
              + " named yyyyMMddHHmm.");

  public static final ConfigOption<Duration> CREATION_DELAY =
      ConfigOption.<Duration>of(
          "tag.creation-delay",
          OptionType.DURATION,
          Duration.ZERO,
          "How long after a period ends its automatic tag waits, so that late data enters it;"
              + " less than one period.");

  public static final ConfigOption<Boolean> AUTOMATIC_COMPLETION =
      ConfigOption.<Boolean>of(
          "tag.automatic-completion",
          OptionType.BOOLEAN,
          false,
          "Tag every period in turn, one per snapshot, including periods without a commit of"
              + " their own, instead of only the period before each snapshot.");

  public static final ConfigOption<String> PROCESS_TIME_ZONE =
      ConfigOption.<String>of(
              "sink.process-time-zone",
              OptionType.STRING,
              null,
              "Zone of the commit times that process-time tags are named by, such as"
                  + " 'America/Los_Angeles' or 'GMT-08:00'; the JVM's zone when unset.")
          .withCheck(TagOptions::isZone, "a time zone such as 'UTC' or 'GMT-08:00'");

  public static final ConfigOption<String> WATERMARK_TIME_ZONE =
      ConfigOption.<String>of(
              "sink.watermark-time-zone",
              OptionType.STRING,
              "UTC",
              "Zone of the snapshot watermarks that watermark tags are named by.")
          .withCheck(TagOptions::isZone, "a time zone such as 'UTC' or 'GMT-08:00'");

  public static final ConfigOption<TagPeriodFormatter> PERIOD_FORMATTER =
      ofEnum(
          "tag.period-formatter",
          TagPeriodFormatter.class,
          TagPeriodFormatter.WITH_DASHES,
          "Form of automatic tag names.");

  public static final ConfigOption<Integer> NUM_RETAINED_MAX =
      ConfigOption.<Integer>of(
              "tag.num-retained-max", OptionType.INT, null, "Most automatic tags kept.")
          .withCheck(v -> v >= 1, "a positive number");

  public static final ConfigOption<Duration> DEFAULT_TIME_RETAINED =
      ConfigOption.<Duration>of(
          "tag.default-time-retained",
          OptionType.DURATION,
          null,
          "Retention of automatically created tags.");

  public static final ConfigOption<String> BATCH_CUSTOMIZED_NAME =
      ConfigOption.<String>of(
          "tag.batch.customized-name",
          OptionType.STRING,
          null,
          "Name of the tag created by tag.automatic-creation = batch.");
}

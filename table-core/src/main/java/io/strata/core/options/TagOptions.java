package io.strata.core.options;

import static io.strata.core.options.ConfigOption.ofEnum;

import java.time.Duration;

/** Options of automatic tags. */
public final class TagOptions {

  private TagOptions() {}

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

package io.strata.core.snapshot;

import io.strata.core.options.Options;
import io.strata.core.options.TagCreationPeriod;
import io.strata.core.options.TagOptions;
import io.strata.core.options.TagPeriodFormatter;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.time.temporal.ChronoField;

/**
 * The period of automatic tags and their names, as Paimon 1.3.1 names them so that either engine
 * recognizes and continues the other's tags: {@code tag.creation-period} ({@code daily}, {@code
 * hourly}, {@code two-hours}) formatted by {@code tag.period-formatter}, or any {@code
 * tag.creation-period-duration} named {@code yyyyMMddHHmm}. Periods are aligned to the epoch, so a
 * two-hour period starts at an even hour.
 */
public final class TagPeriod {

  private static final DateTimeFormatter DAY = dateFormatter(true);
  private static final DateTimeFormatter DAY_WITHOUT_DASHES = dateFormatter(false);
  private static final DateTimeFormatter HOUR = hourFormatter(true, " ");
  private static final DateTimeFormatter HOUR_WITHOUT_DASHES = hourFormatter(false, " ");
  private static final DateTimeFormatter HOUR_WITHOUT_DASHES_AND_SPACES = hourFormatter(false, "");
  private static final DateTimeFormatter MINUTE =
      new DateTimeFormatterBuilder()
          .appendValue(ChronoField.YEAR, 4)
          .appendValue(ChronoField.MONTH_OF_YEAR, 2)
          .appendValue(ChronoField.DAY_OF_MONTH, 2)
          .appendValue(ChronoField.HOUR_OF_DAY, 2)
          .appendValue(ChronoField.MINUTE_OF_HOUR, 2)
          .toFormatter()
          .withResolverStyle(ResolverStyle.STRICT);

  private final Duration length;
  private final DateTimeFormatter formatter;
  private final boolean daily;

  private TagPeriod(Duration length, DateTimeFormatter formatter, boolean daily) {
    this.length = length;
    this.formatter = formatter;
    this.daily = daily;
  }

  public static TagPeriod of(Options options) {
    Duration custom = options.get(TagOptions.CREATION_PERIOD_DURATION);
    if (custom != null) {
      return new TagPeriod(custom, MINUTE, false);
    }
    TagCreationPeriod period = options.get(TagOptions.CREATION_PERIOD);
    TagPeriodFormatter form = options.get(TagOptions.PERIOD_FORMATTER);
    return switch (period) {
      case DAILY ->
          new TagPeriod(
              period.length(),
              form == TagPeriodFormatter.WITH_DASHES ? DAY : DAY_WITHOUT_DASHES,
              true);
      case HOURLY ->
          new TagPeriod(
              period.length(),
              switch (form) {
                case WITH_DASHES -> HOUR;
                case WITHOUT_DASHES -> HOUR_WITHOUT_DASHES;
                case WITHOUT_DASHES_AND_SPACES -> HOUR_WITHOUT_DASHES_AND_SPACES;
              },
              false);
      // Paimon names two-hour tags with dashes whatever the formatter says.
      case TWO_HOURS -> new TagPeriod(period.length(), HOUR, false);
    };
  }

  public Duration length() {
    return length;
  }

  public String name(LocalDateTime periodStart) {
    return periodStart.format(formatter);
  }

  /** The start of the period a tag names; throws when the name is no tag of this period. */
  public LocalDateTime start(String tagName) {
    if (daily) {
      // A daily tag may carry more after a space, as Paimon's parser allows.
      return LocalDate.parse(tagName.split(" ")[0], formatter).atStartOfDay();
    }
    return LocalDateTime.parse(tagName, formatter);
  }

  public boolean isAutomatic(String tagName) {
    try {
      start(tagName);
      return true;
    } catch (DateTimeParseException | ArrayIndexOutOfBoundsException e) {
      return false;
    }
  }

  /** The start of the period before the one {@code time} falls in: the last completed period. */
  public LocalDateTime previousStart(LocalDateTime time) {
    long millis = time.toInstant(ZoneOffset.UTC).toEpochMilli();
    long periodMillis = length.toMillis();
    LocalDateTime start =
        LocalDateTime.ofInstant(
            Instant.ofEpochMilli(Math.floorDiv(millis, periodMillis) * periodMillis),
            ZoneOffset.UTC);
    return start.minus(length);
  }

  public LocalDateTime next(LocalDateTime periodStart) {
    return periodStart.plus(length);
  }

  private static DateTimeFormatter dateFormatter(boolean dashes) {
    return date(dashes).toFormatter().withResolverStyle(ResolverStyle.STRICT);
  }

  private static DateTimeFormatter hourFormatter(boolean dashes, String beforeHour) {
    DateTimeFormatterBuilder b = date(dashes);
    if (!beforeHour.isEmpty()) {
      b.appendLiteral(beforeHour);
    }
    return b.appendValue(ChronoField.HOUR_OF_DAY, 2)
        .toFormatter()
        .withResolverStyle(ResolverStyle.STRICT);
  }

  /** yyyy-MM-dd, or yyyyMMdd without dashes. */
  private static DateTimeFormatterBuilder date(boolean dashes) {
    DateTimeFormatterBuilder b = new DateTimeFormatterBuilder().appendValue(ChronoField.YEAR, 4);
    if (dashes) {
      b.appendLiteral('-');
    }
    b.appendValue(ChronoField.MONTH_OF_YEAR, 2);
    if (dashes) {
      b.appendLiteral('-');
    }
    return b.appendValue(ChronoField.DAY_OF_MONTH, 2);
  }
}

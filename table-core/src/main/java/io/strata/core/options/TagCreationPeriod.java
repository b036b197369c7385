package io.strata.core.options;

import java.time.Duration;

/** {@code tag.creation-period}: how much time each automatic tag covers. */
public enum TagCreationPeriod implements OptionEnum {
  DAILY("daily", Duration.ofDays(1)),
  HOURLY("hourly", Duration.ofHours(1)),
  TWO_HOURS("two-hours", Duration.ofHours(2));

  private final String value;
  private final Duration length;

  TagCreationPeriod(String value, Duration length) {
    this.value = value;
    this.length = length;
  }

  @Override
  public String value() {
    return value;
  }

  public Duration length() {
    return length;
  }
}

package io.strata.core.options;

/**
 * {@code tag.period-formatter}: whether automatic tag names separate date parts with dashes and the
 * hour with a space.
 */
public enum TagPeriodFormatter implements OptionEnum {
  WITH_DASHES("with_dashes"),
  WITHOUT_DASHES("without_dashes"),
  WITHOUT_DASHES_AND_SPACES("without_dashes_and_spaces");

  private final String value;

  TagPeriodFormatter(String value) {
    this.value = value;
  }

  @Override
  public String value() {
    return value;
  }
}

package io.strata.core.options;

/** The order of {@code sequence.field}: which of a key's records is the latest. */
public enum SortOrder implements OptionEnum {
  ASCENDING("ascending"),
  DESCENDING("descending");

  private final String value;

  SortOrder(String value) {
    this.value = value;
  }

  @Override
  public String value() {
    return value;
  }
}

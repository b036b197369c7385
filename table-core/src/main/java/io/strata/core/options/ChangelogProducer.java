package io.strata.core.options;

/** {@code changelog-producer}: which files carry a primary-key table's changelog for streams. */
public enum ChangelogProducer implements OptionEnum {
  NONE("none"),
  INPUT("input"),
  LOOKUP("lookup"),
  FULL_COMPACTION("full-compaction");

  private final String value;

  ChangelogProducer(String value) {
    this.value = value;
  }

  @Override
  public String value() {
    return value;
  }
}

package io.strata.core.options;

/** {@code merge-engine}: how records with the same primary key merge. */
public enum MergeEngine implements OptionEnum {
  DEDUPLICATE("deduplicate"),
  PARTIAL_UPDATE("partial-update"),
  AGGREGATION("aggregation"),
  FIRST_ROW("first-row");

  private final String value;

  MergeEngine(String value) {
    this.value = value;
  }

  @Override
  public String value() {
    return value;
  }
}

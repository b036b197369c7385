package io.strata.core.options;

/** {@code partition.expiration-strategy}: how a partition's age is measured. */
public enum PartitionExpireStrategy implements OptionEnum {
  /** From the time its values name (formatter and pattern). */
  VALUES_TIME("values-time"),
  /** From the creation time of its newest data file. */
  UPDATE_TIME("update-time");

  private final String value;

  PartitionExpireStrategy(String value) {
    this.value = value;
  }

  @Override
  public String value() {
    return value;
  }
}

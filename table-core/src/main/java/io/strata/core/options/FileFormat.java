package io.strata.core.options;

/** {@code file.format}: the format of data files; its value is also their file extension. */
public enum FileFormat implements OptionEnum {
  PARQUET("parquet"),
  ORC("orc"),
  AVRO("avro");

  private final String value;

  FileFormat(String value) {
    this.value = value;
  }

  @Override
  public String value() {
    return value;
  }
}

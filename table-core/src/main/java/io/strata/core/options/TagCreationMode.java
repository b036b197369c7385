package io.strata.core.options;

/** {@code tag.automatic-creation}: when tags are created automatically. */
public enum TagCreationMode implements OptionEnum {
  NONE("none"),
  PROCESS_TIME("process-time"),
  WATERMARK("watermark"),
  BATCH("batch");

  private final String value;

  TagCreationMode(String value) {
    this.value = value;
  }

  @Override
  public String value() {
    return value;
  }
}

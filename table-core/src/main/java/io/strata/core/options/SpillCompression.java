package io.strata.core.options;

/** {@code spill-compression}: the codec of the sorted runs write buffers spill to local disk. */
public enum SpillCompression implements OptionEnum {
  NONE("none"),
  LZ4("lz4"),
  ZSTD("zstd");

  private final String value;

  SpillCompression(String value) {
    this.value = value;
  }

  @Override
  public String value() {
    return value;
  }
}

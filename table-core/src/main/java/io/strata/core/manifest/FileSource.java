package io.strata.core.manifest;

/** Why a data file was written; the value is the Avro {@code _FILE_SOURCE}. */
public enum FileSource {
  APPEND(0),
  COMPACT(1);

  private final int value;

  FileSource(int value) {
    this.value = value;
  }

  public int value() {
    return value;
  }

  public static FileSource fromValue(int value) {
    return value == 1 ? COMPACT : APPEND;
  }
}

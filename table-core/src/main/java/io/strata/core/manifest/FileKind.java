package io.strata.core.manifest;

import io.strata.core.errors.MetadataErrors;

/** Whether a manifest entry adds or deletes a data file; the value is the Avro {@code _KIND}. */
public enum FileKind {
  ADD(0),
  DELETE(1);

  private final int value;

  FileKind(int value) {
    this.value = value;
  }

  public int value() {
    return value;
  }

  public static FileKind fromValue(int value) {
    return switch (value) {
      case 0 -> ADD;
      case 1 -> DELETE;
      default -> throw MetadataErrors.unknownFileKind(value);
    };
  }
}

package io.strata.core.merge;

import io.strata.core.errors.MetadataErrors;

/** The kind of a key-value record, stored as {@code _VALUE_KIND} (FORMAT.md §5, §7). */
public enum RowKind {
  INSERT((byte) 0, "+I"),
  UPDATE_BEFORE((byte) 1, "-U"),
  UPDATE_AFTER((byte) 2, "+U"),
  DELETE((byte) 3, "-D");

  private final byte value;
  private final String shortString;

  RowKind(byte value, String shortString) {
    this.value = value;
    this.shortString = shortString;
  }

  public byte value() {
    return value;
  }

  /** How {@code $audit_log} shows the kind: {@code +I}, {@code -U}, {@code +U} or {@code -D}. */
  public String shortString() {
    return shortString;
  }

  /** Whether a record of this kind removes its key. */
  public boolean isRetract() {
    return this == UPDATE_BEFORE || this == DELETE;
  }

  /** The kind {@link #shortString()} names. */
  public static RowKind fromShortString(String text) {
    for (RowKind kind : values()) {
      if (kind.shortString.equals(text)) {
        return kind;
      }
    }
    throw MetadataErrors.unknownRowKind(text);
  }

  public static RowKind fromValue(byte value) {
    return switch (value) {
      case 0 -> INSERT;
      case 1 -> UPDATE_BEFORE;
      case 2 -> UPDATE_AFTER;
      case 3 -> DELETE;
      default -> throw MetadataErrors.unknownRowKind(value);
    };
  }
}

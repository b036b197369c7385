package io.strata.core.options;

/**
 * A typed option set per column: key {@code fields.<name>.<suffix>}, as Paimon spells it, with its
 * type, default (null = none) and description.
 */
public record FieldOption<T>(String suffix, OptionType type, T defaultValue, String description) {

  private static final String PREFIX = "fields.";

  /** The key of this option for column {@code field}. */
  public String key(String field) {
    return PREFIX + field + "." + suffix;
  }

  /** The key as the docs show it. */
  public String keyPattern() {
    return key("<name>");
  }

  /** The value for column {@code field}, or {@code fallback} when unset. */
  public T get(Options options, String field, T fallback) {
    String raw = options.toMap().get(key(field));
    return raw == null ? fallback : asOption(field).parse(raw);
  }

  /** The value for column {@code field}, or the default when unset. */
  public T get(Options options, String field) {
    return get(options, field, defaultValue);
  }

  /** The column of {@code key} when it is this option's key for some column, else null. */
  public String fieldOf(String key) {
    String suffixWithDot = "." + suffix;
    if (key.startsWith(PREFIX)
        && key.endsWith(suffixWithDot)
        && key.length() > PREFIX.length() + suffixWithDot.length()) {
      return key.substring(PREFIX.length(), key.length() - suffixWithDot.length());
    }
    return null;
  }

  /** This option for one column, to parse and check a value with its key in errors. */
  ConfigOption<T> asOption(String field) {
    return ConfigOption.of(key(field), type, defaultValue, description);
  }
}

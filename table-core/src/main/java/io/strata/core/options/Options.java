package io.strata.core.options;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Table options as stored in the schema (a string map), read through typed {@link ConfigOption}s.
 * Unknown keys are kept untouched for Paimon compatibility.
 */
public final class Options {

  private final Map<String, String> raw;

  public Options(Map<String, String> raw) {
    this.raw = Collections.unmodifiableMap(new LinkedHashMap<>(raw));
  }

  /** Splits a column list option such as {@code "a, b"} into {@code [a, b]}. */
  public static java.util.List<String> splitColumns(String text) {
    java.util.List<String> result = new java.util.ArrayList<>();
    for (String part : text.split(",")) {
      if (!part.strip().isEmpty()) {
        result.add(part.strip());
      }
    }
    return result;
  }

  public Map<String, String> toMap() {
    return raw;
  }

  public String rawValue(ConfigOption<?> option) {
    String v = raw.get(option.key());
    if (v == null) {
      for (String alias : option.aliases()) {
        v = raw.get(alias);
        if (v != null) {
          break;
        }
      }
    }
    return v;
  }

  public boolean contains(ConfigOption<?> option) {
    return rawValue(option) != null;
  }

  /** The parsed value, or the option's default (possibly null) when unset. */
  public <T> T get(ConfigOption<T> option) {
    String v = rawValue(option);
    return v == null ? option.defaultValue() : option.parse(v);
  }

  public int getInt(ConfigOption<Integer> option) {
    return get(option);
  }

  public long getLong(ConfigOption<Long> option) {
    return get(option);
  }

  public boolean getBoolean(ConfigOption<Boolean> option) {
    return get(option);
  }

  public Duration getDuration(ConfigOption<Duration> option) {
    return get(option);
  }

  public Options with(Map<String, String> overrides) {
    Map<String, String> merged = new LinkedHashMap<>(raw);
    merged.putAll(overrides);
    return new Options(merged);
  }
}

package io.strata.core.options;

import io.strata.core.errors.OptionErrors;
import java.time.Duration;

/** The value type of an option, with its parser and a human description of valid values. */
public enum OptionType {
  STRING("a string"),
  INT("an integer"),
  LONG("a long integer"),
  DOUBLE("a decimal number"),
  BOOLEAN("true or false"),
  DURATION("a duration such as '1 h', '30 min', '10 s' or '500 ms'"),
  MEMORY_SIZE("a memory size such as '128 mb', '8 MB' or '1 gb'"),
  ENUM("one of the listed values");

  private final String description;

  OptionType(String description) {
    this.description = description;
  }

  public String description() {
    return description;
  }

  /** Parses a raw value; throws IllegalArgumentException naming what is expected. */
  Object parse(String raw) {
    String v = raw.trim();
    return switch (this) {
      case STRING, ENUM -> raw;
      case INT -> Integer.parseInt(v);
      case LONG -> Long.parseLong(v);
      case DOUBLE -> Double.parseDouble(v);
      case BOOLEAN -> parseBoolean(v);
      case DURATION -> Durations.parse(v);
      case MEMORY_SIZE -> MemorySize.parse(v);
    };
  }

  private static Boolean parseBoolean(String v) {
    if (v.equalsIgnoreCase("true")) {
      return Boolean.TRUE;
    }
    if (v.equalsIgnoreCase("false")) {
      return Boolean.FALSE;
    }
    throw OptionErrors.invalidBoolean(v);
  }

  static String render(Object value) {
    if (value instanceof Duration d) {
      return Durations.format(d);
    }
    if (value instanceof OptionEnum e) {
      return e.value();
    }
    return String.valueOf(value);
  }
}

package io.strata.core.options;

import io.strata.core.errors.OptionErrors;
import java.util.List;
import java.util.function.Predicate;

/**
 * One typed table option: its key exactly as Apache Paimon spells it, type, default (null = no
 * default), description, accepted aliases, and an optional extra check on parsed values.
 */
public record ConfigOption<T>(
    String key,
    OptionType type,
    T defaultValue,
    String description,
    List<String> aliases,
    List<String> enumValues,
    Class<? extends OptionEnum> enumType,
    Predicate<T> check,
    String checkDescription) {

  public ConfigOption {
    aliases = List.copyOf(aliases);
    enumValues = List.copyOf(enumValues);
  }

  /** An option without aliases or extra checks. */
  public static <T> ConfigOption<T> of(
      String key, OptionType type, T defaultValue, String description) {
    return new ConfigOption<>(
        key, type, defaultValue, description, List.of(), List.of(), null, null, null);
  }

  /** An option whose value is one of {@code values} (lower case). */
  public static ConfigOption<String> ofEnum(
      String key, String defaultValue, String description, String... values) {
    return new ConfigOption<>(
        key,
        OptionType.ENUM,
        defaultValue,
        description,
        List.of(),
        List.of(values),
        null,
        null,
        null);
  }

  /** An option whose values are the constants of {@code type}, read as those constants. */
  public static <E extends Enum<E> & OptionEnum> ConfigOption<E> ofEnum(
      String key, Class<E> type, E defaultValue, String description) {
    List<String> values = new java.util.ArrayList<>();
    for (E e : type.getEnumConstants()) {
      values.add(e.value());
    }
    return new ConfigOption<>(
        key, OptionType.ENUM, defaultValue, description, List.of(), values, type, null, null);
  }

  public ConfigOption<T> withAliases(String... more) {
    return new ConfigOption<>(
        key,
        type,
        defaultValue,
        description,
        List.of(more),
        enumValues,
        enumType,
        check,
        checkDescription);
  }

  /** Restricts valid values, e.g. {@code v -> v > 0} described as "a positive number". */
  public ConfigOption<T> withCheck(Predicate<T> newCheck, String newCheckDescription) {
    return new ConfigOption<>(
        key,
        type,
        defaultValue,
        description,
        aliases,
        enumValues,
        enumType,
        newCheck,
        newCheckDescription);
  }

  /** Parses and checks a raw value; the message names the key, the value and what is allowed. */
  @SuppressWarnings("unchecked")
  public T parse(String raw) {
    T value;
    try {
      value = (T) type.parse(raw);
    } catch (RuntimeException e) {
      throw invalid(raw, type.description());
    }
    if (type == OptionType.ENUM && !enumValues.contains(raw.trim().toLowerCase())) {
      throw invalid(raw, "one of " + enumValues);
    }
    if (check != null && !check.test(value)) {
      throw invalid(raw, checkDescription);
    }
    return type == OptionType.ENUM ? (T) enumValue(raw.trim().toLowerCase()) : value;
  }

  /** The constant of {@code enumType} with this value, or the value itself for string enums. */
  private Object enumValue(String value) {
    if (enumType == null) {
      return value;
    }
    for (OptionEnum e : enumType.getEnumConstants()) {
      if (e.value().equals(value)) {
        return e;
      }
    }
    throw invalid(value, "one of " + enumValues);
  }

  private IllegalArgumentException invalid(String raw, String expected) {
    return OptionErrors.invalidValue(key, raw, expected);
  }

  public String defaultValueText() {
    return defaultValue == null ? "(none)" : OptionType.render(defaultValue);
  }
}

package io.strata.core.options;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Every typed option in one list: lookup by key or alias, validation, docs. */
public final class OptionRegistry {

  private static final List<ConfigOption<?>> ALL =
      collect(
          TableOptions.class,
          ScanOptions.class,
          ExpireOptions.class,
          PartitionExpireOptions.class,
          PartitionMarkDoneOptions.class,
          TagOptions.class,
          WriteOptions.class,
          DynamicBucketOptions.class,
          MergeOptions.class,
          ParquetOptions.class,
          OrcOptions.class,
          LockOptions.class,
          CatalogOptions.class,
          FileIndexOptions.class);

  /** Options set per column ({@code fields.<name>.<suffix>}). */
  private static final List<FieldOption<?>> FIELD_OPTIONS =
      List.of(
          MergeOptions.FIELD_AGGREGATE_FUNCTION,
          MergeOptions.FIELD_LIST_AGG_DELIMITER,
          MergeOptions.FIELD_IGNORE_RETRACT,
          MergeOptions.FIELD_DISTINCT,
          MergeOptions.FIELD_NESTED_KEY,
          MergeOptions.FIELD_COUNT_LIMIT,
          ParquetOptions.FIELD_STATS_MODE);

  private static final Map<String, ConfigOption<?>> BY_KEY = index(ALL);

  private OptionRegistry() {}

  public static List<ConfigOption<?>> all() {
    return ALL;
  }

  public static List<FieldOption<?>> fieldOptions() {
    return FIELD_OPTIONS;
  }

  /** The option of this key or alias, or null when the key is not one of ours. */
  public static ConfigOption<?> find(String key) {
    return BY_KEY.get(key);
  }

  /** Parses every known key of {@code options}; unknown keys pass (Paimon has many more). */
  public static void validate(Map<String, String> options) {
    for (Map.Entry<String, String> e : options.entrySet()) {
      ConfigOption<?> option = BY_KEY.get(e.getKey());
      if (option != null && e.getValue() != null) {
        option.parse(e.getValue());
      }
    }
  }

  private static List<ConfigOption<?>> collect(Class<?>... holders) {
    List<ConfigOption<?>> options = new ArrayList<>();
    for (Class<?> holder : holders) {
      for (Field f : holder.getDeclaredFields()) {
        if (Modifier.isStatic(f.getModifiers()) && f.getType() == ConfigOption.class) {
          try {
            options.add((ConfigOption<?>) f.get(null));
          } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
          }
        }
      }
    }
    return Collections.unmodifiableList(options);
  }

  private static Map<String, ConfigOption<?>> index(List<ConfigOption<?>> options) {
    Map<String, ConfigOption<?>> byKey = new LinkedHashMap<>();
    for (ConfigOption<?> o : options) {
      byKey.put(o.key(), o);
      for (String alias : o.aliases()) {
        byKey.put(alias, o);
      }
    }
    return byKey;
  }
}

package io.strata.core.schema;

import io.strata.core.errors.SchemaErrors;
import io.strata.core.options.ConfigOption;
import io.strata.core.options.MergeOptions;
import io.strata.core.options.OptionRegistry;
import io.strata.core.options.Options;
import io.strata.core.options.TableOptions;
import io.strata.core.types.ArrayType;
import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.MapType;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

/**
 * Builds the first schema of a new table: assigns field ids depth first from one counter (a ROW
 * column with id 19 has children 20, 21), makes primary-key columns NOT NULL, moves {@code
 * primary-key} out of the options and validates everything before any file is written.
 */
public final class SchemaFactory {

  /** The option through which SQL users declare primary keys. */
  public static final String PRIMARY_KEY_OPTION = "primary-key";

  /** The option through which Paimon users may declare partition keys. */
  public static final String PARTITION_OPTION = "partition";

  private SchemaFactory() {}

  /**
   * @param columns the table columns; their ids are ignored and reassigned
   * @param primaryKeys primary keys, or empty to take them from the {@code primary-key} option
   */
  public static TableSchema create(
      RowType columns,
      List<String> partitionKeys,
      List<String> primaryKeys,
      Map<String, String> options,
      String comment,
      long timeMillis) {
    Map<String, String> tableOptions = new LinkedHashMap<>(options);
    List<String> pks = new ArrayList<>(primaryKeys);
    String pkOption = tableOptions.remove(PRIMARY_KEY_OPTION);
    if (pkOption != null && pks.isEmpty()) {
      pks.addAll(splitColumns(pkOption));
    }
    List<String> partitions = new ArrayList<>(partitionKeys);
    String partitionOption = tableOptions.remove(PARTITION_OPTION);
    if (partitionOption != null && partitions.isEmpty()) {
      partitions.addAll(splitColumns(partitionOption));
    }
    int[] counter = {-1};
    List<DataField> fields = new ArrayList<>();
    for (DataField f : columns.fields()) {
      int id = ++counter[0];
      DataType type = reassignNestedIds(f.type(), counter);
      if (pks.contains(f.name())) {
        type = type.notNull();
      }
      fields.add(new DataField(id, f.name(), type, f.description()));
    }
    TableSchema schema =
        new TableSchema(
            TableSchema.CURRENT_VERSION,
            0,
            fields,
            counter[0],
            partitions,
            pks,
            tableOptions,
            comment,
            timeMillis);
    SchemaValidation.validateSetOptions(tableOptions);
    SchemaValidation.validate(schema);
    return schema;
  }

  /** Splits {@code "a, b"} into {@code [a, b]}. */
  public static List<String> splitColumns(String text) {
    return Options.splitColumns(text);
  }

  /** The type with every nested ROW field renumbered from {@code ++counter[0]}, depth first. */
  static DataType reassignNestedIds(DataType type, int[] counter) {
    if (type instanceof RowType row) {
      List<DataField> children = new ArrayList<>();
      for (DataField child : row.fields()) {
        int id = ++counter[0];
        children.add(
            new DataField(
                id, child.name(), reassignNestedIds(child.type(), counter), child.description()));
      }
      return new RowType(children, row.nullable());
    }
    if (type instanceof ArrayType array) {
      return new ArrayType(reassignNestedIds(array.element(), counter), array.nullable());
    }
    if (type instanceof MapType map) {
      return new MapType(
          reassignNestedIds(map.key(), counter),
          reassignNestedIds(map.value(), counter),
          map.nullable());
    }
    return type;
  }

  /** The schema with options changed (set then removed), validated, with the next id. */
  public static TableSchema alterOptions(
      TableSchema current, Map<String, String> set, List<String> remove, long timeMillis) {
    TableSchema altered =
        new TableSchema(
            current.version(),
            current.id() + 1,
            current.fields(),
            current.highestFieldId(),
            current.partitionKeys(),
            current.primaryKeys(),
            changedOptions(current, set, remove),
            current.comment(),
            timeMillis);
    SchemaValidation.validate(altered);
    return altered;
  }

  /**
   * Options Apache Paimon 1.3.1 refuses to change on a table that has snapshots (its {@code
   * IMMUTABLE_OPTIONS}, besides the keys and partitions): they decide how existing files merge or
   * where they are. A commit of files written under other values is refused too ({@code
   * SchemaConflicts}).
   */
  public static final List<ConfigOption<?>> IMMUTABLE_OPTIONS =
      List.of(
          MergeOptions.AGGREGATION_REMOVE_RECORD_ON_DELETE,
          TableOptions.BUCKET_FUNCTION_TYPE,
          TableOptions.BUCKET_KEY,
          TableOptions.DATA_EVOLUTION_ENABLED,
          TableOptions.DATA_FILE_PATH_DIRECTORY,
          TableOptions.FORCE_LOOKUP,
          TableOptions.IGNORE_DELETE,
          TableOptions.IGNORE_UPDATE_BEFORE,
          TableOptions.INDEX_FILE_IN_DATA_FILE_DIR,
          TableOptions.MERGE_ENGINE,
          MergeOptions.PARTIAL_UPDATE_REMOVE_RECORD_ON_DELETE,
          MergeOptions.PARTIAL_UPDATE_REMOVE_RECORD_ON_SEQUENCE_GROUP,
          TableOptions.ROWKIND_FIELD);

  private static final Set<String> IMMUTABLE_KEYS =
      IMMUTABLE_OPTIONS.stream().map(ConfigOption::key).collect(Collectors.toUnmodifiableSet());

  /** {@link #changedOptions(TableSchema, Map, List, BooleanSupplier)} of a table with snapshots. */
  static Map<String, String> changedOptions(
      TableSchema current, Map<String, String> set, List<String> remove) {
    return changedOptions(current, set, remove, () -> true);
  }

  /**
   * The options of {@code current} with {@code set} applied, then {@code remove}. Primary keys and
   * partitions never change; the bucket layout and the {@link #IMMUTABLE_OPTIONS} change only while
   * the table has no snapshot, as in Paimon, since no file depends on them yet. {@code
   * hasSnapshots} is asked only when such an option changes.
   */
  static Map<String, String> changedOptions(
      TableSchema current,
      Map<String, String> set,
      List<String> remove,
      BooleanSupplier hasSnapshots) {
    // A value that does not parse is reported as such, before whether it may change.
    OptionRegistry.validate(set);
    SchemaValidation.validateSetOptions(set);
    Map<String, String> options = new LinkedHashMap<>(current.options());
    for (Map.Entry<String, String> e : set.entrySet()) {
      if (e.getKey().equals(PRIMARY_KEY_OPTION) || e.getKey().equals(PARTITION_OPTION)) {
        throw SchemaErrors.fixedOption(e.getKey());
      }
      if (IMMUTABLE_KEYS.contains(e.getKey())
          && !e.getValue().equals(current.options().get(e.getKey()))
          && hasSnapshots.getAsBoolean()) {
        throw SchemaErrors.immutableOption(e.getKey());
      }
      options.put(e.getKey(), e.getValue());
    }
    for (String key : remove) {
      if (key.equals(TableOptions.BUCKET.key())
          && current.options().containsKey(key)
          && hasSnapshots.getAsBoolean()) {
        throw SchemaErrors.unsetBucket();
      }
      if (IMMUTABLE_KEYS.contains(key)
          && current.options().containsKey(key)
          && hasSnapshots.getAsBoolean()) {
        throw SchemaErrors.immutableOption(key);
      }
      options.remove(key);
    }
    OptionRegistry.validate(options);
    checkBucketChange(current.options(), options, hasSnapshots);
    return options;
  }

  /**
   * A fixed bucket count may change, as in Paimon: partitions written before keep their files'
   * count until an INSERT OVERWRITE rewrites them. Dynamic and postponed buckets have no count to
   * change, and a table with files cannot become one of them, since its files are laid out by a
   * count.
   */
  private static void checkBucketChange(
      Map<String, String> before, Map<String, String> after, BooleanSupplier hasSnapshots) {
    String from = before.getOrDefault(TableOptions.BUCKET.key(), "-1").trim();
    String to = after.getOrDefault(TableOptions.BUCKET.key(), "-1").trim();
    if (from.equals(to)) {
      return;
    }
    int oldCount = Integer.parseInt(from);
    int newCount = Integer.parseInt(to);
    if ((oldCount <= 0 || newCount <= 0) && hasSnapshots.getAsBoolean()) {
      throw SchemaErrors.changeBucket(from, to);
    }
  }
}

package io.strata.core.options;

import static io.strata.core.options.ConfigOption.of;

/** Options of the merge engines of primary-key tables (beyond {@code merge-engine} itself). */
public final class MergeOptions {

  private MergeOptions() {}

  public static final ConfigOption<Boolean> PARTIAL_UPDATE_REMOVE_RECORD_ON_DELETE =
      of(
          "partial-update.remove-record-on-delete",
          OptionType.BOOLEAN,
          false,
          "partial-update: a DELETE removes the whole row instead of being refused.");

  public static final ConfigOption<String> PARTIAL_UPDATE_REMOVE_RECORD_ON_SEQUENCE_GROUP =
      of(
          "partial-update.remove-record-on-sequence-group",
          OptionType.STRING,
          null,
          "partial-update: the sequence columns (comma-separated) whose group's DELETE removes the"
              + " whole row instead of retracting the group's columns.");

  public static final ConfigOption<Boolean> AGGREGATION_REMOVE_RECORD_ON_DELETE =
      of(
          "aggregation.remove-record-on-delete",
          OptionType.BOOLEAN,
          false,
          "aggregation: a DELETE removes the key instead of being aggregated.");

  public static final ConfigOption<String> FIELDS_DEFAULT_AGGREGATE_FUNCTION =
      of(
          "fields.default-aggregate-function",
          OptionType.STRING,
          "last_non_null_value",
          "aggregation: the function of value columns without their own.");

  public static final FieldOption<String> FIELD_AGGREGATE_FUNCTION =
      new FieldOption<>(
          "aggregate-function",
          OptionType.STRING,
          null,
          "aggregation: the function of this column (default fields.default-aggregate-function).");

  /**
   * The columns whose updates the option's column (a comma-separated list of columns may stand for
   * it) orders, as in Paimon's partial-update sequence groups.
   */
  public static final FieldOption<String> FIELD_SEQUENCE_GROUP =
      new FieldOption<>(
          "sequence-group",
          OptionType.STRING,
          null,
          "partial-update: the columns this sequence column orders (Paimon's sequence group).");

  public static final FieldOption<Boolean> FIELD_IGNORE_RETRACT =
      new FieldOption<>(
          "ignore-retract",
          OptionType.BOOLEAN,
          false,
          "aggregation: this column keeps its value when a retraction (DELETE, UPDATE_BEFORE)"
              + " arrives.");

  public static final FieldOption<Boolean> FIELD_DISTINCT =
      new FieldOption<>(
          "distinct",
          OptionType.BOOLEAN,
          false,
          "aggregation: whether 'collect' keeps each element of this ARRAY column only once.");

  public static final FieldOption<String> FIELD_NESTED_KEY =
      new FieldOption<>(
          "nested-key",
          OptionType.STRING,
          null,
          "aggregation: the fields of this ARRAY<ROW> column's rows that 'nested_update' matches"
              + " rows by (comma-separated; none: rows are appended).");

  public static final FieldOption<Integer> FIELD_COUNT_LIMIT =
      new FieldOption<>(
          "count-limit",
          OptionType.INT,
          Integer.MAX_VALUE,
          "aggregation: at most this many rows in this column's 'nested_update' array.");

  public static final FieldOption<String> FIELD_LIST_AGG_DELIMITER =
      new FieldOption<>(
          "list-agg-delimiter",
          OptionType.STRING,
          ",",
          "aggregation: the delimiter of this column's listagg.");
}

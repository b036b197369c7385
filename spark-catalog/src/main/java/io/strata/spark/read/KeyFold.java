package io.strata.spark.read;

import io.strata.core.merge.RowKind;
import io.strata.core.options.MergeEngine;
import io.strata.core.options.MergeOptions;
import io.strata.core.options.Options;
import io.strata.core.options.TableOptions;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.DataField;
import io.strata.core.types.RowType;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;

/**
 * Folds the records of one primary key, in merge order, into the key's output row, field by field
 * ({@link FieldFold}), exactly as table-core's merge functions do:
 *
 * <ul>
 *   <li>{@code partial-update}: each non-null value overwrites its field; a retraction is ignored,
 *       or, if a DELETE, removes the key so far ({@code partial-update.remove-record-on-delete});
 *   <li>{@code aggregation}: each field folds with its {@code fields.<f>.aggregate-function}
 *       (default {@code fields.default-aggregate-function}, key fields {@code last_value}); a
 *       retraction is undone field by field ({@link FieldFold#retract}; key fields keep the key,
 *       {@code fields.<f>.ignore-retract} fields their value), or, if a DELETE, removes the key so
 *       far ({@code aggregation.remove-record-on-delete});
 *   <li>{@code deduplicate}: the last record, none when it is a retraction;
 *   <li>{@code first-row}: the first record that is not a retraction.
 * </ul>
 */
final class KeyFold {

  private final MergeEngine engine;
  private final FieldFold[] fields;

  /** Which read columns are primary-key fields: a retraction folds into them as the key. */
  private final boolean[] keyFields;

  private final boolean retractRemoves;

  /** Which read columns keep their value on a retraction ({@code fields.<f>.ignore-retract}). */
  private final boolean[] ignoresRetractions;

  /** Whether the records so far make a row. */
  private boolean exists;

  /** The key's records so far, and whether the last was a retraction. */
  private int records;

  private boolean lastRetracts;

  private KeyFold(
      MergeEngine engine,
      FieldFold[] fields,
      boolean[] keyFields,
      boolean[] ignoresRetractions,
      boolean retractRemoves) {
    this.ignoresRetractions = ignoresRetractions;
    this.engine = engine;
    this.fields = fields;
    this.keyFields = keyFields;
    this.retractRemoves = retractRemoves;
  }

  /**
   * The fold of the records' first {@code readType.size()} fields (the read columns), or null when
   * some read column's function or type is not folded on batches.
   */
  static KeyFold of(FileStoreTable table, RowType readType) {
    Options options = table.options();
    MergeEngine engine = options.get(TableOptions.MERGE_ENGINE);
    if (engine == MergeEngine.PARTIAL_UPDATE
        && io.strata.core.merge.MergeFunctions.hasSequenceGroups(table.schema().options())) {
      return null; // a group's columns follow its sequence, not each non-null value
    }
    List<String> keys = table.schema().primaryKeys();
    String defaultFunction = options.get(MergeOptions.FIELDS_DEFAULT_AGGREGATE_FUNCTION);
    FieldFold[] fields = new FieldFold[readType.size()];
    boolean[] keyFields = new boolean[fields.length];
    boolean[] ignoresRetractions = new boolean[fields.length];
    for (int i = 0; i < fields.length; i++) {
      DataField f = readType.field(i);
      keyFields[i] = keys.contains(f.name());
      ignoresRetractions[i] = MergeOptions.FIELD_IGNORE_RETRACT.get(options, f.name());
      String function =
          switch (engine) {
            case PARTIAL_UPDATE -> "last_non_null_value";
            case AGGREGATION ->
                keys.contains(f.name())
                    ? "last_value"
                    : MergeOptions.FIELD_AGGREGATE_FUNCTION.get(options, f.name(), defaultFunction);
            default -> "last_value";
          };
      String delimiter = MergeOptions.FIELD_LIST_AGG_DELIMITER.get(options, f.name());
      fields[i] = FieldFold.of(function, f.name(), f.type(), i, delimiter);
      if (fields[i] == null) {
        return null;
      }
    }
    boolean removes =
        switch (engine) {
          case PARTIAL_UPDATE -> options.get(MergeOptions.PARTIAL_UPDATE_REMOVE_RECORD_ON_DELETE);
          case AGGREGATION -> options.get(MergeOptions.AGGREGATION_REMOVE_RECORD_ON_DELETE);
          default -> false;
        };
    return new KeyFold(engine, fields, keyFields, ignoresRetractions, removes);
  }

  /** Starts a key: no record yet. */
  void start() {
    exists = false;
    records = 0;
  }

  /**
   * Folds the key's next record of {@code kind}; {@code record} holds the read columns from ordinal
   * 0. With {@code *.remove-record-on-delete} only a DELETE removes the key, as in Paimon: an
   * UPDATE_BEFORE is ignored (partial-update) or folded as a retraction (aggregation).
   */
  void add(InternalRow record, RowKind kind) {
    boolean retraction = kind.isRetract();
    records++;
    lastRetracts = retraction;
    boolean removes = retractRemoves && kind == RowKind.DELETE;
    switch (engine) {
      case PARTIAL_UPDATE -> {
        if (retraction) {
          exists &= !removes;
          return;
        }
        fold(record, false);
      }
      case AGGREGATION -> {
        if (removes) {
          exists = false;
          return;
        }
        fold(record, retraction);
      }
      case DEDUPLICATE -> {
        startRow();
        fold(record, false);
        exists = !retraction;
      }
      case FIRST_ROW -> {
        if (!exists && !retraction) {
          fold(record, false);
        }
      }
    }
  }

  /** Folds one record into every field, starting the row at the first record since none. */
  private void fold(InternalRow record, boolean retraction) {
    if (!exists) {
      startRow();
    }
    for (int i = 0; i < fields.length; i++) {
      if (retraction && !keyFields[i]) {
        if (!ignoresRetractions[i]) {
          fields[i].retract(record);
        }
      } else {
        fields[i].add(record);
      }
    }
  }

  private void startRow() {
    exists = true;
    for (FieldFold f : fields) {
      f.reset();
    }
  }

  /** Writes the key's row into {@code out}; false when the key has no row (deleted). */
  boolean finish(InternalRow out) {
    // A key's lone retraction is not folded into a row: Paimon's merge passes a lone record on
    // as it is, and readers drop retractions (table-core's MergeFunctions.of does the same).
    if (!exists || (records == 1 && lastRetracts)) {
      return false;
    }
    for (int i = 0; i < fields.length; i++) {
      fields[i].writeTo(out, i);
    }
    return true;
  }
}

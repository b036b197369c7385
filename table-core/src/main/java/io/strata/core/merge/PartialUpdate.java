package io.strata.core.merge;

import io.strata.core.options.MergeOptions;
import io.strata.core.options.Options;
import io.strata.core.options.TableOptions;
import io.strata.core.types.DataField;
import io.strata.core.types.RowType;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code partial-update}: every non-null field of a later record overwrites the field. Retractions
 * are ignored ({@code ignore-delete} drops them before they are written), except that with {@code
 * partial-update.remove-record-on-delete} a DELETE (not an UPDATE_BEFORE, as in Paimon) removes the
 * key so far. A key that ends removed, or that has retractions and no row, merges into a DELETE
 * record, not into nothing: a compaction whose output lands above older files must carry the
 * removal down to them, as Paimon's merge does.
 *
 * <p>With sequence groups ({@link SequenceGroups}) a grouped column takes a record's value, NULL
 * included, only when the record's group sequence is at least the row's; a retraction whose group
 * sequence is at least the row's sets the group's columns to NULL and moves its sequence (or, for a
 * DELETE of a group named by {@code partial-update.remove-record-on-sequence-group}, removes the
 * row). Columns outside every group behave as without groups.
 *
 * <p>A grouped column may aggregate ({@code fields.<c>.aggregate-function}, or {@code
 * fields.default-aggregate-function}), as in Paimon: a record not older than the row folds its
 * value into the column, an older one folds the column into its value (the order of the two values
 * reversed), and a retraction of either age undoes its value ({@link FieldAggregator#retract}).
 */
final class PartialUpdate implements MergeFunction {

  private final boolean retractRemoves;
  private final boolean ignoreDelete;
  private final int width;
  private final SequenceGroups groups;
  private final boolean[] notNull;
  private final Set<Integer> removingGroupFields = new HashSet<>();

  /** The aggregate function of each grouped column that has one, else null. */
  private final FieldAggregator[] aggregators;

  PartialUpdate(Options options, RowType rowType, List<String> primaryKeys, SequenceGroups groups) {
    this.retractRemoves = options.get(MergeOptions.PARTIAL_UPDATE_REMOVE_RECORD_ON_DELETE);
    this.ignoreDelete = options.get(TableOptions.IGNORE_DELETE);
    this.width = rowType.size();
    this.groups = groups;
    this.notNull = new boolean[width];
    for (int i = 0; i < width; i++) {
      notNull[i] = !rowType.typeAt(i).nullable();
    }
    this.aggregators = groups == null ? null : groupAggregators(options, rowType, primaryKeys);
    String removing = options.get(MergeOptions.PARTIAL_UPDATE_REMOVE_RECORD_ON_SEQUENCE_GROUP);
    if (removing != null) {
      for (String column : Options.splitColumns(removing)) {
        removingGroupFields.add(rowType.indexOf(column));
      }
    }
  }

  private FieldAggregator[] groupAggregators(
      Options options, RowType rowType, List<String> primaryKeys) {
    FieldAggregator[] byField = new FieldAggregator[width];
    // Only a default that is set applies: a grouped column without a function takes values whole.
    String defaultFunction =
        options.contains(MergeOptions.FIELDS_DEFAULT_AGGREGATE_FUNCTION)
            ? options.get(MergeOptions.FIELDS_DEFAULT_AGGREGATE_FUNCTION)
            : null;
    for (int i = 0; i < width; i++) {
      SequenceGroups.Group group = groups.of(i);
      DataField f = rowType.field(i);
      if (group == null || group.isSequenceField(i) || primaryKeys.contains(f.name())) {
        continue;
      }
      String name = MergeOptions.FIELD_AGGREGATE_FUNCTION.get(options, f.name(), defaultFunction);
      if (name != null) {
        byField[i] = FieldAggregator.of(name, f, options);
      }
    }
    return byField;
  }

  @Override
  public KeyValue merge(List<KeyValue> records) {
    return groups == null ? mergeNonNull(records) : mergeGroups(records);
  }

  private KeyValue mergeNonNull(List<KeyValue> records) {
    Object[] row = null;
    long sequence = Long.MIN_VALUE;
    KeyValue lastRetraction = null;
    for (KeyValue r : records) {
      sequence = Math.max(sequence, r.sequence());
      if (r.kind().isRetract()) {
        if (retractRemoves && r.kind() == RowKind.DELETE) {
          row = null;
          lastRetraction = r;
        } else if (row == null) {
          lastRetraction = r;
        }
        continue;
      }
      if (row == null) {
        row = new Object[width];
      }
      Object[] v = r.value();
      for (int i = 0; i < width; i++) {
        if (v[i] != null) {
          row[i] = v[i];
        }
      }
    }
    if (row == null) {
      return lastRetraction == null
          ? null
          : new KeyValue(sequence, RowKind.DELETE, lastRetraction.value());
    }
    return new KeyValue(sequence, RowKind.INSERT, row);
  }

  /**
   * Paimon's merge with sequence groups: a row that starts with its NOT NULL columns taken from a
   * leading retraction, and a DELETE result when no insert came (or a group's DELETE removed it).
   */
  private KeyValue mergeGroups(List<KeyValue> records) {
    Object[] row = new Object[width];
    long sequence = Long.MIN_VALUE;
    boolean sawInsert = false;
    boolean notNullFilled = false;
    boolean removed = false;
    // Which aggregated columns folded a value in this merge (first_value takes the first).
    boolean[] folded = new boolean[width];
    for (KeyValue r : records) {
      sequence = Math.max(sequence, r.sequence());
      removed = false;
      if (r.kind().isRetract()) {
        if (!notNullFilled) {
          fillNotNull(row, r.value());
          notNullFilled = true;
        }
        if (ignoreDelete) {
          continue;
        }
        if (retract(row, r)) {
          row = new Object[width];
          folded = new boolean[width];
          fillNotNull(row, r.value());
          removed = true;
        }
        continue;
      }
      update(row, r.value(), folded);
      sawInsert = true;
      notNullFilled = true;
    }
    RowKind kind = removed || !sawInsert ? RowKind.DELETE : RowKind.INSERT;
    return new KeyValue(sequence, kind, row);
  }

  private void fillNotNull(Object[] row, Object[] from) {
    for (int i = 0; i < width; i++) {
      if (notNull[i] && from[i] != null) {
        row[i] = from[i];
      }
    }
  }

  private void update(Object[] row, Object[] v, boolean[] folded) {
    boolean[] empty = new boolean[width];
    for (int i = 0; i < width; i++) {
      SequenceGroups.Group group = groups.of(i);
      FieldAggregator aggregator = aggregators[i];
      if (group == null) {
        if (v[i] != null) {
          row[i] = v[i];
        }
      } else if (isEmpty(group, v, empty)) {
        continue;
      } else if (group.order().compare(v, row) >= 0) {
        if (group.isSequenceField(i)) {
          for (int f : group.sequenceFields()) {
            row[f] = v[f];
          }
        } else {
          row[i] = aggregator == null ? v[i] : aggregator.add(row[i], v[i], !folded[i]);
          folded[i] |= aggregator != null;
        }
      } else if (aggregator != null) {
        // An older record: its value comes first, as Paimon folds it (aggReversed).
        row[i] = aggregator.add(v[i], row[i], !folded[i]);
        folded[i] = true;
      }
    }
  }

  /** Retracts the groups {@code r} is not older than; true when it removes the whole row. */
  private boolean retract(Object[] row, KeyValue r) {
    Object[] v = r.value();
    boolean[] empty = new boolean[width];
    Set<Integer> movedSequences = new HashSet<>();
    for (int i = 0; i < width; i++) {
      SequenceGroups.Group group = groups.of(i);
      if (group == null || isEmpty(group, v, empty)) {
        continue;
      }
      FieldAggregator aggregator = aggregators[i];
      if (group.order().compare(v, row) < 0) {
        // An older retraction still undoes its value from an aggregate, as in Paimon.
        if (aggregator != null) {
          row[i] = aggregator.retract(row[i], v[i]);
        }
        continue;
      }
      if (!group.isSequenceField(i)) {
        row[i] = aggregator == null ? null : aggregator.retract(row[i], v[i]);
        continue;
      }
      for (int f : group.sequenceFields()) {
        if (movedSequences.add(f)) {
          if (r.kind() == RowKind.DELETE && removingGroupFields.contains(f)) {
            return true;
          }
          row[f] = v[f];
        }
      }
    }
    return false;
  }

  /**
   * Whether the record's sequence columns of {@code group} are all NULL (such a record leaves the
   * group alone); remembered per sequence column in {@code empty} as Paimon does.
   */
  private static boolean isEmpty(SequenceGroups.Group group, Object[] v, boolean[] empty) {
    if (empty[group.sequenceFields()[0]]) {
      return true;
    }
    if (!group.isEmptyIn(v)) {
      return false;
    }
    for (int f : group.sequenceFields()) {
      empty[f] = true;
    }
    return true;
  }
}

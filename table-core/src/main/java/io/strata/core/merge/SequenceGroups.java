package io.strata.core.merge;

import io.strata.core.data.ValueComparator;
import io.strata.core.errors.OptionErrors;
import io.strata.core.options.MergeOptions;
import io.strata.core.options.Options;
import io.strata.core.types.RowType;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The sequence groups of a {@code partial-update} table, as Paimon defines them: {@code
 * fields.<s1>,<s2>.sequence-group = <c1>,<c2>} makes the sequence columns {@code s1, s2} order the
 * updates of the columns {@code c1, c2} (and of themselves). A record updates a group only when its
 * sequence columns are at least the row's (compared column by column, NULL first), and not at all
 * when they are all NULL.
 *
 * <p>Example: with {@code fields.ts.sequence-group = a} a record {@code (a = 'x', ts = 5)} after
 * {@code (a = 'y', ts = 7)} leaves {@code a = 'y'}; other columns still take each later non-null
 * value.
 */
final class SequenceGroups {

  /** One group: its sequence columns (by index) and their order on rows. */
  record Group(int[] sequenceFields, Comparator<Object[]> order) {

    boolean isSequenceField(int field) {
      for (int f : sequenceFields) {
        if (f == field) {
          return true;
        }
      }
      return false;
    }

    /** Whether every sequence column of the group is NULL in {@code row}. */
    boolean isEmptyIn(Object[] row) {
      for (int f : sequenceFields) {
        if (row[f] != null) {
          return false;
        }
      }
      return true;
    }
  }

  private final Group[] byField;

  private SequenceGroups(Group[] byField) {
    this.byField = byField;
  }

  /** The groups of a table with these columns and options, or null when it defines none. */
  static SequenceGroups of(RowType rowType, Map<String, String> options) {
    Group[] byField = new Group[rowType.size()];
    boolean any = false;
    for (Map.Entry<String, String> e : options.entrySet()) {
      String sequenceColumns = MergeOptions.FIELD_SEQUENCE_GROUP.fieldOf(e.getKey());
      if (sequenceColumns == null) {
        continue;
      }
      any = true;
      List<String> sequenceNames = Options.splitColumns(sequenceColumns);
      int[] sequenceFields = new int[sequenceNames.size()];
      Comparator<Object[]> order = null;
      for (int s = 0; s < sequenceFields.length; s++) {
        int index = indexOf(rowType, sequenceNames.get(s), e.getKey());
        sequenceFields[s] = index;
        Comparator<Object> values = ValueComparator.of(rowType.typeAt(index));
        Comparator<Object[]> byColumn = (a, b) -> values.compare(a[index], b[index]);
        order = order == null ? byColumn : order.thenComparing(byColumn);
      }
      Group group = new Group(sequenceFields, order);
      for (int f : sequenceFields) {
        assign(byField, f, group, rowType, e.getKey());
      }
      for (String column : Options.splitColumns(e.getValue())) {
        assign(byField, indexOf(rowType, column, e.getKey()), group, rowType, e.getKey());
      }
    }
    return any ? new SequenceGroups(byField) : null;
  }

  private static int indexOf(RowType rowType, String column, String option) {
    int index = rowType.indexOf(column);
    if (index < 0) {
      throw OptionErrors.sequenceGroupColumnMissing(option, column, rowType.fieldNames());
    }
    return index;
  }

  private static void assign(
      Group[] byField, int field, Group group, RowType rowType, String option) {
    if (byField[field] != null && byField[field] != group) {
      throw OptionErrors.sequenceGroupOverlap(option, rowType.field(field).name());
    }
    byField[field] = group;
  }

  /** The group of column {@code field}, or null when no group holds it. */
  Group of(int field) {
    return byField[field];
  }

  /** The indexes of every group's sequence columns. */
  Set<Integer> sequenceFields() {
    Set<Integer> fields = new HashSet<>();
    for (Group g : byField) {
      if (g != null) {
        for (int f : g.sequenceFields()) {
          fields.add(f);
        }
      }
    }
    return fields;
  }
}

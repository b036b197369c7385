package io.strata.core.merge;

import io.strata.core.errors.OptionErrors;
import io.strata.core.options.ChangelogProducer;
import io.strata.core.options.MergeEngine;
import io.strata.core.options.MergeOptions;
import io.strata.core.options.Options;
import io.strata.core.options.TableOptions;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Builds the merge function of a table from its options, ordering by {@code sequence.field}. */
public final class MergeFunctions {

  private MergeFunctions() {}

  /**
   * Whether a key's rows in higher levels above 0 may be superseded by its row in a lower one, so
   * that a merge must pass over them. Paimon 1.3.1 merges by lookup with {@code changelog-producer}
   * {@code lookup} or {@code force-lookup} (not for {@code first-row}): a compaction of level-0
   * files merges the key's newest row above level 0 into its output, so that row holds everything
   * older, and a merge takes the key's row of the lowest level above 0 with its level-0 records.
   * With deletion vectors Paimon marks the superseded rows deleted instead, so nothing is left to
   * pass over.
   */
  public static boolean keepsSupersededRowsAboveLevelZero(Options options) {
    return options.get(TableOptions.MERGE_ENGINE) != MergeEngine.FIRST_ROW
        && !options.get(TableOptions.DELETION_VECTORS_ENABLED)
        && (options.get(TableOptions.CHANGELOG_PRODUCER) == ChangelogProducer.LOOKUP
            || options.get(TableOptions.FORCE_LOOKUP));
  }

  /** Whether a table with these options defines sequence groups. */
  public static boolean hasSequenceGroups(Map<String, String> tableOptions) {
    for (String key : tableOptions.keySet()) {
      if (MergeOptions.FIELD_SEQUENCE_GROUP.fieldOf(key) != null) {
        return true;
      }
    }
    return false;
  }

  /**
   * The merge function of a table with these columns, primary keys and options; fails on invalid
   * engine options (aggregate functions, {@code sequence.field}, sequence groups and the DELETE
   * options that conflict with them).
   */
  public static MergeFunction of(
      RowType rowType, List<String> primaryKeys, Map<String, String> tableOptions) {
    MergeFunction merging = merging(rowType, primaryKeys, tableOptions);
    // A key's only record goes on as it is, as Paimon's merge reducer passes it: a lone
    // retraction stays a retraction (readers drop it, compactions above older files keep it)
    // instead of being folded into a row, so both read the same rows.
    return records -> records.size() == 1 ? records.get(0) : merging.merge(records);
  }

  private static MergeFunction merging(
      RowType rowType, List<String> primaryKeys, Map<String, String> tableOptions) {
    Options options = new Options(tableOptions);
    MergeFunction engine =
        switch (options.get(TableOptions.MERGE_ENGINE)) {
          case FIRST_ROW -> MergeFunctions::firstRow;
          case PARTIAL_UPDATE -> partialUpdate(rowType, primaryKeys, options, tableOptions);
          case AGGREGATION -> new Aggregation(rowType, primaryKeys, options);
          case DEDUPLICATE -> new Deduplicate(options.get(TableOptions.IGNORE_DELETE));
        };
    String sequenceField = options.get(TableOptions.SEQUENCE_FIELD);
    if (sequenceField == null) {
      return engine;
    }
    Comparator<KeyValue> order = SequenceOrder.of(rowType, sequenceField);
    return new MergeFunction() {
      @Override
      public KeyValue merge(List<KeyValue> records) {
        List<KeyValue> sorted = new ArrayList<>(records);
        sorted.sort(order);
        KeyValue merged = engine.merge(sorted);
        return merged == null ? null : withHighestSequence(merged, records);
      }
    };
  }

  private static MergeFunction partialUpdate(
      RowType rowType,
      List<String> primaryKeys,
      Options options,
      Map<String, String> tableOptions) {
    SequenceGroups groups = SequenceGroups.of(rowType, tableOptions);
    boolean ignoreDelete = options.get(TableOptions.IGNORE_DELETE);
    boolean removeOnDelete = options.get(MergeOptions.PARTIAL_UPDATE_REMOVE_RECORD_ON_DELETE);
    String removeOnDeleteKey = MergeOptions.PARTIAL_UPDATE_REMOVE_RECORD_ON_DELETE.key();
    String removeOnGroupKey = MergeOptions.PARTIAL_UPDATE_REMOVE_RECORD_ON_SEQUENCE_GROUP.key();
    String removingGroups =
        options.get(MergeOptions.PARTIAL_UPDATE_REMOVE_RECORD_ON_SEQUENCE_GROUP);
    if (ignoreDelete && removeOnDelete) {
      throw OptionErrors.conflictingOptions(TableOptions.IGNORE_DELETE.key(), removeOnDeleteKey);
    }
    if (ignoreDelete && removingGroups != null) {
      throw OptionErrors.conflictingOptions(TableOptions.IGNORE_DELETE.key(), removeOnGroupKey);
    }
    if (groups != null && removeOnDelete) {
      throw OptionErrors.conflictingOptions("fields.<column>.sequence-group", removeOnDeleteKey);
    }
    if (removingGroups != null) {
      Set<String> sequenceColumns = new HashSet<>();
      if (groups != null) {
        groups.sequenceFields().forEach(f -> sequenceColumns.add(rowType.field(f).name()));
      }
      for (String column : Options.splitColumns(removingGroups)) {
        if (!sequenceColumns.contains(column)) {
          throw OptionErrors.removingSequenceGroupUnknown(
              removeOnGroupKey, column, sequenceColumns);
        }
      }
    }
    return new PartialUpdate(options, rowType, primaryKeys, groups);
  }

  private static KeyValue withHighestSequence(KeyValue merged, List<KeyValue> records) {
    long max = Long.MIN_VALUE;
    for (KeyValue r : records) {
      max = Math.max(max, r.sequence());
    }
    return new KeyValue(max, merged.kind(), merged.value());
  }

  /** The latest record wins; a winning retraction deletes the key unless deletes are ignored. */
  static final class Deduplicate implements MergeFunction {
    private final boolean ignoreDelete;

    Deduplicate(boolean ignoreDelete) {
      this.ignoreDelete = ignoreDelete;
    }

    @Override
    public KeyValue merge(List<KeyValue> records) {
      for (int i = records.size() - 1; i >= 0; i--) {
        KeyValue r = records.get(i);
        // With ignore-delete, retractions other writers wrote are passed over, as in Paimon.
        if (!ignoreDelete || !r.kind().isRetract()) {
          return r;
        }
      }
      return null;
    }
  }

  /** The first record of a key is kept forever; retractions are ignored. */
  static KeyValue firstRow(List<KeyValue> records) {
    for (KeyValue r : records) {
      if (!r.kind().isRetract()) {
        return r;
      }
    }
    return null;
  }
}

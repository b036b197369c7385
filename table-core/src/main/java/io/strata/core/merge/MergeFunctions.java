package io.strata.core.merge;

import io.strata.core.errors.CoreErrors;
import io.strata.core.options.MergeEngine;
import io.strata.core.options.MergeOptions;
import io.strata.core.options.Options;
import io.strata.core.options.TableOptions;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/** Builds the merge function of a table from its options, ordering by {@code sequence.field}. */
public final class MergeFunctions {

  private MergeFunctions() {}

  /**
   * Fails for a {@code partial-update} table with a sequence group: Strata's partial-update merge
   * has no sequence groups (nor the per-column aggregates Paimon allows only inside them), so it
   * would read and write such a table differently from Paimon.
   */
  public static void checkSupported(Map<String, String> tableOptions) {
    if (new Options(tableOptions).get(TableOptions.MERGE_ENGINE) != MergeEngine.PARTIAL_UPDATE) {
      return;
    }
    for (String key : tableOptions.keySet()) {
      if (MergeOptions.FIELD_SEQUENCE_GROUP.fieldOf(key) != null) {
        throw CoreErrors.sequenceGroupsUnsupported(key);
      }
    }
  }

  /**
   * The merge function of a table with these columns, primary keys and options; fails on invalid
   * engine options (aggregate functions, {@code sequence.field}) and on sequence groups.
   */
  public static MergeFunction of(
      RowType rowType, List<String> primaryKeys, Map<String, String> tableOptions) {
    checkSupported(tableOptions);
    Options options = new Options(tableOptions);
    MergeFunction engine =
        switch (options.get(TableOptions.MERGE_ENGINE)) {
          case FIRST_ROW -> MergeFunctions::firstRow;
          case PARTIAL_UPDATE -> new PartialUpdate(options, rowType.size());
          case AGGREGATION -> new Aggregation(rowType, primaryKeys, options);
          case DEDUPLICATE -> new Deduplicate();
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

  private static KeyValue withHighestSequence(KeyValue merged, List<KeyValue> records) {
    long max = Long.MIN_VALUE;
    for (KeyValue r : records) {
      max = Math.max(max, r.sequence());
    }
    return new KeyValue(max, merged.kind(), merged.value());
  }

  /** The latest record wins; a winning retraction deletes the key. */
  static final class Deduplicate implements MergeFunction {
    @Override
    public KeyValue merge(List<KeyValue> records) {
      return records.get(records.size() - 1);
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

package io.strata.core.merge;

import io.strata.core.options.MergeOptions;
import io.strata.core.options.Options;
import io.strata.core.types.DataField;
import io.strata.core.types.RowType;
import java.util.List;

/**
 * {@code aggregation}: each value field folds its records with {@code
 * fields.<f>.aggregate-function} (default {@code fields.default-aggregate-function}, else {@code
 * last_non_null_value}); key fields are copied, from retractions too (a key whose first record is a
 * retraction still has its key). A retraction is undone field by field as Paimon does ({@link
 * FieldAggregator#retract}), or left out by fields with {@code fields.<f>.ignore-retract}; with
 * {@code aggregation.remove-record-on-delete} a DELETE (not an UPDATE_BEFORE, as in Paimon) removes
 * the key instead. A key removed last merges into a DELETE record, not into nothing: a compaction
 * whose output lands above older files must carry the removal down to them.
 */
final class Aggregation implements MergeFunction {

  private final FieldAggregator[] aggregators;
  private final boolean[] keyFields;
  private final boolean retractRemoves;

  Aggregation(RowType rowType, List<String> primaryKeys, Options options) {
    List<DataField> fields = rowType.fields();
    this.aggregators = new FieldAggregator[fields.size()];
    this.keyFields = new boolean[fields.size()];
    String defaultFunction = options.get(MergeOptions.FIELDS_DEFAULT_AGGREGATE_FUNCTION);
    for (int i = 0; i < fields.size(); i++) {
      DataField f = fields.get(i);
      keyFields[i] = primaryKeys.contains(f.name());
      String name =
          primaryKeys.contains(f.name())
              ? "last_value"
              : MergeOptions.FIELD_AGGREGATE_FUNCTION.get(options, f.name(), defaultFunction);
      aggregators[i] = FieldAggregator.of(name, f, options);
    }
    this.retractRemoves = options.get(MergeOptions.AGGREGATION_REMOVE_RECORD_ON_DELETE);
  }

  @Override
  public KeyValue merge(List<KeyValue> records) {
    Object[] acc = null;
    boolean[] seen = new boolean[aggregators.length];
    long sequence = Long.MIN_VALUE;
    KeyValue removal = null;
    for (KeyValue r : records) {
      sequence = Math.max(sequence, r.sequence());
      if (r.kind() == RowKind.DELETE && retractRemoves) {
        acc = null;
        seen = new boolean[aggregators.length];
        removal = r;
        continue;
      }
      removal = null;
      if (acc == null) {
        acc = new Object[aggregators.length];
      }
      for (int i = 0; i < aggregators.length; i++) {
        Object v = r.value()[i];
        if (r.kind().isRetract() && !keyFields[i]) {
          acc[i] = aggregators[i].retract(acc[i], v);
        } else {
          acc[i] = aggregators[i].add(acc[i], v, !seen[i]);
          seen[i] = true;
        }
      }
    }
    if (acc == null) {
      return removal == null ? null : new KeyValue(sequence, RowKind.DELETE, removal.value());
    }
    return new KeyValue(sequence, RowKind.INSERT, acc);
  }
}

package io.strata.core.merge;

import io.strata.core.data.ValueComparator;
import io.strata.core.errors.OptionErrors;
import io.strata.core.options.Options;
import io.strata.core.types.RowType;
import java.util.Comparator;
import java.util.List;

/** Orders records of one key by {@code sequence.field} values, then by arrival. */
final class SequenceOrder {

  private SequenceOrder() {}

  static Comparator<KeyValue> of(RowType rowType, String sequenceFields) {
    List<String> names = Options.splitColumns(sequenceFields);
    Comparator<KeyValue> order = null;
    for (String name : names) {
      int i = rowType.indexOf(name);
      if (i < 0) {
        throw OptionErrors.sequenceFieldMissing(name, rowType.fieldNames());
      }
      Comparator<Object> values = ValueComparator.of(rowType.typeAt(i));
      Comparator<KeyValue> byField = (a, b) -> values.compare(a.value()[i], b.value()[i]);
      order = order == null ? byField : order.thenComparing(byField);
    }
    return order.thenComparingLong(KeyValue::sequence);
  }
}

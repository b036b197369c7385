package io.strata.core.merge;

import io.strata.core.options.MergeOptions;
import io.strata.core.options.Options;
import java.util.List;

/**
 * {@code partial-update}: every non-null field of a later record overwrites the field. A retraction
 * either is ignored ({@code ignore-delete}) or removes the key so far ({@code
 * partial-update.remove-record-on-delete}); writers refuse retractions otherwise.
 */
final class PartialUpdate implements MergeFunction {

  private final boolean retractRemoves;
  private final int width;

  PartialUpdate(Options options, int width) {
    this.retractRemoves = options.get(MergeOptions.PARTIAL_UPDATE_REMOVE_RECORD_ON_DELETE);
    this.width = width;
  }

  @Override
  public KeyValue merge(List<KeyValue> records) {
    Object[] row = null;
    long sequence = Long.MIN_VALUE;
    for (KeyValue r : records) {
      sequence = Math.max(sequence, r.sequence());
      if (r.kind().isRetract()) {
        if (retractRemoves) {
          row = null;
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
    return row == null ? null : new KeyValue(sequence, RowKind.INSERT, row);
  }
}

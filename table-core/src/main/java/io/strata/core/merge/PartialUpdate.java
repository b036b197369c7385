package io.strata.core.merge;

import io.strata.core.options.MergeOptions;
import io.strata.core.options.Options;
import java.util.List;

/**
 * {@code partial-update}: every non-null field of a later record overwrites the field. Retractions
 * are ignored ({@code ignore-delete} drops them before they are written), except that with {@code
 * partial-update.remove-record-on-delete} a DELETE (not an UPDATE_BEFORE, as in Paimon) removes the
 * key so far. A key that ends removed, or that has retractions and no row, merges into a DELETE
 * record, not into nothing: a compaction whose output lands above older files must carry the
 * removal down to them, as Paimon's merge does.
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
}

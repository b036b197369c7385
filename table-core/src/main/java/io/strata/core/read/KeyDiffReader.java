package io.strata.core.read;

import io.strata.core.data.ValueComparator;
import io.strata.core.format.CloseableIterator;
import io.strata.core.merge.KeyValueLayout;
import io.strata.core.merge.RowKind;
import io.strata.core.split.IncrementalSplit;
import io.strata.core.store.FileStore;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.util.Arrays;
import java.util.Comparator;
import java.util.NoSuchElementException;

/**
 * The rows of one primary-key bucket that differ between two versions, as Paimon 1.3.1's
 * incremental diff reads them: each side's files merged per key (whole rows), then the two key
 * orders walked together. A key only the later version has, or whose values or kind changed, comes
 * out as the later row; a key only the earlier version has comes out as {@code -D} with its earlier
 * values, in {@code $audit_log} only. Plain rows are upserts: retractions never come out.
 *
 * <p>Example: before {@code (1, a) (2, b)}, after {@code (2, c) (3, d)}: plain rows {@code (2, c)
 * (3, d)}; with kinds {@code [-D, 1, a] [+I, 2, c] [+I, 3, d]}.
 */
final class KeyDiffReader implements CloseableIterator<Object[]> {

  private final MergeSplitReader before;
  private final MergeSplitReader after;
  private final KeyValueLayout layout;
  private final Comparator<Object[]> keyOrder;
  private final boolean withRowKinds;

  /** The index in a whole row of each read column. */
  private final int[] projection;

  private Object[] nextBefore;
  private Object[] nextAfter;
  private Object[] next;

  KeyDiffReader(FileStore table, IncrementalSplit split, RowType readType, boolean withRowKinds) {
    RowType rowType = table.schema().rowType();
    this.withRowKinds = withRowKinds;
    this.layout = new KeyValueLayout(table.schema().trimmedPrimaryKeyType(), rowType);
    this.keyOrder = ValueComparator.ofRow(layout.keyType());
    this.projection = new int[readType.size()];
    for (int i = 0; i < projection.length; i++) {
      projection[i] = rowType.indexOf(readType.field(i).name());
    }
    // The audit log sees merged deletes on either side, as Paimon's diff keeps them there.
    this.before = keyValues(new MergeSplitReader(table, split.before(), rowType));
    this.after = keyValues(new MergeSplitReader(table, split.after(), rowType));
  }

  private MergeSplitReader keyValues(MergeSplitReader reader) {
    return withRowKinds ? reader.emittingKeyValuesAndDeletes() : reader.emittingKeyValues();
  }

  @Override
  public boolean hasNext() {
    while (next == null) {
      if (nextBefore == null && before.hasNext()) {
        nextBefore = before.next();
      }
      if (nextAfter == null && after.hasNext()) {
        nextAfter = after.next();
      }
      if (nextBefore == null && nextAfter == null) {
        return false;
      }
      int c =
          nextBefore == null
              ? 1
              : nextAfter == null ? -1 : keyOrder.compare(key(nextBefore), key(nextAfter));
      if (c < 0) {
        next = onlyBefore(nextBefore);
        nextBefore = null;
      } else if (c > 0) {
        next = changed(nextAfter);
        nextAfter = null;
      } else {
        next = sameRecord(nextBefore, nextAfter) ? null : changed(nextAfter);
        nextBefore = null;
        nextAfter = null;
      }
    }
    return true;
  }

  private Object[] key(Object[] record) {
    return Arrays.copyOf(record, layout.keyArity());
  }

  private RowKind kind(Object[] record) {
    return RowKind.fromValue((Byte) record[layout.kindIndex()]);
  }

  private boolean sameRecord(Object[] earlier, Object[] later) {
    return kind(earlier).isRetract() == kind(later).isRetract()
        && Arrays.deepEquals(values(earlier), values(later));
  }

  private Object[] values(Object[] record) {
    return Arrays.copyOfRange(record, layout.valueOffset(), record.length);
  }

  private Object[] onlyBefore(Object[] record) {
    if (!withRowKinds || kind(record).isRetract()) {
      return null;
    }
    return output(RowKind.DELETE, record);
  }

  private Object[] changed(Object[] record) {
    RowKind kind = kind(record);
    if (!withRowKinds && kind.isRetract()) {
      return null;
    }
    return output(kind, record);
  }

  private Object[] output(RowKind kind, Object[] record) {
    int offset = withRowKinds ? 1 : 0;
    Object[] row = new Object[projection.length + offset];
    if (withRowKinds) {
      row[0] = kind.shortString();
    }
    for (int i = 0; i < projection.length; i++) {
      row[i + offset] = record[layout.valueOffset() + projection[i]];
    }
    return row;
  }

  @Override
  public Object[] next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    Object[] row = next;
    next = null;
    return row;
  }

  @Override
  public void close() throws IOException {
    try {
      before.close();
    } finally {
      after.close();
    }
  }
}

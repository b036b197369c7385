package io.strata.core.write;

import io.strata.core.merge.KeyValue;
import io.strata.core.merge.KeyValueLayout;
import io.strata.core.merge.RowKind;
import io.strata.core.options.MergeEngine;
import io.strata.core.options.Options;
import io.strata.core.options.TableOptions;
import io.strata.core.read.MergeSplitReader;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The changelog a compaction writes for a key it changed, as Paimon 1.3.1 writes it ({@code
 * changelog-producer} lookup: a key it merged level-0 records of, against the key's row before
 * them; full-compaction: every key of a compaction into the top level, against its top-level row):
 * from no row (or a retracted one) to a row, +I of the new row; from a row to none, -D of the old
 * row; from one row to another, -U of the old and +U of the new, unless {@code
 * changelog-producer.row-deduplicate} finds their values equal. A {@code first-row} table only gets
 * +I for keys it had no row of. Records keep their sequence numbers.
 */
final class CompactionChangelog implements MergeSplitReader.ChangelogSink {

  private final CompactionRewriter.ChangelogFiles files;
  private final KeyValueLayout layout;
  private final boolean firstRow;
  private final boolean rowDeduplicate;
  private final int[] comparedFields;

  CompactionChangelog(Options options, CompactionRewriter.ChangelogFiles files) {
    this.files = files;
    this.layout = files.layout();
    this.firstRow = options.get(TableOptions.MERGE_ENGINE) == MergeEngine.FIRST_ROW;
    this.rowDeduplicate = options.get(TableOptions.CHANGELOG_PRODUCER_ROW_DEDUPLICATE);
    String ignored = options.get(TableOptions.CHANGELOG_PRODUCER_ROW_DEDUPLICATE_IGNORE_FIELDS);
    Set<String> ignoredNames =
        ignored == null ? Set.of() : new HashSet<>(Options.splitColumns(ignored));
    List<Integer> compared = new ArrayList<>();
    List<String> names = layout.valueType().fieldNames();
    for (int i = 0; i < names.size(); i++) {
      if (!ignoredNames.contains(names.get(i))) {
        compared.add(i);
      }
    }
    this.comparedFields = compared.stream().mapToInt(Integer::intValue).toArray();
  }

  @Override
  public void accept(KeyValue before, KeyValue after) {
    boolean hadRow = before != null && !before.kind().isRetract();
    boolean hasRow = after != null && !after.kind().isRetract();
    if (firstRow) {
      if (!hadRow && hasRow) {
        write(after, RowKind.INSERT);
      }
      return;
    }
    if (!hadRow) {
      if (hasRow) {
        write(after, RowKind.INSERT);
      }
    } else if (!hasRow) {
      write(before, RowKind.DELETE);
    } else if (!rowDeduplicate || !sameValues(before.value(), after.value())) {
      write(before, RowKind.UPDATE_BEFORE);
      write(after, RowKind.UPDATE_AFTER);
    }
  }

  private boolean sameValues(Object[] a, Object[] b) {
    for (int i : comparedFields) {
      if (!Objects.deepEquals(a[i], b[i])) {
        return false;
      }
    }
    return true;
  }

  private void write(KeyValue record, RowKind kind) {
    files.write(layout.toFileRow(record.value(), record.sequence(), kind));
  }
}

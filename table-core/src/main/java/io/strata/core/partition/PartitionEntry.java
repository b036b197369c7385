package io.strata.core.partition;

import io.strata.core.data.BinaryRow;
import io.strata.core.data.PartitionPath;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * One live partition of a snapshot: its values, every encoded row its files carry (writers may
 * encode one partition differently, so dropping it must name them all), and totals over its files.
 *
 * @param values canonical partition values in partition-field order
 * @param lastFileCreationMillis newest file creation time (local wall clock as UTC millis,
 *     FORMAT.md §4), or null when no file records one
 */
public record PartitionEntry(
    Object[] values,
    Set<BinaryRow> rows,
    long recordCount,
    long fileSizeInBytes,
    long fileCount,
    Long lastFileCreationMillis) {

  public PartitionEntry {
    values = values.clone();
    rows = Set.copyOf(rows);
  }

  @Override
  public Object[] values() {
    return values.clone();
  }

  /**
   * {@code k=v} per field joined by {@code separator}, unescaped; a NULL or blank value shows as
   * {@code defaultName}, as in partition directory names.
   */
  public String describe(RowType partitionType, String defaultName, String separator) {
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < values.length; i++) {
      String text = PartitionPath.toText(partitionType.typeAt(i), values[i]);
      if (text == null || text.isBlank()) {
        text = defaultName;
      }
      parts.add(partitionType.field(i).name() + "=" + text);
    }
    return String.join(separator, parts);
  }
}

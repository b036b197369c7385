package io.strata.core.read;

import io.strata.core.manifest.DataFileMeta;

/**
 * The row id and sequence number of a row of a row-tracking table ({@code row-tracking.enabled}),
 * as Paimon 1.3.1 reads them: the file's own {@code _ROW_ID} and {@code _SEQUENCE_NUMBER} columns
 * where a rewrite kept them there, else the file's first row id plus the row's position, and the
 * file's sequence number (its commit's snapshot id). Readers ask for those columns with {@link
 * SplitReader#withSystemFields} of {@link io.strata.core.types.RowTrackingFields#FIELDS}.
 *
 * <p>Example: a file with first row id 100 and sequence number 7 and no such columns: its row at
 * position 3 has row id 103 and sequence number 7.
 */
public final class RowTracking {

  private RowTracking() {}

  /** The row id of the row at {@code position} of {@code file}; null when it has none. */
  public static Long rowId(Object stored, DataFileMeta file, long position) {
    if (stored != null) {
      return (Long) stored;
    }
    return file.firstRowId() == null ? null : file.firstRowId() + position;
  }

  public static long sequenceNumber(Object stored, DataFileMeta file) {
    return stored != null ? (Long) stored : file.maxSequenceNumber();
  }
}

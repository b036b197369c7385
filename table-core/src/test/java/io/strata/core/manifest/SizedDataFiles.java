package io.strata.core.manifest;

import io.strata.core.data.BinaryRow;
import java.util.List;

/**
 * Data file entries that only a size, a level and sequence numbers tell apart (10 rows, no keys or
 * statistics), for tests of planning code that looks at nothing else.
 */
public final class SizedDataFiles {

  private SizedDataFiles() {}

  public static DataFileMeta file(
      String name, long bytes, int level, long minSequence, long maxSequence) {
    return new DataFileMeta(
        name,
        bytes,
        10,
        BinaryRow.EMPTY,
        BinaryRow.EMPTY,
        SimpleStats.EMPTY,
        SimpleStats.EMPTY,
        minSequence,
        maxSequence,
        0,
        level,
        List.of(),
        null,
        0L,
        null,
        FileSource.APPEND,
        null,
        null,
        null,
        null);
  }
}

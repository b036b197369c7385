package io.strata.core.write;

import io.strata.core.data.BinaryRow;
import io.strata.core.data.BinaryRowCodec;
import io.strata.core.format.FileStats;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.FileSource;
import io.strata.core.manifest.SimpleStats;
import io.strata.core.manifest.StatsTypes;
import io.strata.core.types.RowType;
import java.time.Clock;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;

/** Builds manifest metadata for a written file. */
final class DataFileMetaFactory {

  private DataFileMetaFactory() {}

  /** Stats of columns [from, from + type.size()) of the file, serialized for manifests. */
  static SimpleStats stats(FileStats stats, int from, RowType type) {
    int to = from + type.size();
    RowType statsType = StatsTypes.of(type);
    return new SimpleStats(
        BinaryRowCodec.serialize(statsType, Arrays.copyOfRange(stats.min(), from, to)),
        BinaryRowCodec.serialize(statsType, Arrays.copyOfRange(stats.max(), from, to)),
        Arrays.asList(Arrays.copyOfRange(stats.nullCounts(), from, to)));
  }

  static DataFileMeta create(
      WrittenFile file,
      BinaryRow minKey,
      BinaryRow maxKey,
      SimpleStats keyStats,
      SimpleStats valueStats,
      long minSequence,
      long maxSequence,
      long schemaId,
      long deleteRowCount,
      FileSource source,
      Clock clock) {
    return new DataFileMeta(
        file.name(),
        file.size(),
        file.rowCount(),
        minKey,
        maxKey,
        keyStats,
        valueStats,
        minSequence,
        maxSequence,
        schemaId,
        0,
        file.extraFiles(),
        // Paimon stores the writer's local wall-clock time as if it were UTC (FORMAT.md §4).
        LocalDateTime.now(clock).toInstant(ZoneOffset.UTC).toEpochMilli(),
        deleteRowCount,
        file.embeddedIndex(),
        source,
        null,
        null,
        null,
        null);
  }
}

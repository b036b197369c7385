package io.strata.core.write;

import io.strata.core.manifest.DataFileMeta;
import io.strata.core.merge.RowKind;
import java.util.List;

/** Writes the rows of one (partition, bucket) during one task. */
interface BucketWriter {

  void write(Object[] row, RowKind kind);

  /** Flushes and closes; the data files written. */
  List<DataFileMeta> finish();

  /** Writes out what is buffered in memory; appends write through and buffer nothing. */
  default void flush() {}

  /** The data files flushed so far; appends report theirs only when finished. */
  default List<DataFileMeta> flushedFiles() {
    return List.of();
  }

  /** The changelog files written ({@code changelog-producer} {@code input}); after finish. */
  default List<DataFileMeta> changelogFiles() {
    return List.of();
  }

  /** Deletes everything written. */
  void abort();
}

package io.strata.spark.read.stream;

import io.strata.core.options.MemorySize;
import io.strata.core.split.DataSplit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.connector.read.streaming.CompositeReadLimit;
import org.apache.spark.sql.connector.read.streaming.ReadLimit;
import org.apache.spark.sql.connector.read.streaming.ReadMaxFiles;
import org.apache.spark.sql.connector.read.streaming.ReadMaxRows;

/**
 * The read options {@code read.stream.maxFilesPerTrigger}, {@code read.stream.maxRowsPerTrigger}
 * and {@code read.stream.maxBytesPerTrigger} (Paimon's Spark names) as Spark read limits (bytes,
 * which Spark has no limit for, are read from the options), and the budget one batch admits splits
 * with. A batch admits whole splits and at least one, so a split larger than the limit still makes
 * progress.
 */
final class ReadLimits {

  static final String MAX_FILES = "read.stream.maxFilesPerTrigger";
  static final String MAX_ROWS = "read.stream.maxRowsPerTrigger";
  static final String MAX_BYTES = "read.stream.maxBytesPerTrigger";

  private long files;
  private long rows;
  private long bytes;
  private final long maxFiles;
  private final long maxRows;
  private final long maxBytes;

  private ReadLimits(long maxFiles, long maxRows, long maxBytes) {
    this.maxFiles = maxFiles;
    this.maxRows = maxRows;
    this.maxBytes = maxBytes;
  }

  /** The limit the options ask for; all available when neither is set. */
  static ReadLimit of(Map<String, String> options) {
    List<ReadLimit> limits = new ArrayList<>();
    if (options.containsKey(MAX_FILES)) {
      limits.add(ReadLimit.maxFiles(Integer.parseInt(options.get(MAX_FILES).trim())));
    }
    if (options.containsKey(MAX_ROWS)) {
      limits.add(ReadLimit.maxRows(Long.parseLong(options.get(MAX_ROWS).trim())));
    }
    if (limits.isEmpty()) {
      return ReadLimit.allAvailable();
    }
    return limits.size() == 1
        ? limits.get(0)
        : ReadLimit.compositeLimit(limits.toArray(new ReadLimit[0]));
  }

  /**
   * A fresh budget for one batch under {@code limit} and the byte limit of {@code options}; an
   * AvailableNow or Trigger.Once run passes all-available, but the byte limit still applies.
   */
  static ReadLimits budget(ReadLimit limit, Map<String, String> options) {
    long maxFiles = Long.MAX_VALUE;
    long maxRows = Long.MAX_VALUE;
    List<ReadLimit> parts =
        limit instanceof CompositeReadLimit c ? List.of(c.getReadLimits()) : List.of(limit);
    for (ReadLimit l : parts) {
      if (l instanceof ReadMaxFiles f) {
        maxFiles = f.maxFiles();
      } else if (l instanceof ReadMaxRows r) {
        maxRows = r.maxRows();
      }
    }
    long maxBytes =
        options.containsKey(MAX_BYTES) ? MemorySize.parse(options.get(MAX_BYTES)) : Long.MAX_VALUE;
    return new ReadLimits(maxFiles, maxRows, maxBytes);
  }

  /** Whether the batch takes {@code split} too; the first split is always taken. */
  boolean admit(DataSplit split) {
    boolean first = files == 0;
    if (!first
        && (files + split.files().size() > maxFiles
            || rows + split.rowCount() > maxRows
            || bytes + split.fileSize() > maxBytes)) {
      return false;
    }
    files += split.files().size();
    rows += split.rowCount();
    bytes += split.fileSize();
    return true;
  }
}

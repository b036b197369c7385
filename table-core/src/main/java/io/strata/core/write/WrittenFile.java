package io.strata.core.write;

import io.strata.core.format.FileStats;

/**
 * A data file just closed: its name, size, rows, stats, and first and last rows written (of a
 * primary-key file written from batches, the last row holds only its key columns: its key bound).
 */
record WrittenFile(
    String name,
    long size,
    long rowCount,
    FileStats stats,
    Object[] firstRow,
    Object[] lastRow,
    byte[] embeddedIndex,
    java.util.List<String> extraFiles) {}

package io.strata.spark.read.stream;

import io.strata.core.split.DataSplit;
import java.io.Serializable;

/**
 * A split of a streaming batch: of a whole snapshot (read as a batch read reads it) or of a
 * snapshot's changes (read file by file, {@code TableRead.openChanges}).
 */
record StreamSplit(DataSplit split, boolean changes) implements Serializable {}

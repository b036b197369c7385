package io.strata.core.scan;

/**
 * Where a streaming read stands: the next snapshot it reads, whether it reads that snapshot whole
 * (the first step of {@code latest-full} and {@code from-snapshot-full}) or only its changes, and
 * how many of that step's splits it has already read.
 *
 * <p>Example: a {@code latest-full} stream over a table at snapshot 4 starts at {@code (4, full,
 * 0)}; after reading the 3 splits of snapshot 4 it stands at {@code (5, delta, 0)}, waiting for
 * snapshot 5.
 */
public record StreamPosition(long snapshotId, boolean full, int splitIndex) {

  public StreamPosition {
    if (snapshotId < 1 || splitIndex < 0) {
      throw new IllegalStateException("Invalid stream position " + snapshotId + "/" + splitIndex);
    }
  }

  /** The changes of {@code snapshotId}, none read yet. */
  public static StreamPosition changesOf(long snapshotId) {
    return new StreamPosition(snapshotId, false, 0);
  }

  /** The whole snapshot {@code snapshotId}, none of it read yet. */
  public static StreamPosition wholeOf(long snapshotId) {
    return new StreamPosition(snapshotId, true, 0);
  }

  /** After the first {@code splits} splits of this step. */
  public StreamPosition after(int splits) {
    return new StreamPosition(snapshotId, full, splitIndex + splits);
  }

  /** The start of the next snapshot's changes. */
  public StreamPosition nextSnapshot() {
    return changesOf(snapshotId + 1);
  }
}

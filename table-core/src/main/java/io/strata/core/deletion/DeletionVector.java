package io.strata.core.deletion;

import java.util.BitSet;

/**
 * The deleted row positions of one data file (position = the row's 0-based index in the file).
 * Immutable once read.
 */
public final class DeletionVector {

  /** A vector that deletes nothing, for files without one. */
  public static final DeletionVector EMPTY = new DeletionVector(new BitSet());

  private final BitSet deleted;

  DeletionVector(BitSet deleted) {
    this.deleted = deleted;
  }

  /** Whether the row at {@code position} of the file is deleted. */
  public boolean isDeleted(long position) {
    return position >= 0 && position <= Integer.MAX_VALUE && deleted.get((int) position);
  }

  /** The number of deleted positions. */
  public long cardinality() {
    return deleted.cardinality();
  }

  public boolean isEmpty() {
    return deleted.isEmpty();
  }

  BitSet positionsCopy() {
    return (BitSet) deleted.clone();
  }
}

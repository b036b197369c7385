package io.strata.core.deletion;

import io.strata.core.errors.CoreErrors;
import java.nio.ByteBuffer;
import java.util.BitSet;

/**
 * The deleted row positions of one data file while a write collects them: mutable, merged with what
 * is already deleted ({@link #addAll}), then serialized as Paimon's 32-bit RoaringBitmap. Positions
 * are 0-based row indexes in the file, below {@link Integer#MAX_VALUE} as in Paimon's 32-bit
 * vectors. Not thread-safe.
 */
public final class DeletionBitmap {

  /** The largest position a 32-bit vector holds, exclusive. */
  public static final long MAX_POSITION = Integer.MAX_VALUE;

  private final BitSet positions;

  public DeletionBitmap() {
    this(new BitSet());
  }

  private DeletionBitmap(BitSet positions) {
    this.positions = positions;
  }

  /** A bitmap holding {@code positions}. */
  public static DeletionBitmap of(long... positions) {
    DeletionBitmap bitmap = new DeletionBitmap();
    for (long p : positions) {
      bitmap.add(p);
    }
    return bitmap;
  }

  /** A mutable copy of a vector read from an index file. */
  public static DeletionBitmap copyOf(DeletionVector vector) {
    return new DeletionBitmap(vector.positionsCopy());
  }

  /** Marks the row at {@code position} deleted. */
  public void add(long position) {
    if (position < 0 || position >= MAX_POSITION) {
      throw CoreErrors.deletionPositionOutOfRange(position, MAX_POSITION);
    }
    positions.set((int) position);
  }

  /** Adds every position of {@code other} (a union, so no deletion is ever lost). */
  public void addAll(DeletionBitmap other) {
    positions.or(other.positions);
  }

  /** Adds every position of a vector already in an index file. */
  public void addAll(DeletionVector vector) {
    positions.or(vector.positionsCopy());
  }

  public boolean contains(long position) {
    return position >= 0 && position < MAX_POSITION && positions.get((int) position);
  }

  public long cardinality() {
    return positions.cardinality();
  }

  public boolean isEmpty() {
    return positions.isEmpty();
  }

  /** The positions in ascending order. */
  public long[] toArray() {
    return positions.stream().asLongStream().toArray();
  }

  /** An immutable snapshot of the positions, as readers use them. */
  public DeletionVector toVector() {
    return new DeletionVector((BitSet) positions.clone());
  }

  /** The portable RoaringBitmap serialization (without Paimon's magic number). */
  public byte[] serialize() {
    return RoaringBitmapWriter.write(positions);
  }

  /** The portable 64-bit RoaringBitmap serialization (without Paimon's magic number). */
  public byte[] serialize64() {
    return RoaringBitmap64Format.write(positions);
  }

  /** The bitmap of a portable RoaringBitmap serialization. */
  public static DeletionBitmap deserialize(byte[] bytes) {
    return new DeletionBitmap(RoaringBitmapReader.read(ByteBuffer.wrap(bytes)));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof DeletionBitmap other && positions.equals(other.positions);
  }

  @Override
  public int hashCode() {
    return positions.hashCode();
  }

  @Override
  public String toString() {
    return "DeletionBitmap" + positions;
  }
}

package io.strata.core.write;

import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.List;

/**
 * The write buffer of one primary-key bucket: a {@link SortBuffer} in memory plus the sorted runs
 * it spilled to local files, read back as one run in key order (runs oldest first, so equal keys
 * keep their arrival order). Spilled files are deleted when the buffer is cleared, on success or
 * failure alike.
 */
final class SpillingSortBuffer {

  private final SortBuffer memory;
  private final SpillSettings settings;
  private final RowSerializer serializer;
  private final BinaryKeyComparator keys;
  private final List<SpillRun> spilled = new ArrayList<>();
  private final ByteInput input = new ByteInput();
  private long spilledBytes;

  SpillingSortBuffer(WriteMemory pool, RowType fileType, RowType keyType, SpillSettings settings) {
    this(pool, fileType, keyType, settings, fileType.size(), null, 0);
  }

  /**
   * @param encodedFrom the index of the first file field whose strings {@link #row} returns as
   *     their UTF-8 bytes (see {@link RowSerializer#RowSerializer(RowType, int, int[])}); {@code
   *     fileType.size()} for none
   * @param copyOf per field, the earlier field it always equals (held once), or -1; null for none
   * @param requiredLeading how many leading fields (at least the key's) are never null
   */
  SpillingSortBuffer(
      WriteMemory pool,
      RowType fileType,
      RowType keyType,
      SpillSettings settings,
      int encodedFrom,
      int[] copyOf,
      int requiredLeading) {
    this.memory = new SortBuffer(pool, fileType, keyType, copyOf, requiredLeading);
    this.settings = settings;
    this.serializer = new RowSerializer(fileType, encodedFrom, copyOf, requiredLeading);
    this.keys = new BinaryKeyComparator(keyType, requiredLeading < keyType.size());
  }

  void add(Object[] fileRow) {
    memory.add(fileRow);
  }

  boolean isEmpty() {
    return memory.size() == 0 && spilled.isEmpty();
  }

  long memoryBytes() {
    return memory.memoryBytes();
  }

  /**
   * Whether a full buffer may spill: spilling is on and this bucket's disk budget is not used up.
   */
  boolean canSpill() {
    return settings.spillable() && spilledBytes < settings.maxDiskSize();
  }

  /** The number of spilled files currently held. */
  int spilledRuns() {
    return spilled.size();
  }

  /** Writes the records in memory as a sorted run to a local file and empties the memory. */
  void spill() {
    if (memory.size() == 0) {
      memory.clear();
      return;
    }
    SpillRun run = SpillRun.write(settings.dir(), settings.codec(), memory.sorted());
    memory.clear();
    spilled.add(run);
    spilledBytes += run.bytes();
    if (spilled.size() >= settings.maxFanIn()) {
      mergeSpilled();
    }
  }

  /** Merges every spilled file into one, so that a final merge never opens too many files. */
  private void mergeSpilled() {
    List<SpillRun> inputs = List.copyOf(spilled);
    SpillRun merged;
    try (RecordCursor cursor = new MergingCursor(open(inputs), keys)) {
      merged = SpillRun.write(settings.dir(), settings.codec(), cursor);
    }
    inputs.forEach(SpillRun::delete);
    spilled.clear();
    spilled.add(merged);
    spilledBytes = merged.bytes();
  }

  private static List<RecordCursor> open(List<SpillRun> runs) {
    List<RecordCursor> cursors = new ArrayList<>();
    try {
      for (SpillRun r : runs) {
        cursors.add(r.open());
      }
    } catch (RuntimeException e) {
      cursors.forEach(RecordCursor::close);
      throw e;
    }
    return cursors;
  }

  /** Every record buffered, spilled or in memory, in key order; call {@link #clear()} after. */
  RecordCursor sorted() {
    if (spilled.isEmpty()) {
      return memory.sorted();
    }
    List<RecordCursor> inputs = open(spilled);
    inputs.add(memory.sorted());
    return new MergingCursor(inputs, keys);
  }

  /** The file row of a cursor's current record. */
  Object[] row(RecordCursor cursor) {
    return serializer.read(input.at(cursor.buffer(), cursor.offset()));
  }

  /** Deletes the spilled files and returns the memory to the pool. */
  void clear() {
    spilled.forEach(SpillRun::delete);
    spilled.clear();
    spilledBytes = 0;
    memory.clear();
  }
}

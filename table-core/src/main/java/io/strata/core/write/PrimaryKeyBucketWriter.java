package io.strata.core.write;

import io.strata.core.data.BinaryRowCodec;
import io.strata.core.data.ValueComparator;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.FileSource;
import io.strata.core.merge.KeyValue;
import io.strata.core.merge.KeyValueLayout;
import io.strata.core.merge.MergeFunction;
import io.strata.core.merge.RowKind;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Writes primary-key rows as level-0 files: buffers rows in binary form, sorts them by key (equal
 * keys in arrival order), keeps one record per key as the merge engine says, and numbers records
 * from the bucket's next sequence number. When the task's write memory runs out, the buffer spills
 * a sorted run to local disk, so a write still produces one sorted run per bucket; when it may not
 * spill ({@code write-buffer-spillable} false, or its disk budget used up) it flushes a sorted run
 * of files instead, which overlaps the others and is merged on read or by compaction.
 *
 * <p>With {@code changelog-producer} {@code input}, each flush also writes every buffered record,
 * sorted by key but unmerged (retractions included), as changelog files beside the data files: a
 * key written twice in one flush has two changelog records and one data record.
 *
 * <p>When the files are Parquet and the merge engine keeps a key's record whole (deduplicate,
 * first-row, no {@code sequence.field}), the value strings go from the buffer to the file as UTF-8
 * bytes; the key fields stay strings, as the files' key bounds need them.
 */
final class PrimaryKeyBucketWriter implements BucketWriter, WriteMemory.Owner {

  private final RollingFileWriter files;

  /** Where the changelog goes ({@code changelog-producer} {@code input}); null for none. */
  private final RollingFileWriter changelog;

  private final List<DataFileMeta> changelogFiles = new ArrayList<>();
  private int changelogFilesSeen;
  private final KeyValueLayout layout;
  private final MergeFunction mergeFunction;
  private final long schemaId;
  private final WriteMemory memory;
  private final SpillingSortBuffer buffer;
  private final List<DataFileMeta> flushed = new ArrayList<>();
  private final Clock clock;
  private final Comparator<Object[]> keyOrder;
  private final Object[] fileRow;
  private long nextSequence;
  private int filesSeen;

  PrimaryKeyBucketWriter(
      RollingFileWriter files,
      RollingFileWriter changelog,
      KeyValueLayout layout,
      MergeFunction mergeFunction,
      long schemaId,
      long firstSequence,
      WriteMemory memory,
      SpillSettings spill,
      boolean valueStringsEncoded,
      Clock clock) {
    this.clock = clock;
    this.files = files;
    this.changelog = changelog;
    this.layout = layout;
    this.mergeFunction = mergeFunction;
    this.schemaId = schemaId;
    this.nextSequence = firstSequence;
    this.memory = memory;
    this.buffer =
        new SpillingSortBuffer(
            memory,
            layout.fileType(),
            layout.keyType(),
            spill,
            valueStringsEncoded ? layout.valueOffset() : layout.fileType().size(),
            // The values' copies of the key are not buffered twice: less to sort, spill and read.
            layout.keyCopies(),
            layout.valueOffset()); // key fields, sequence number and kind are never null
    // File rows start with the key fields, so the key order compares them in place.
    this.keyOrder = ValueComparator.ofRow(layout.keyType());
    this.fileRow = new Object[layout.fileType().size()];
    memory.register(this);
  }

  @Override
  public void write(Object[] row, RowKind kind) {
    // The buffer serializes the row at once, so one array serves every row.
    buffer.add(layout.toFileRow(fileRow, row, nextSequence++, kind));
  }

  @Override
  public List<DataFileMeta> finish() {
    flush();
    memory.unregister(this);
    return flushed;
  }

  @Override
  public List<DataFileMeta> changelogFiles() {
    return List.copyOf(changelogFiles);
  }

  @Override
  public List<DataFileMeta> flushedFiles() {
    return List.copyOf(flushed);
  }

  @Override
  public long memoryBytes() {
    return buffer.memoryBytes();
  }

  @Override
  public void releaseMemory() {
    if (buffer.canSpill()) {
      buffer.spill();
    } else {
      flush();
    }
  }

  /** One record for the key: the group's records merged as the table's merge engine says. */
  private Object[] merge(List<Object[]> group) {
    if (group.size() == 1) {
      return group.get(0);
    }
    List<KeyValue> records = new ArrayList<>(group.size());
    int from = layout.valueOffset();
    for (Object[] r : group) {
      records.add(
          new KeyValue(
              (Long) r[layout.sequenceIndex()],
              RowKind.fromValue((Byte) r[layout.kindIndex()]),
              Arrays.copyOfRange(r, from, r.length)));
    }
    KeyValue merged = mergeFunction.merge(records);
    if (merged == null) {
      return null;
    }
    Object[] row = layout.toFileRow(merged.value(), merged.sequence(), merged.kind());
    // The key fields as buffered: the value's copies of them may be strings kept as UTF-8 bytes.
    System.arraycopy(group.get(0), 0, row, 0, layout.keyArity());
    return row;
  }

  /** Writes the one record of a key's {@code group} (if the merge engine keeps one), clears it. */
  private void keep(List<Object[]> group, RunFiles run) {
    Object[] merged = merge(group);
    if (merged != null) {
      run.write(merged);
    }
    group.clear();
  }

  /**
   * Writes everything buffered (spilled runs and memory, merged) as one sorted run of files
   * (several when it exceeds the target size).
   */
  @Override
  public void flush() {
    if (buffer.isEmpty()) {
      buffer.clear(); // an empty buffer may still hold its index
      return;
    }
    RunFiles run = new RunFiles(files);
    RunFiles changes = changelog == null ? null : new RunFiles(changelog);
    try (RecordCursor cursor = buffer.sorted()) {
      List<Object[]> group = new ArrayList<>();
      while (cursor.next()) {
        Object[] row = buffer.row(cursor);
        if (changes != null) {
          changes.write(row);
        }
        if (!group.isEmpty() && keyOrder.compare(group.get(0), row) != 0) {
          keep(group, run);
        }
        group.add(row);
      }
      if (!group.isEmpty()) {
        keep(group, run);
      }
    } finally {
      buffer.clear();
    }
    filesSeen = run.finish(filesSeen, flushed);
    if (changes != null) {
      changelogFilesSeen = changes.finish(changelogFilesSeen, changelogFiles);
    }
  }

  private DataFileMeta meta(WrittenFile f, RunFileStats s) {
    int keyArity = layout.keyArity();
    return DataFileMetaFactory.create(
        f,
        BinaryRowCodec.serialize(layout.keyType(), Arrays.copyOf(f.firstRow(), keyArity)),
        BinaryRowCodec.serialize(layout.keyType(), Arrays.copyOf(f.lastRow(), keyArity)),
        DataFileMetaFactory.stats(f.stats(), 0, layout.keyType()),
        DataFileMetaFactory.stats(f.stats(), layout.valueOffset(), layout.valueType()),
        s.minSequence,
        s.maxSequence,
        schemaId,
        s.deletes,
        FileSource.APPEND,
        clock);
  }

  /** Sequence range and retractions of one file of a run, gathered as its rows are written. */
  private static final class RunFileStats {
    long minSequence = Long.MAX_VALUE;
    long maxSequence = Long.MIN_VALUE;
    long deletes;
    long rows;
  }

  /**
   * The files one flush writes to a rolling writer (data or changelog): writes rows and keeps each
   * file's stats as files roll.
   */
  private final class RunFiles {
    final RollingFileWriter target;
    final List<RunFileStats> fileStats = new ArrayList<>();
    RunFileStats current = new RunFileStats();

    RunFiles(RollingFileWriter target) {
      this.target = target;
    }

    void write(Object[] row) {
      long seq = (Long) row[layout.sequenceIndex()];
      current.minSequence = Math.min(current.minSequence, seq);
      current.maxSequence = Math.max(current.maxSequence, seq);
      current.rows++;
      if (RowKind.fromValue((Byte) row[layout.kindIndex()]).isRetract()) {
        current.deletes++;
      }
      int closedBefore = target.closedFiles();
      target.write(row);
      if (target.closedFiles() > closedBefore) {
        closeFile();
      }
    }

    void closeFile() {
      if (current.rows > 0) {
        fileStats.add(current);
        current = new RunFileStats();
      }
    }

    /**
     * Closes the run's last file and adds the metadata of the target's files after the first {@code
     * seen} to {@code out}; returns how many files the target has written in all.
     */
    int finish(int seen, List<DataFileMeta> out) {
      List<WrittenFile> all = target.finish();
      closeFile();
      List<WrittenFile> newFiles = all.subList(seen, all.size());
      for (int i = 0; i < newFiles.size(); i++) {
        out.add(meta(newFiles.get(i), fileStats.get(i)));
      }
      return all.size();
    }
  }

  @Override
  public void abort() {
    buffer.clear();
    memory.unregister(this);
    files.abort();
    if (changelog != null) {
      changelog.abort();
    }
  }
}

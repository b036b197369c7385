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
 * Writes primary-key rows as level-0 files: buffers rows, sorts them by key (stable, so arrival
 * order decides between equal keys), keeps one record per key as the merge engine says, and numbers
 * records from the bucket's next sequence number. The task's writer flushes the buffer as one
 * sorted run whenever its buffers outgrow {@code write-buffer-size}, so memory stays bounded; the
 * runs overlap and are merged on read or by compaction.
 *
 * <p>With {@code changelog-producer} {@code input}, each flush also writes the whole buffer, sorted
 * by key but unmerged (every input record, retractions included), as changelog files beside the
 * data files: a key written twice in one flush has two changelog records and one data record.
 */
final class PrimaryKeyBucketWriter implements BucketWriter {

  private final RollingFileWriter files;

  /** Where the changelog goes ({@code changelog-producer} {@code input}); null for none. */
  private final RollingFileWriter changelog;

  private final List<DataFileMeta> changelogFiles = new ArrayList<>();
  private int changelogFilesSeen;
  private final KeyValueLayout layout;
  private final MergeFunction mergeFunction;
  private final long schemaId;
  private final List<Object[]> buffer = new ArrayList<>();
  private final List<DataFileMeta> flushed = new ArrayList<>();
  private final Clock clock;
  private final KeySort keySort;
  private final Comparator<Object[]> keyOrder;
  private long nextSequence;
  private int filesSeen;

  PrimaryKeyBucketWriter(
      RollingFileWriter files,
      RollingFileWriter changelog,
      KeyValueLayout layout,
      MergeFunction mergeFunction,
      long schemaId,
      long firstSequence,
      Clock clock) {
    this.clock = clock;
    this.files = files;
    this.changelog = changelog;
    this.layout = layout;
    this.mergeFunction = mergeFunction;
    this.schemaId = schemaId;
    this.nextSequence = firstSequence;
    this.keySort = new KeySort(layout.keyType());
    // File rows start with the key fields, so the key order compares them in place.
    this.keyOrder = ValueComparator.ofRow(layout.keyType());
  }

  @Override
  public void write(Object[] row, RowKind kind) {
    buffer.add(layout.toFileRow(row, nextSequence++, kind));
  }

  @Override
  public List<DataFileMeta> finish() {
    flush();
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
    return merged == null
        ? null
        : layout.toFileRow(merged.value(), merged.sequence(), merged.kind());
  }

  /** Adds the one record of a key's {@code group} (if the merge engine keeps one) and clears it. */
  private void keep(List<Object[]> group, List<Object[]> kept) {
    Object[] merged = merge(group);
    if (merged != null) {
      kept.add(merged);
    }
    group.clear();
  }

  /** Writes the buffer as one sorted run of files (several when it exceeds the target size). */
  @Override
  public void flush() {
    if (buffer.isEmpty()) {
      return;
    }
    int[] order = keySort.order(buffer);
    List<Object[]> kept = new ArrayList<>();
    List<Object[]> group = new ArrayList<>();
    for (int i = 0; i < order.length; i++) {
      Object[] row = buffer.get(order[i]);
      if (!group.isEmpty() && keyOrder.compare(group.get(0), row) != 0) {
        keep(group, kept);
      }
      group.add(row);
    }
    keep(group, kept);
    if (changelog != null) {
      List<Object[]> sorted = new ArrayList<>(order.length);
      for (int i : order) {
        sorted.add(buffer.get(i));
      }
      sorted.forEach(changelog::write);
      List<WrittenFile> all = changelog.finish();
      changelogFiles.addAll(metas(all.subList(changelogFilesSeen, all.size()), sorted));
      changelogFilesSeen = all.size();
    }
    buffer.clear();
    kept.forEach(files::write);
    List<WrittenFile> all = files.finish();
    flushed.addAll(metas(all.subList(filesSeen, all.size()), kept));
    filesSeen = all.size();
  }

  /** The metadata of {@code newFiles}, which hold {@code rows} in order. */
  private List<DataFileMeta> metas(List<WrittenFile> newFiles, List<Object[]> rows) {
    int keyArity = layout.keyArity();
    List<DataFileMeta> metas = new ArrayList<>();
    int offset = 0;
    for (WrittenFile f : newFiles) {
      List<Object[]> fileRows = rows.subList(offset, offset + (int) f.rowCount());
      offset += (int) f.rowCount();
      long minSeq = Long.MAX_VALUE;
      long maxSeq = Long.MIN_VALUE;
      long deletes = 0;
      for (Object[] row : fileRows) {
        long seq = (Long) row[layout.sequenceIndex()];
        minSeq = Math.min(minSeq, seq);
        maxSeq = Math.max(maxSeq, seq);
        if (RowKind.fromValue((Byte) row[layout.kindIndex()]).isRetract()) {
          deletes++;
        }
      }
      metas.add(
          DataFileMetaFactory.create(
              f,
              BinaryRowCodec.serialize(layout.keyType(), Arrays.copyOf(f.firstRow(), keyArity)),
              BinaryRowCodec.serialize(layout.keyType(), Arrays.copyOf(f.lastRow(), keyArity)),
              DataFileMetaFactory.stats(f.stats(), 0, layout.keyType()),
              DataFileMetaFactory.stats(f.stats(), layout.valueOffset(), layout.valueType()),
              minSeq,
              maxSeq,
              schemaId,
              deletes,
              FileSource.APPEND,
              clock));
    }
    return metas;
  }

  @Override
  public void abort() {
    buffer.clear();
    files.abort();
    if (changelog != null) {
      changelog.abort();
    }
  }
}

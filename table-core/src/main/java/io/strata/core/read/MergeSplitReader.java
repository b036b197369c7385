package io.strata.core.read;

import io.strata.core.data.ValueComparator;
import io.strata.core.deletion.DeletionVector;
import io.strata.core.deletion.DeletionVectorReader;
import io.strata.core.errors.CoreErrors;
import io.strata.core.format.CloseableIterator;
import io.strata.core.format.DataFileFormat;
import io.strata.core.format.ParquetRowReader;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.merge.KeyValue;
import io.strata.core.merge.KeyValueLayout;
import io.strata.core.merge.MergeFunction;
import io.strata.core.merge.MergeFunctions;
import io.strata.core.merge.RecordLevelExpiration;
import io.strata.core.merge.RowKind;
import io.strata.core.options.FileFormat;
import io.strata.core.options.MergeEngine;
import io.strata.core.options.TableOptions;
import io.strata.core.schema.TableSchema;
import io.strata.core.split.DataSplit;
import io.strata.core.store.FileStore;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypeRoot;
import io.strata.core.types.RowType;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.function.IntFunction;
import java.util.function.IntUnaryOperator;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Merge-on-read of one primary-key split: a k-way merge of the sorted files by (key, sequence
 * number). Per key the record with the highest sequence number wins ({@code deduplicate}) or the
 * lowest ({@code first-row}); a winning DELETE or UPDATE_BEFORE removes the key.
 */
public final class MergeSplitReader implements Iterator<Object[]>, Closeable {

  private final FileStore table;
  private final RowType readType;

  /** Rows are merged in this type: the read type, or the full row when merging needs it. */
  private final RowType mergeType;

  private final int[] projection;
  private final MergeFunction mergeFunction;
  private final Comparator<Object[]> keyOrder;
  private final PriorityQueue<Cursor> queue;
  private final List<Cursor> cursors = new ArrayList<>();
  private Object[] next;
  private final boolean lastWins;

  /**
   * Whether a key's rows above its lowest level above 0 are passed over ({@code
   * MergeFunctions.keepsSupersededRowsAboveLevelZero}).
   */
  private final boolean byLookup;

  /** The level of each record of the key being merged, with {@link #byLookup}; reused. */
  private int[] recordLevels = new int[8];

  private final int keyArity;

  /** Whether every file of the split has the table's schema (see {@link #asRead}). */
  private boolean allTableSchema;

  /** What a compaction passes over by {@code record-level.expire-time}; null when nothing. */
  private final RecordLevelExpiration expiration;

  private KeyValueLayout keyValueLayout;
  private boolean keepRetractions;
  private OlderRecords older;
  private ChangelogSink changelog;

  /** With {@link #producingFullCompactionChangelog}: the level whose rows are "before"; else -1. */
  private int fullChangelogLevel = -1;

  /** Whether winning records go out as read; decided at the first key, see {@link #asRead}. */
  private Boolean asRead;

  public MergeSplitReader(FileStore table, DataSplit split, RowType readType) {
    this(table, split, readType, vectorsOf(table, split), false, false);
  }

  /**
   * A compaction's reader whose files hide the rows of {@code deleted} (by file index in the split)
   * instead of the split's deletion files: a compaction's vectors may have changed since they were
   * written. Records expired by {@code record-level.expire-time} are passed over.
   */
  public MergeSplitReader(
      FileStore table, DataSplit split, RowType readType, IntFunction<DeletionVector> deleted) {
    this(table, split, readType, deleted, false, true);
  }

  /**
   * A compaction's reader of whole rows: records expired by {@code record-level.expire-time} are
   * passed over before they are merged, as Paimon's compactions do.
   */
  public static MergeSplitReader compacting(FileStore table, DataSplit split) {
    return new MergeSplitReader(
        table, split, table.schema().rowType(), vectorsOf(table, split), false, true);
  }

  /**
   * The reader of a compaction that writes its output as Parquet: whole key-value records (see
   * {@link #emittingKeyValues}), merged deletes kept when {@code keepDeletes}. When nothing of the
   * merge looks at values (a last-wins table whose files are all Parquet files of the table's
   * schema), string values stay the files' UTF-8 bytes from the file read to the file written,
   * instead of being decoded to strings and encoded again. Records expired by {@code
   * record-level.expire-time} are passed over.
   */
  public static MergeSplitReader compactingToParquet(
      FileStore table, DataSplit split, boolean keepDeletes) {
    MergeSplitReader reader =
        new MergeSplitReader(
            table, split, table.schema().rowType(), vectorsOf(table, split), true, true);
    return keepDeletes ? reader.emittingKeyValuesAndDeletes() : reader.emittingKeyValues();
  }

  private MergeSplitReader(
      FileStore table,
      DataSplit split,
      RowType readType,
      IntFunction<DeletionVector> deleted,
      boolean parquetOutput,
      boolean compacting) {
    this.table = table;
    this.expiration =
        compacting
            ? RecordLevelExpiration.of(
                table.options(), table.schema().rowType(), System.currentTimeMillis())
            : null;
    this.readType = readType;
    this.mergeFunction =
        MergeFunctions.of(
            table.schema().rowType(), table.schema().primaryKeys(), table.schema().options());
    this.lastWins =
        table.options().get(TableOptions.MERGE_ENGINE) == MergeEngine.DEDUPLICATE
            && table.options().get(TableOptions.SEQUENCE_FIELD) == null
            && !table.options().get(TableOptions.IGNORE_DELETE);
    this.byLookup = MergeFunctions.keepsSupersededRowsAboveLevelZero(table.options());
    // Field-wise engines and sequence.field read whole rows; the last-wins engine needs none.
    this.mergeType = lastWins ? readType : table.schema().rowType();
    this.projection = projection(mergeType, readType);
    KeyValueLayout layout =
        new KeyValueLayout(table.schema().trimmedPrimaryKeyType(), table.schema().rowType());
    this.keyOrder = ValueComparator.ofRow(layout.keyType());
    this.keyArity = layout.keyArity();
    this.queue =
        new PriorityQueue<>(
            (a, b) -> {
              int c = keyOrder.compare(a.key(), b.key());
              return c != 0 ? c : Long.compare(a.sequence(), b.sequence());
            });
    Set<Integer> encodedStrings =
        parquetOutput
                && lastWins
                && readType.equals(table.schema().rowType())
                && allParquetOfTable(split)
            ? stringFieldIds(readType)
            : Set.of();
    this.allTableSchema = allOfTableSchema(split);
    try {
      // One cursor per sorted run, whose files are opened one after the other as it reaches them.
      for (List<Integer> run : SortedRuns.of(split.files(), layout.keyType())) {
        Cursor c =
            new Cursor(
                run,
                i -> open(split, split.files().get(i), encodedStrings),
                deleted,
                i -> split.files().get(i).level(),
                expiration);
        cursors.add(c);
        if (c.advance()) {
          queue.add(c);
        }
      }
    } catch (RuntimeException e) {
      closeQuietly();
      throw e;
    }
  }

  private boolean allParquetOfTable(DataSplit split) {
    for (DataFileMeta f : split.files()) {
      if (f.schemaId() != table.schema().id()
          || DataFileFormat.formatOf(f.fileName()) != FileFormat.PARQUET) {
        return false;
      }
    }
    return true;
  }

  /** The ids of the top-level string fields of {@code type}. */
  private static Set<Integer> stringFieldIds(RowType type) {
    Set<Integer> ids = new HashSet<>();
    for (DataField f : type.fields()) {
      if (f.type().root() == DataTypeRoot.VARCHAR || f.type().root() == DataTypeRoot.CHAR) {
        ids.add(f.id());
      }
    }
    return ids;
  }

  private static IntFunction<DeletionVector> vectorsOf(FileStore table, DataSplit split) {
    DeletionVectorReader reader = new DeletionVectorReader(table.fileIO());
    return i -> reader.read(split.deletionFile(i));
  }

  /**
   * Merges each key's records after the key's older record that {@code older} finds outside the
   * split (a deletion-vector compaction's lookup in higher levels), so the merge engine sees the
   * old row as merge-on-read would; keys must then be read in order, which they are.
   */
  public MergeSplitReader withOlderRecords(OlderRecords older) {
    this.older = older;
    return this;
  }

  /** Finds the record a key had before the merged files, or null. */
  @FunctionalInterface
  public interface OlderRecords {
    KeyValue find(Object[] key) throws IOException;
  }

  /**
   * Hands {@code sink} each key whose merge took level-0 records: the key's record before them (its
   * newest above level 0 in the merged files, else the one {@link #withOlderRecords} found, else
   * null) and the merged record (null when the merge engine kept nothing). The older record is then
   * looked up only for keys without a record above level 0, as Paimon's lookup compaction does. For
   * {@code changelog-producer} {@code lookup}.
   */
  public MergeSplitReader producingChangelog(ChangelogSink sink) {
    this.changelog = sink;
    return this;
  }

  /**
   * Hands {@code sink} each key of a compaction into {@code maxLevel}, as Paimon's full-compaction
   * changelog does: the key's record of {@code maxLevel} (or null) and the merged record. A key
   * whose only record is of {@code maxLevel} did not change and is not handed over. For {@code
   * changelog-producer} {@code full-compaction}.
   */
  public MergeSplitReader producingFullCompactionChangelog(int maxLevel, ChangelogSink sink) {
    this.changelog = sink;
    this.fullChangelogLevel = maxLevel;
    return this;
  }

  /** Receives a key's record before a compaction's level-0 records and after them. */
  @FunctionalInterface
  public interface ChangelogSink {
    void accept(KeyValue before, KeyValue after) throws IOException;
  }

  private FileRead open(DataSplit split, DataFileMeta file, Set<Integer> encodedStrings) {
    TableSchema fileSchema =
        file.schemaId() == table.schema().id()
            ? table.schema()
            : table.schemaManager().schema(file.schemaId());
    KeyValueLayout fileLayout =
        new KeyValueLayout(fileSchema.trimmedPrimaryKeyType(), fileSchema.rowType());
    FieldMapping mapping = FieldMapping.of(fileSchema.fields(), mergeType);
    List<DataField> requested =
        new ArrayList<>(fileLayout.fileType().fields().subList(0, fileLayout.valueOffset()));
    requested.addAll(mapping.requested());
    int[] keyValueColumns = keyValueColumns(fileSchema, fileLayout, requested);
    int timeColumn = -1;
    for (int j = fileLayout.valueOffset(); expiration != null && j < requested.size(); j++) {
      if (requested.get(j).id() == expiration.fieldId()) {
        timeColumn = j;
      }
    }
    Path path =
        table
            .dataFilePaths()
            .of(split.partition(), split.bucket(), file.fileName(), file.externalPath());
    CloseableIterator<Object[]> reader;
    try {
      FileSystem fs = table.fileIO().fileSystem(path);
      reader =
          encodedStrings.isEmpty()
              ? DataFileFormat.ofFile(file.fileName())
                  .open(fs, path, file.fileSize(), new RowType(requested))
              : ParquetRowReader.openEncodingStrings(
                  fs, path, file.fileSize(), new RowType(requested), encodedStrings);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new FileRead(
        reader,
        fileSchema == table.schema(),
        mapping,
        fileLayout.valueOffset(),
        fileLayout.sequenceIndex(),
        fileLayout.kindIndex(),
        keyValueColumns,
        timeColumn);
  }

  /**
   * Where each key's value column sits in the requested row, requesting those the read lacks. A
   * file written with {@code data-file.thin-mode} has no {@code _KEY_} columns (they read NULL, and
   * keys are never NULL): its keys are the value columns with the same field ids.
   */
  private static int[] keyValueColumns(
      TableSchema fileSchema, KeyValueLayout fileLayout, List<DataField> requested) {
    int[] positions = new int[fileLayout.keyArity()];
    for (int i = 0; i < positions.length; i++) {
      int id = fileLayout.keyType().field(i).id();
      positions[i] = -1;
      for (int j = fileLayout.valueOffset(); j < requested.size(); j++) {
        if (requested.get(j).id() == id) {
          positions[i] = j;
        }
      }
      if (positions[i] < 0) {
        positions[i] = requested.size();
        for (DataField f : fileSchema.fields()) {
          if (f.id() == id) {
            requested.add(f);
          }
        }
      }
    }
    return positions;
  }

  /**
   * Like {@link #emittingKeyValues()} but keeps merged deletes: a compaction whose output lands
   * above older files must carry them down to those files.
   */
  public MergeSplitReader emittingKeyValuesAndDeletes() {
    this.keepRetractions = true;
    return emittingKeyValues();
  }

  /**
   * Makes the reader return whole key-value records (keys, sequence number, kind, then {@code
   * readType} values) as compaction writes them; readType must be the full table row. Deleted keys
   * are dropped (the compaction output is the bucket's oldest data).
   */
  public MergeSplitReader emittingKeyValues() {
    this.keyValueLayout = new KeyValueLayout(table.schema().trimmedPrimaryKeyType(), readType);
    return this;
  }

  @Override
  public boolean hasNext() {
    try {
      while (next == null && !queue.isEmpty()) {
        next = mergeOneKey();
      }
      return next != null;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Consumes every record of the smallest key; the surviving row or null. */
  private Object[] mergeOneKey() throws IOException {
    if (asRead == null) {
      asRead = asRead();
    }
    if (asRead) {
      return lastRecordOfKey();
    }
    Cursor head = queue.poll();
    Object[] key = Arrays.copyOf(head.key(), keyArity);
    List<KeyValue> records = new ArrayList<>();
    int aboveLevelZero = 0;
    boolean tracksLevels = byLookup || changelog != null;
    Cursor c = head;
    do {
      if (tracksLevels) {
        if (records.size() == recordLevels.length) {
          recordLevels = Arrays.copyOf(recordLevels, records.size() * 2);
        }
        recordLevels[records.size()] = c.level;
        aboveLevelZero += c.level > 0 ? 1 : 0;
      }
      records.add(record(c));
      advanceAndRequeue(c);
      c = !queue.isEmpty() && keyOrder.compare(queue.peek().key(), key) == 0 ? queue.poll() : null;
    } while (c != null);
    boolean changed;
    KeyValue before;
    if (fullChangelogLevel >= 0) {
      before = recordOfLevel(records, recordLevels, fullChangelogLevel);
      changed = records.size() > 1 || before == null;
    } else {
      changed = tracksLevels && aboveLevelZero < records.size();
      before = changelog == null ? null : newestAboveLevelZeroRecord(records, recordLevels);
    }
    if (byLookup && aboveLevelZero > 1) {
      records = newestAboveLevelZero(records, recordLevels);
    }
    // A lookup merge takes the key's row outside the merged files only when none of them holds a
    // row above level 0: that row, newer than anything outside, already holds it.
    if (older != null && (aboveLevelZero == 0 || !(byLookup || changelog != null))) {
      KeyValue old = older.find(key);
      if (old != null) {
        records.add(0, old);
        before = before == null ? old : before;
      }
    }
    if (before != null) {
      // Merge engines may build their result in the first record's array.
      before = new KeyValue(before.sequence(), before.kind(), before.value().clone());
    }
    KeyValue merged = mergeFunction.merge(records);
    if (changelog != null && changed) {
      changelog.accept(before, merged);
    }
    if (merged == null || (merged.kind().isRetract() && !keepRetractions)) {
      return null;
    }
    Object[] row = project(merged.value());
    if (keyValueLayout != null) {
      return keyValueLayout.toFileRow(row, merged.sequence(), merged.kind());
    }
    return row;
  }

  /** The key's record of {@code level}, or null. */
  private static KeyValue recordOfLevel(List<KeyValue> records, int[] levels, int level) {
    for (int i = 0; i < records.size(); i++) {
      if (levels[i] == level) {
        return records.get(i);
      }
    }
    return null;
  }

  /** The record of the key's lowest level above 0 (its newest there), or null. */
  private static KeyValue newestAboveLevelZeroRecord(List<KeyValue> records, int[] levels) {
    KeyValue newest = null;
    int newestLevel = Integer.MAX_VALUE;
    for (int i = 0; i < records.size(); i++) {
      if (levels[i] > 0 && levels[i] < newestLevel) {
        newest = records.get(i);
        newestLevel = levels[i];
      }
    }
    return newest;
  }

  /**
   * The key's records of level 0 and of its lowest level above 0, in their order ({@code levels}
   * holds each record's level): a lookup merge wrote into that row what higher levels hold.
   */
  private static List<KeyValue> newestAboveLevelZero(List<KeyValue> records, int[] levels) {
    int newest = Integer.MAX_VALUE;
    for (int i = 0; i < records.size(); i++) {
      if (levels[i] > 0) {
        newest = Math.min(newest, levels[i]);
      }
    }
    List<KeyValue> kept = new ArrayList<>(records.size());
    for (int i = 0; i < records.size(); i++) {
      int level = levels[i];
      if (level <= 0 || level == newest) {
        kept.add(records.get(i));
      }
    }
    return kept;
  }

  /**
   * A compaction of a last-wins table whose files all have the table's schema: the winning record
   * of a key is then already a row of the output file, which goes out as read instead of being
   * converted to a table row and back (most of a compaction's allocations otherwise).
   */
  private boolean asRead() {
    if (keyValueLayout == null
        || older != null
        || changelog != null
        || !lastWins
        || projection != null) {
      return false;
    }
    return allTableSchema;
  }

  private boolean allOfTableSchema(DataSplit split) {
    for (DataFileMeta f : split.files()) {
      if (f.schemaId() != table.schema().id()) {
        return false;
      }
    }
    return true;
  }

  /** {@link #mergeOneKey} of {@link #asRead}: the record with the highest sequence number wins. */
  private Object[] lastRecordOfKey() throws IOException {
    Cursor head = queue.poll();
    Object[] winner = head.fileRow();
    advanceAndRequeue(head);
    while (!queue.isEmpty() && keyOrder.compare(queue.peek().key(), winner) == 0) {
      Cursor c = queue.poll();
      winner = c.fileRow();
      advanceAndRequeue(c);
    }
    boolean retract = RowKind.fromValue((Byte) winner[keyValueLayout.kindIndex()]).isRetract();
    return retract && !keepRetractions ? null : winner;
  }

  private KeyValue record(Cursor c) {
    return new KeyValue(c.sequence(), RowKind.fromValue((byte) c.kind()), c.toReadRow(c.row()));
  }

  private Object[] project(Object[] merged) {
    if (projection == null) {
      return merged;
    }
    Object[] row = new Object[projection.length];
    for (int i = 0; i < row.length; i++) {
      row[i] = merged[projection[i]];
    }
    return row;
  }

  /** Positions of the read fields in the merge type, by id; null when they are the same. */
  private static int[] projection(RowType mergeType, RowType readType) {
    if (mergeType == readType) {
      return null;
    }
    int[] positions = new int[readType.size()];
    for (int i = 0; i < positions.length; i++) {
      int id = readType.field(i).id();
      positions[i] = -1;
      for (int j = 0; j < mergeType.size(); j++) {
        if (mergeType.field(j).id() == id) {
          positions[i] = j;
        }
      }
      if (positions[i] < 0) {
        throw CoreErrors.readFieldNotInTable(readType.field(i).name(), id, mergeType.fieldNames());
      }
    }
    return positions;
  }

  private void advanceAndRequeue(Cursor c) throws IOException {
    if (c.advance()) {
      queue.add(c);
    }
  }

  @Override
  public Object[] next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    Object[] row = next;
    next = null;
    return row;
  }

  @Override
  public void close() throws IOException {
    closeQuietly();
  }

  private void closeQuietly() {
    for (Cursor c : cursors) {
      c.closeFile();
    }
  }

  /** How one file of the split is read: its rows and where its key-value columns are. */
  private record FileRead(
      CloseableIterator<Object[]> reader,
      boolean tableSchema,
      FieldMapping mapping,
      int valueOffset,
      int sequenceIndex,
      int kindIndex,
      int[] keyValueColumns,
      int timeColumn) {}

  /**
   * The current record of one sorted run, whose files (positions in the split, in key order) are
   * opened one after the other; a file read to its end is closed before the next is opened.
   */
  private static final class Cursor {
    private final List<Integer> files;
    private final IntFunction<FileRead> opener;
    private final IntFunction<DeletionVector> deletions;
    private final IntUnaryOperator levels;

    /** Records to pass over by their time (a compaction's), or null. */
    private final RecordLevelExpiration expiration;

    private int nextFile;
    private FileRead file;
    private Object[] row;
    private Object[] key;

    /** Rows of the current file that a deletion vector hides; their positions count from 0. */
    private DeletionVector deleted = DeletionVector.EMPTY;

    /** The current file's LSM level. */
    private int level;

    private long position;

    Cursor(
        List<Integer> files,
        IntFunction<FileRead> opener,
        IntFunction<DeletionVector> deletions,
        IntUnaryOperator levels,
        RecordLevelExpiration expiration) {
      this.files = files;
      this.opener = opener;
      this.deletions = deletions;
      this.levels = levels;
      this.expiration = expiration;
    }

    boolean advance() {
      while (true) {
        if (file != null) {
          CloseableIterator<Object[]> reader = file.reader();
          while (reader.hasNext()) {
            row = reader.next();
            if (!deleted.isDeleted(position++) && !expired()) {
              fillKey();
              return true;
            }
          }
          closeFile();
        }
        if (nextFile == files.size()) {
          return false;
        }
        int index = files.get(nextFile++);
        deleted = deletions.apply(index);
        level = levels.applyAsInt(index);
        position = 0;
        file = opener.apply(index);
      }
    }

    private boolean expired() {
      int column = file.timeColumn();
      return expiration != null && column >= 0 && expiration.expired(row[column]);
    }

    /**
     * The key columns lead the row; comparisons read only them. A thin-mode file has none (they
     * read NULL), so its keys are copied from the value columns.
     */
    private void fillKey() {
      int[] keyValueColumns = file.keyValueColumns();
      key = row;
      for (int i = 0; i < keyValueColumns.length; i++) {
        if (row[i] == null) {
          if (key == row) {
            key = Arrays.copyOf(row, keyValueColumns.length);
          }
          key[i] = row[keyValueColumns[i]];
        }
      }
    }

    void closeFile() {
      if (file != null) {
        try {
          file.reader().close();
        } catch (IOException ignored) {
          // Closing a read-only file cannot lose data.
        }
        file = null;
      }
    }

    /** The current row with its key columns filled (thin-mode files leave them NULL). */
    Object[] fileRow() {
      if (key != row) {
        System.arraycopy(key, 0, row, 0, file.keyValueColumns().length);
      }
      return row;
    }

    /** The read row of a record this cursor returned (converted to the read schema). */
    Object[] toReadRow(Object[] fileRow) {
      return file.mapping().map(fileRow, file.valueOffset());
    }

    Object[] row() {
      return row;
    }

    Object[] key() {
      return key;
    }

    long sequence() {
      return (Long) row[file.sequenceIndex()];
    }

    int kind() {
      return (Byte) row[file.kindIndex()];
    }
  }
}

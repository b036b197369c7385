package io.strata.core.read;

import io.strata.core.format.CloseableIterator;
import io.strata.core.format.ColumnBatch;
import io.strata.core.format.DataFileFormat;
import io.strata.core.format.ParquetBatchReader;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.merge.KeyValueLayout;
import io.strata.core.merge.RecordLevelExpiration;
import io.strata.core.merge.RowKind;
import io.strata.core.options.FileFormat;
import io.strata.core.options.MergeEngine;
import io.strata.core.options.TableOptions;
import io.strata.core.split.DataSplit;
import io.strata.core.store.FileStore;
import io.strata.core.types.AtomicType;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypeRoot;
import io.strata.core.types.RowType;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.PriorityQueue;
import org.apache.hadoop.fs.Path;

/**
 * The merge of a split of a table that keeps one whole record per key ({@code deduplicate}: the
 * highest sequence number wins; {@code first-row}: the lowest that is not a retraction) whose files
 * are all Parquet files of the table's schema with flat columns, over column batches: the winning
 * record goes from the batch it was read into straight to a compaction's output file, or becomes
 * the one row object a merge read returns for the key. No value is boxed and no row object is made
 * for a record that loses, which is most of what a record-by-record merge allocates.
 *
 * <p>A record is used (written, or copied into a row) before the next one is read, so each file's
 * reader fills two batches in turn: the record just taken stays valid while its file moves on to
 * the next batch.
 */
public final class DeduplicatingBatchMerge implements Closeable {

  /**
   * Rows per batch: up to 4096, fewer for wide rows, so that a file's two batches stay near 600 KB
   * however many files a compaction merges.
   */
  private static int batchRows(int columns) {
    return Math.max(64, Math.min(4096, 32768 / Math.max(1, columns)));
  }

  private final List<RunCursor> cursors;
  private final PriorityQueue<RunCursor> queue;
  private final int keyArity;
  private final int kindIndex;
  private final int valueOffset;
  private final RowType fileType;
  private final boolean keepRetractions;

  /** Whether the key's first record wins ({@code first-row}) rather than its last. */
  private final boolean firstWins;

  /** Whether the last record taken has more records of its key after it. */
  private boolean continuing;

  /** With {@link #firstWins}: whether the current key's record was returned already. */
  private boolean resolved;

  /** A cursor known to be at or below every cursor in {@link #queue}, kept out of it. */
  private RunCursor held;

  private ColumnBatch batch;
  private int row;

  private DeduplicatingBatchMerge(
      List<RunCursor> cursors, KeyValueLayout layout, boolean firstWins, boolean keepRetractions) {
    this.cursors = cursors;
    this.firstWins = firstWins;
    this.keyArity = layout.keyArity();
    this.kindIndex = layout.kindIndex();
    this.valueOffset = layout.valueOffset();
    this.fileType = layout.fileType();
    this.keepRetractions = keepRetractions;
    this.queue = new PriorityQueue<>(Math.max(1, cursors.size()), this::compare);
    for (RunCursor c : cursors) {
      if (c.advance()) {
        queue.add(c);
      }
    }
  }

  /**
   * The merge of {@code split}'s files as whole key-value records (keys, sequence number, kind, the
   * table's values), as a compaction writes them, or null when the files or the table are not of
   * the kind it reads (the caller then merges record by record).
   */
  public static DeduplicatingBatchMerge open(
      FileStore table, DataSplit split, boolean keepRetractions) throws IOException {
    return open(table, split, table.schema().rowType(), keepRetractions, null);
  }

  /**
   * {@link #open(FileStore, DataSplit, boolean)} for a compaction: records expired by {@code
   * record-level.expire-time} are passed over before they are merged, as Paimon's compactions do.
   */
  public static DeduplicatingBatchMerge openCompacting(
      FileStore table, DataSplit split, boolean keepRetractions) throws IOException {
    RecordLevelExpiration expiration =
        RecordLevelExpiration.of(
            table.options(), table.schema().rowType(), System.currentTimeMillis());
    return open(table, split, table.schema().rowType(), keepRetractions, expiration);
  }

  /**
   * The merge of {@code split}'s files reading the values of {@code valueType} (fields of the
   * table's row type) after the keys, sequence number and kind; null as above.
   */
  public static DeduplicatingBatchMerge open(
      FileStore table, DataSplit split, RowType valueType, boolean keepRetractions)
      throws IOException {
    return open(table, split, valueType, keepRetractions, null);
  }

  private static DeduplicatingBatchMerge open(
      FileStore table,
      DataSplit split,
      RowType valueType,
      boolean keepRetractions,
      RecordLevelExpiration expiration)
      throws IOException {
    MergeEngine engine = table.options().get(TableOptions.MERGE_ENGINE);
    boolean firstRow = engine == MergeEngine.FIRST_ROW;
    boolean lastWins =
        engine == MergeEngine.DEDUPLICATE && !table.options().get(TableOptions.IGNORE_DELETE);
    if (!table.schema().hasPrimaryKey()
        || !(firstRow || lastWins)
        || table.options().get(TableOptions.SEQUENCE_FIELD) != null
        || split.hasDeletionFiles()) {
      return null;
    }
    for (DataFileMeta f : split.files()) {
      if (f.schemaId() != table.schema().id()
          || DataFileFormat.formatOf(f.fileName()) != FileFormat.PARQUET) {
        return null;
      }
    }
    if (!fieldsOfTable(valueType, table.schema().rowType())) {
      return null;
    }
    KeyValueLayout layout = new KeyValueLayout(table.schema().trimmedPrimaryKeyType(), valueType);
    ColumnBatch.Kind[] kinds = ColumnBatch.kindsOf(layout.fileType());
    if (kinds == null || !ColumnBatch.comparableLeading(kinds, layout.keyArity())) {
      return null;
    }
    List<RunCursor> cursors = new ArrayList<>();
    for (List<DataFileMeta> run : sortedRuns(split.files(), layout.keyType())) {
      List<ParquetBatchReader.Checked> files = new ArrayList<>();
      for (DataFileMeta f : run) {
        Path path =
            table
                .dataFilePaths()
                .of(split.partition(), split.bucket(), f.fileName(), f.externalPath());
        // Only the footer is read here: a file is opened when its run reaches it.
        ParquetBatchReader.Checked file =
            ParquetBatchReader.check(
                table.fileIO().fileSystem(path), path, f.fileSize(), layout.fileType());
        if (file == null) {
          return null;
        }
        files.add(file);
      }
      cursors.add(new RunCursor(files, kinds, layout, cursors.size(), expired(layout, expiration)));
    }
    try {
      return new DeduplicatingBatchMerge(cursors, layout, firstRow, keepRetractions);
    } catch (RuntimeException e) {
      // Priming opened the first file of each run up to the one that failed.
      cursors.forEach(RunCursor::closeCurrent);
      throw e;
    }
  }

  /**
   * Which rows of a batch of {@code layout} hold a record {@code expiration} expired (a non-NULL
   * time); null when nothing expires.
   */
  private static RowsOfBatch expired(KeyValueLayout layout, RecordLevelExpiration expiration) {
    if (expiration == null) {
      return null;
    }
    RowType fileType = layout.fileType();
    for (int c = layout.valueOffset(); c < fileType.size(); c++) {
      DataField f = fileType.field(c);
      if (f.id() == expiration.fieldId()) {
        int column = c;
        DataTypeRoot root = f.type().root();
        int precision = f.type() instanceof AtomicType a ? a.precision() : 0;
        return (batch, row) ->
            !batch.isNull(column, row)
                && expiration.expired(root, precision, batch.getLong(column, row));
      }
    }
    return null;
  }

  /** A test of one row of a column batch. */
  @FunctionalInterface
  private interface RowsOfBatch {
    boolean test(ColumnBatch batch, int row);
  }

  /** The files grouped into sorted runs ({@link SortedRuns}), each run in key order. */
  public static List<List<DataFileMeta>> sortedRuns(List<DataFileMeta> files, RowType keyType) {
    List<List<DataFileMeta>> runs = new ArrayList<>();
    for (List<Integer> run : SortedRuns.of(files, keyType)) {
      runs.add(run.stream().map(files::get).toList());
    }
    return runs;
  }

  /**
   * The merged rows of {@code split} in {@code readType} (fields of the table's row type), deleted
   * keys left out, as {@link MergeSplitReader} returns them; null when the batch merge cannot read
   * the split.
   */
  public static CloseableIterator<Object[]> rows(FileStore table, DataSplit split, RowType readType)
      throws IOException {
    DeduplicatingBatchMerge merge = open(table, split, readType, false);
    if (merge == null) {
      return null;
    }
    return new CloseableIterator<>() {
      private boolean ready;
      private boolean more = true;

      @Override
      public boolean hasNext() {
        if (!ready && more) {
          more = merge.next();
          ready = true;
        }
        return more;
      }

      @Override
      public Object[] next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        ready = false;
        return merge.batch.toObjects(merge.row, merge.valueOffset);
      }

      @Override
      public void close() throws IOException {
        merge.close();
      }
    };
  }

  private static boolean fieldsOfTable(RowType fields, RowType table) {
    for (DataField f : fields.fields()) {
      boolean found = false;
      for (DataField t : table.fields()) {
        found |= t.id() == f.id() && t.name().equals(f.name()) && t.type().equals(f.type());
      }
      if (!found) {
        return false;
      }
    }
    return true;
  }

  /**
   * Moves to the next surviving record; false at the end. Records go out in key order; a key's
   * record survives when no record of the same key has a higher sequence number, and, unless
   * retractions are kept, when it is not a retraction.
   */
  public boolean next() {
    while (true) {
      RunCursor head = held != null ? held : queue.poll();
      held = null;
      if (head == null) {
        return false;
      }
      ColumnBatch taken = head.batch;
      int takenRow = head.row;
      if (head.advance()) {
        RunCursor top = queue.peek();
        if (top == null || compare(head, top) < 0) {
          held = head;
        } else {
          queue.add(head);
        }
      }
      RunCursor following = held != null ? held : queue.peek();
      boolean moreOfKey =
          following != null
              && taken.compareLeading(takenRow, following.batch, following.row, keyArity) == 0;
      boolean firstOfKey = !continuing;
      continuing = moreOfKey;
      boolean retract = RowKind.fromValue((byte) taken.getLong(kindIndex, takenRow)).isRetract();
      if (firstWins) {
        // The key's first record that is not a retraction wins; a key's only record goes on as
        // it is (a lone retraction too), as the record-by-record merge passes it.
        if (firstOfKey) {
          resolved = false;
        }
        if (resolved) {
          continue;
        }
        if (retract && !(firstOfKey && !moreOfKey && keepRetractions)) {
          continue;
        }
        resolved = true;
      } else if (moreOfKey || (retract && !keepRetractions)) {
        continue; // a newer record of the key follows, or the key is deleted
      }
      batch = taken;
      row = takenRow;
      return true;
    }
  }

  /**
   * The columns (by name) for which no file of the merge holds a dictionary page: their values were
   * too many for a dictionary in every file.
   */
  public List<String> columnsWithoutDictionaryPages() {
    List<String> columns = new ArrayList<>();
    for (int c = 0; c < fileType.size(); c++) {
      boolean anyDictionary = false;
      for (RunCursor cursor : cursors) {
        for (ParquetBatchReader.Checked file : cursor.files) {
          anyDictionary |= file.hasDictionaryPages(c);
        }
      }
      if (!anyDictionary) {
        columns.add(fileType.field(c).name());
      }
    }
    return columns;
  }

  /** The batch holding the current record, valid until the next call of {@link #next}. */
  public ColumnBatch batch() {
    return batch;
  }

  /** The current record's row in {@link #batch()}. */
  public int row() {
    return row;
  }

  /** By key, then sequence number, then file (a file's records never tie on both). */
  private int compare(RunCursor a, RunCursor b) {
    int c = a.batch.compareLeading(a.row, b.batch, b.row, keyArity);
    if (c != 0) {
      return c;
    }
    c = Long.compare(a.sequence(), b.sequence());
    return c != 0 ? c : Integer.compare(a.index, b.index);
  }

  @Override
  public void close() throws IOException {
    for (RunCursor c : cursors) {
      c.closeCurrent();
    }
  }

  /**
   * One sorted run's files, read one after the other (one open at a time), and the record the run
   * is at.
   */
  private static final class RunCursor {
    private final List<ParquetBatchReader.Checked> files;
    private final ColumnBatch[] batches;
    private final List<String> keyNames;
    private final int sequenceIndex;
    private final int index;

    /** The rows passed over as they are read (records expired by their time), or null. */
    private final RowsOfBatch passedOver;

    private int file;
    private ParquetBatchReader reader;
    private int filled;
    private ColumnBatch batch;
    private int row;

    RunCursor(
        List<ParquetBatchReader.Checked> files,
        ColumnBatch.Kind[] kinds,
        KeyValueLayout layout,
        int index,
        RowsOfBatch passedOver) {
      this.files = files;
      this.passedOver = passedOver;
      this.batches =
          new ColumnBatch[] {
            new ColumnBatch(layout.fileType(), batchRows(kinds.length)),
            new ColumnBatch(layout.fileType(), batchRows(kinds.length))
          };
      this.keyNames = layout.fileType().fieldNames().subList(0, layout.keyArity());
      this.sequenceIndex = layout.sequenceIndex();
      this.index = index;
    }

    /**
     * Moves to the next record; false at the end of the run. A file read to its end is closed
     * before the next one opens, so its last row group's pages go before the next file's are read.
     */
    boolean advance() {
      if (batch != null && ++row < batch.size()) {
        return true;
      }
      ColumnBatch next = batches[filled++ & 1];
      while (file < files.size()) {
        if (reader == null) {
          try {
            reader = files.get(file).open();
          } catch (IOException e) {
            throw new UncheckedIOException("Cannot open " + files.get(file).path(), e);
          }
        }
        if (reader.next(next)) {
          checkKeys(next);
          if (passedOver != null) {
            // In place: the other buffer may hold the row the merge took last.
            next.retainRows(r -> !passedOver.test(next, r));
            if (next.size() == 0) {
              continue;
            }
          }
          batch = next;
          row = 0;
          return true;
        }
        closeCurrent();
        file++;
      }
      return false;
    }

    void closeCurrent() {
      if (reader != null) {
        try {
          reader.close();
        } catch (IOException ignored) {
          // Closing a read-only file cannot lose data.
        }
        reader = null;
      }
    }

    /** Keys are never NULL in a file of the table's schema; the merge relies on it. */
    private void checkKeys(ColumnBatch b) {
      for (int c = 0; c < keyNames.size(); c++) {
        for (int r = 0; r < b.size(); r++) {
          if (b.isNull(c, r)) {
            throw new IllegalStateException(
                "Data file "
                    + files.get(file).path()
                    + " holds a NULL in its key column "
                    + keyNames.get(c)
                    + "; primary keys are never NULL, so the file is damaged.");
          }
        }
      }
    }

    long sequence() {
      return batch.getLong(sequenceIndex, row);
    }
  }
}

package io.strata.core.write;

import io.strata.core.data.BinaryRow;
import io.strata.core.data.BinaryRowCodec;
import io.strata.core.format.ColumnBatch;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.FileSource;
import io.strata.core.manifest.SimpleStats;
import io.strata.core.merge.KeyValueLayout;
import io.strata.core.merge.RowKind;
import io.strata.core.options.FileFormat;
import io.strata.core.read.DeduplicatingBatchMerge;
import io.strata.core.store.FileStore;
import io.strata.core.types.DataField;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;

/** Writes the output files of a compaction into one bucket. */
public final class CompactionRewriter {

  private final FileStore table;
  private final WriteSettings settings;
  private final DataFileNames names = DataFileNames.dataFiles();
  private final DataFileNames changelogNames = DataFileNames.changelogFiles();

  public CompactionRewriter(FileStore table) {
    this.table = table;
    this.settings = WriteSettings.of(table.options(), table.schema().hasPrimaryKey());
  }

  /** Whether output files at {@code level} are Parquet files. */
  boolean writesParquetAt(int level) {
    return settings.formatAt(level) == FileFormat.PARQUET;
  }

  /** Output files at {@code level}, in that level's format. */
  private RollingFileWriter files(
      BucketId bucket,
      RowType type,
      int level,
      List<String> withoutDictionary,
      DataFileNames fileNames) {
    FileFormat format = settings.formatAt(level);
    return new RollingFileWriter(
        table.fileIO(),
        table.dataFilePaths().bucketDir(bucket.partition(), bucket.bucket()),
        type,
        format,
        fileNames.of(format),
        settings,
        withoutDictionary);
  }

  /**
   * The changelog files of a compaction whose output lands at {@code level}: key-value records with
   * their row kinds, in that level's format, counted as appended files at that level, as Paimon's
   * lookup compaction writes them.
   */
  ChangelogFiles changelogFiles(BucketId bucket, int level) {
    return new ChangelogFiles(
        new KeyValueFiles(bucket, level, List.of(), changelogNames, FileSource.APPEND));
  }

  /** Changelog records written as they come, with each file's metadata at the end. */
  static final class ChangelogFiles {
    private final KeyValueFiles files;

    private ChangelogFiles(KeyValueFiles files) {
      this.files = files;
    }

    KeyValueLayout layout() {
      return files.layout;
    }

    void write(Object[] fileRow) {
      files.adding(
          (Long) fileRow[files.layout.sequenceIndex()],
          RowKind.fromValue((Byte) fileRow[files.layout.kindIndex()]).isRetract());
      files.writer.write(fileRow);
      files.added();
    }

    List<DataFileMeta> finish() {
      return files.finish();
    }

    void abort() {
      files.writer.abort();
    }
  }

  /**
   * Writes sorted, merged key-value records (keys, sequence, kind, values) at {@code level}.
   * Streams: each file's sequence range and retractions are gathered as its rows are written, so a
   * bucket of any size is rewritten in the memory of one open file.
   */
  public List<DataFileMeta> writeKeyValues(BucketId bucket, Iterator<Object[]> records, int level) {
    KeyValueFiles files = new KeyValueFiles(bucket, level, List.of(), names, FileSource.COMPACT);
    try {
      while (records.hasNext()) {
        Object[] r = records.next();
        files.adding(
            (Long) r[files.layout.sequenceIndex()],
            RowKind.fromValue((Byte) r[files.layout.kindIndex()]).isRetract());
        files.writer.write(r);
        files.added();
      }
      return files.finish();
    } catch (RuntimeException e) {
      files.writer.abort();
      throw e;
    }
  }

  /** {@link #writeKeyValues(BucketId, Iterator, int)} of the records of a batch merge. */
  List<DataFileMeta> writeKeyValues(BucketId bucket, DeduplicatingBatchMerge records, int level) {
    // A column none of the inputs could keep a dictionary page for has more values than one holds
    // in the merged output too: trying one would cost a hash lookup per value until it overflows.
    KeyValueFiles files =
        new KeyValueFiles(
            bucket, level, records.columnsWithoutDictionaryPages(), names, FileSource.COMPACT);
    int sequenceIndex = files.layout.sequenceIndex();
    int kindIndex = files.layout.kindIndex();
    try {
      while (records.next()) {
        ColumnBatch batch = records.batch();
        int row = records.row();
        files.adding(
            batch.getLong(sequenceIndex, row),
            RowKind.fromValue((byte) batch.getLong(kindIndex, row)).isRetract());
        files.writer.write(batch, row);
        files.added();
      }
      return files.finish();
    } catch (RuntimeException e) {
      files.writer.abort();
      throw e;
    }
  }

  /** The key-value files of one rewrite, with the sequence range of each as it is written. */
  private final class KeyValueFiles {
    private final KeyValueLayout layout =
        new KeyValueLayout(table.schema().trimmedPrimaryKeyType(), table.schema().rowType());
    private final RollingFileWriter writer;
    private final int level;
    private final FileSource source;
    private final List<SequenceRange> ranges = new ArrayList<>();
    private SequenceRange current = new SequenceRange();
    private int closedBefore;

    KeyValueFiles(
        BucketId bucket,
        int level,
        List<String> withoutDictionary,
        DataFileNames fileNames,
        FileSource source) {
      this.level = level;
      this.source = source;
      this.writer = files(bucket, layout.fileType(), level, withoutDictionary, fileNames);
    }

    /** Counts a record about to be written into the open file. */
    void adding(long sequence, boolean retract) {
      current.add(sequence, retract);
      closedBefore = writer.closedFiles();
    }

    /** After a record is written: a file it filled is closed with its range. */
    void added() {
      if (writer.closedFiles() > closedBefore) {
        ranges.add(current);
        current = new SequenceRange();
      }
    }

    List<DataFileMeta> finish() {
      List<WrittenFile> written = writer.finish();
      if (ranges.size() < written.size()) {
        ranges.add(current);
      }
      List<DataFileMeta> metas = new ArrayList<>();
      int k = layout.keyArity();
      for (int i = 0; i < written.size(); i++) {
        WrittenFile f = written.get(i);
        SequenceRange range = ranges.get(i);
        metas.add(
            DataFileMetaFactory.create(
                    f,
                    BinaryRowCodec.serialize(layout.keyType(), Arrays.copyOf(f.firstRow(), k)),
                    BinaryRowCodec.serialize(layout.keyType(), Arrays.copyOf(f.lastRow(), k)),
                    DataFileMetaFactory.stats(f.stats(), 0, layout.keyType()),
                    DataFileMetaFactory.stats(f.stats(), layout.valueOffset(), layout.valueType()),
                    range.min,
                    range.max,
                    table.schema().id(),
                    range.deletes,
                    source,
                    table.clock())
                .withLevel(level));
      }
      return metas;
    }
  }

  /** The sequence numbers and retractions of one output file, as its rows are written. */
  private static final class SequenceRange {
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    long deletes;

    void add(long sequence, boolean retract) {
      min = Math.min(min, sequence);
      max = Math.max(max, sequence);
      deletes += retract ? 1 : 0;
    }
  }

  /** Writes append rows in order, numbering them from {@code firstSequence}. */
  public List<DataFileMeta> writeRows(
      BucketId bucket, Iterator<Object[]> rows, long firstSequence) {
    return writeRows(bucket, rows, firstSequence, List.of());
  }

  /**
   * Writes append rows in order, numbering them from {@code firstSequence}; each row holds the
   * schema's columns and then {@code systemFields} ({@link io.strata.core.types.RowTrackingFields}
   * of a row-tracking table), which the files hold too and list, as Paimon's do, in their {@code
   * writeCols}.
   */
  public List<DataFileMeta> writeRows(
      BucketId bucket, Iterator<Object[]> rows, long firstSequence, List<DataField> systemFields) {
    RowType rowType = table.schema().rowType();
    List<String> writeCols = null;
    if (!systemFields.isEmpty()) {
      rowType = rowType.append(systemFields);
      writeCols = rowType.fieldNames();
    }
    RollingFileWriter writer = files(bucket, rowType, 0, List.of(), names);
    try {
      rows.forEachRemaining(writer::write);
      List<DataFileMeta> metas = new ArrayList<>();
      long next = firstSequence;
      for (WrittenFile f : writer.finish()) {
        metas.add(
            DataFileMetaFactory.create(
                    f,
                    BinaryRow.EMPTY,
                    BinaryRow.EMPTY,
                    SimpleStats.EMPTY,
                    DataFileMetaFactory.stats(f.stats(), 0, rowType),
                    next,
                    next + f.rowCount() - 1,
                    table.schema().id(),
                    0,
                    FileSource.COMPACT,
                    table.clock())
                .withWriteCols(writeCols));
        next += f.rowCount();
      }
      return metas;
    } catch (RuntimeException e) {
      writer.abort();
      throw e;
    }
  }
}

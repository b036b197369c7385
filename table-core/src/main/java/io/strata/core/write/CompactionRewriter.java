package io.strata.core.write;

import io.strata.core.data.BinaryRow;
import io.strata.core.data.BinaryRowCodec;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.FileSource;
import io.strata.core.manifest.SimpleStats;
import io.strata.core.merge.KeyValueLayout;
import io.strata.core.merge.RowKind;
import io.strata.core.options.FileFormat;
import io.strata.core.store.FileStore;
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

  public CompactionRewriter(FileStore table) {
    this.table = table;
    this.settings = WriteSettings.of(table.options(), table.schema().hasPrimaryKey());
  }

  /** Output files at {@code level}, in that level's format. */
  private RollingFileWriter files(BucketId bucket, RowType type, int level) {
    FileFormat format = settings.formatAt(level);
    return new RollingFileWriter(
        table.fileIO(),
        table.dataFilePaths().bucketDir(bucket.partition(), bucket.bucket()),
        type,
        format,
        names.of(format),
        settings);
  }

  /** Writes sorted, merged key-value records (keys, sequence, kind, values) at {@code level}. */
  public List<DataFileMeta> writeKeyValues(BucketId bucket, Iterator<Object[]> records, int level) {
    KeyValueLayout layout =
        new KeyValueLayout(table.schema().trimmedPrimaryKeyType(), table.schema().rowType());
    RollingFileWriter writer = files(bucket, layout.fileType(), level);
    List<Object[]> window = new ArrayList<>();
    try {
      records.forEachRemaining(
          r -> {
            writer.write(r);
            window.add(r);
          });
      List<DataFileMeta> metas = new ArrayList<>();
      int offset = 0;
      int k = layout.keyArity();
      for (WrittenFile f : writer.finish()) {
        long minSeq = Long.MAX_VALUE;
        long maxSeq = Long.MIN_VALUE;
        long deletes = 0;
        for (Object[] r : window.subList(offset, offset + (int) f.rowCount())) {
          long seq = (Long) r[layout.sequenceIndex()];
          minSeq = Math.min(minSeq, seq);
          maxSeq = Math.max(maxSeq, seq);
          deletes += RowKind.fromValue((Byte) r[layout.kindIndex()]).isRetract() ? 1 : 0;
        }
        offset += (int) f.rowCount();
        metas.add(
            DataFileMetaFactory.create(
                    f,
                    BinaryRowCodec.serialize(layout.keyType(), Arrays.copyOf(f.firstRow(), k)),
                    BinaryRowCodec.serialize(layout.keyType(), Arrays.copyOf(f.lastRow(), k)),
                    DataFileMetaFactory.stats(f.stats(), 0, layout.keyType()),
                    DataFileMetaFactory.stats(f.stats(), layout.valueOffset(), layout.valueType()),
                    minSeq,
                    maxSeq,
                    table.schema().id(),
                    deletes,
                    FileSource.COMPACT,
                    table.clock())
                .withLevel(level));
      }
      return metas;
    } catch (RuntimeException e) {
      writer.abort();
      throw e;
    }
  }

  /** Writes append rows in order, numbering them from {@code firstSequence}. */
  public List<DataFileMeta> writeRows(
      BucketId bucket, Iterator<Object[]> rows, long firstSequence) {
    RowType rowType = table.schema().rowType();
    RollingFileWriter writer = files(bucket, rowType, 0);
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
                table.clock()));
        next += f.rowCount();
      }
      return metas;
    } catch (RuntimeException e) {
      writer.abort();
      throw e;
    }
  }
}

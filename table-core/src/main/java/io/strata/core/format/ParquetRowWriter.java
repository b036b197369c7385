package io.strata.core.format;

import io.strata.core.format.ParquetValueWriters.ColumnConsumer;
import io.strata.core.format.ParquetValueWriters.FieldsWriter;
import io.strata.core.types.AtomicType;
import io.strata.core.types.RowType;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.MessageType;

/**
 * Writes {@code Object[]} rows of a RowType (canonical values, see {@link
 * io.strata.core.types.DataType}) into one new Parquet data file laid out as Paimon writes it, and
 * collects per-column {@link FileStats} on the way. {@link #finish()} completes the file; after a
 * failed {@link #write} only {@link #abort()} or {@link #close()} are allowed.
 *
 * <p>Rows of top-level primitive columns only, the common case, are written value by value into the
 * column writers; rows with a nested column go through parquet-mr's record assembly.
 */
public final class ParquetRowWriter extends RowFileWriter {

  private final ParquetFileColumns file;
  private final FieldsWriter fields;

  /** One per column when every column is a top-level primitive, else null (records). */
  private final ColumnConsumer[] columns;

  private final ColumnStatsCollector[] stats;

  private ParquetRowWriter(
      FileSystem fs, Path path, RowType rowType, ParquetFileColumns file, StatsMode[] modes) {
    super(fs, path, rowType);
    this.file = file;
    this.fields = new FieldsWriter(rowType);
    this.columns = allPrimitive(rowType) ? new ColumnConsumer[rowType.size()] : null;
    if (columns != null) {
      for (int i = 0; i < columns.length; i++) {
        columns[i] = new ColumnConsumer(rowType.typeAt(i).nullable());
      }
      pointColumnsAtGroup();
    }
    this.stats = new ColumnStatsCollector[rowType.size()];
    for (int i = 0; i < stats.length; i++) {
      stats[i] = new ColumnStatsCollector(rowType.typeAt(i), modes[i]);
    }
  }

  /**
   * Creates {@code path} (failing if it exists) on {@code fs}, unwrapped to its raw file system so
   * that no {@code .crc} file is written.
   */
  public static ParquetRowWriter create(
      FileSystem fs, Path path, RowType rowType, ParquetWriteOptions options) throws IOException {
    FileSystem raw = HadoopFiles.withoutChecksums(fs);
    Configuration conf = raw.getConf() == null ? new Configuration(false) : raw.getConf();
    ParquetProperties.Builder props =
        ParquetProperties.builder()
            .withPageSize(options.pageSize())
            .withDictionaryPageSize(options.pageSize())
            .withDictionaryEncoding(options.dictionary())
            .withWriterVersion(ParquetProperties.WriterVersion.PARQUET_1_0)
            .withValuesWriterFactory(new FileValuesWriterFactory());
    ParquetWriterConf.apply(options.formatOptions(), props);
    int maxPaddingSize = ParquetWriterConf.maxPaddingSize(options.formatOptions());
    StatsMode[] modes = new StatsMode[rowType.size()];
    for (int i = 0; i < modes.length; i++) {
      modes[i] = options.statsModeFor(rowType.field(i).name());
    }
    MessageType schema = ParquetSchemas.toMessageType(rowType);
    ParquetFileColumns file =
        ParquetFileColumns.create(
            HadoopFiles.outputFile(raw, path),
            schema,
            props.build(),
            options.codec(),
            options.zstdLevel(),
            options.rowGroupSize(),
            maxPaddingSize,
            conf);
    return new ParquetRowWriter(raw, path, rowType, file, modes);
  }

  private static boolean allPrimitive(RowType rowType) {
    for (int i = 0; i < rowType.size(); i++) {
      if (!(rowType.typeAt(i) instanceof AtomicType)) {
        return false;
      }
    }
    return true;
  }

  @Override
  void append(Object[] row) throws IOException {
    if (columns != null) {
      fields.write(columns, row);
      if (file.endRow()) {
        pointColumnsAtGroup();
      }
      return;
    }
    RecordConsumer records = file.records();
    records.startMessage();
    fields.write(records, row);
    records.endMessage();
    file.recordEnded();
  }

  /** Only files of top-level primitive columns take batch rows (batches hold nothing else). */
  @Override
  void append(ColumnBatch batch, int row) throws IOException {
    if (columns == null) {
      // Batches hold flat columns only, so a caller never pairs one with this file (an invariant).
      throw new IllegalStateException(
          "Batch rows cannot go into " + path() + ": it has nested columns");
    }
    fields.write(columns, batch, row);
    if (file.endRow()) {
      pointColumnsAtGroup();
    }
  }

  private void pointColumnsAtGroup() {
    for (int i = 0; i < columns.length; i++) {
      columns[i].writeTo(file.column(i));
    }
  }

  @Override
  void collectStats(Object[] row) {
    for (int i = 0; i < stats.length; i++) {
      stats[i].add(row[i]);
    }
  }

  @Override
  void collectStats(ColumnBatch batch, int row) {
    for (int i = 0; i < stats.length; i++) {
      stats[i].add(batch, i, row);
    }
  }

  /** Bytes written to the file so far plus those buffered for it: the size to roll files at. */
  @Override
  public long length() {
    return file.dataSize();
  }

  @Override
  FileStats stats() {
    int n = stats.length;
    Object[] min = new Object[n];
    Object[] max = new Object[n];
    Long[] nullCounts = new Long[n];
    for (int i = 0; i < n; i++) {
      min[i] = stats[i].min();
      max[i] = stats[i].max();
      nullCounts[i] = stats[i].nullCount();
    }
    return new FileStats(min, max, nullCounts);
  }

  @Override
  void closeFile(boolean complete) throws IOException {
    if (complete) {
      file.finish();
    } else {
      file.abandon();
    }
  }
}

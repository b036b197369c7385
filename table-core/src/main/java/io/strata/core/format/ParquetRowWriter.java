package io.strata.core.format;

import io.strata.core.types.RowType;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.OutputFile;

/**
 * Writes {@code Object[]} rows of a RowType (canonical values, see {@link
 * io.strata.core.types.DataType}) into one new Parquet data file laid out as Paimon writes it, and
 * collects per-column {@link FileStats} on the way. {@link #finish()} completes the file; after a
 * failed {@link #write} only {@link #abort()} or {@link #close()} are allowed.
 */
public final class ParquetRowWriter extends RowFileWriter {

  private static final String ZSTD_LEVEL_KEY = "parquet.compression.codec.zstd.level";

  private final ParquetWriter<Object> writer;
  private final ColumnStatsCollector[] stats;

  /** The batch row handed to Parquet's writer; one, re-pointed at each row. */
  private final BatchRow batchRow = new BatchRow();

  private ParquetRowWriter(
      FileSystem fs, Path path, RowType rowType, ParquetWriter<Object> writer, StatsMode[] modes) {
    super(fs, path, rowType);
    this.writer = writer;
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
    conf = new Configuration(conf);
    conf.setInt(ZSTD_LEVEL_KEY, options.zstdLevel());
    Builder builder =
        new Builder(HadoopFiles.outputFile(raw, path), rowType)
            .withConf(conf)
            .withWriteMode(ParquetFileWriter.Mode.CREATE)
            .withCompressionCodec(options.codec())
            .withRowGroupSize(options.rowGroupSize())
            .withPageSize(options.pageSize())
            .withDictionaryPageSize(options.pageSize())
            .withDictionaryEncoding(options.dictionary())
            .withWriterVersion(ParquetProperties.WriterVersion.PARQUET_1_0)
            .withValidation(false);
    ParquetWriterConf.apply(options.formatOptions(), builder);
    ParquetWriter<Object> writer = builder.build();
    StatsMode[] modes = new StatsMode[rowType.size()];
    for (int i = 0; i < modes.length; i++) {
      modes[i] = options.statsModeFor(rowType.field(i).name());
    }
    return new ParquetRowWriter(raw, path, rowType, writer, modes);
  }

  @Override
  void append(Object[] row) throws IOException {
    writer.write(row);
  }

  @Override
  void append(ColumnBatch batch, int row) throws IOException {
    batchRow.at(batch, row);
    writer.write(batchRow);
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
    return writer.getDataSize();
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
    writer.close();
  }

  private static final class Builder extends ParquetWriter.Builder<Object, Builder> {
    private final RowType rowType;

    Builder(OutputFile file, RowType rowType) {
      super(file);
      this.rowType = rowType;
    }

    @Override
    protected Builder self() {
      return this;
    }

    @Override
    protected WriteSupport<Object> getWriteSupport(Configuration conf) {
      return new RowWriteSupport(rowType);
    }
  }
}

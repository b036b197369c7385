package io.strata.core.format;

import io.strata.core.errors.OptionErrors;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.CompressionKind;
import org.apache.orc.OrcConf;
import org.apache.orc.OrcFile;
import org.apache.orc.StripeInformation;
import org.apache.orc.Writer;

/**
 * Writes rows into one new ORC data file laid out as Paimon writes it ({@link OrcSchemas}),
 * batching them into vectors, and collects per-column {@link FileStats} while writing (as for
 * Parquet, so the stats do not depend on what ORC's own statistics can express). The table's {@code
 * orc.*} options reach orc-core through {@link OrcWriterConf}; {@code write.batch-size} is the size
 * of the batches.
 */
final class OrcRowWriter extends RowFileWriter {

  private final Writer writer;
  private final VectorizedRowBatch batch;
  private final OrcValueWriters.ValueWriter[] columns;
  private final StatsCollectors stats;

  private OrcRowWriter(
      FileSystem fs, Path path, RowType rowType, Writer writer, StatsCollectors s, int batchSize) {
    super(fs, path, rowType);
    this.writer = writer;
    this.batch = writer.getSchema().createRowBatch(batchSize);
    this.columns = new OrcValueWriters.ValueWriter[rowType.size()];
    for (int i = 0; i < columns.length; i++) {
      columns[i] = OrcValueWriters.of(rowType.typeAt(i));
    }
    this.stats = s;
  }

  /** Creates {@code path} (failing if it exists) on {@code fs}'s raw file system. */
  static OrcRowWriter create(FileSystem fs, Path path, RowType rowType, ParquetWriteOptions options)
      throws IOException {
    FileSystem raw = HadoopFiles.withoutChecksums(fs);
    Configuration conf =
        new Configuration(raw.getConf() == null ? new Configuration(false) : raw.getConf());
    conf.setInt(OrcConf.COMPRESSION_ZSTD_LEVEL.getAttribute(), options.zstdLevel());
    OrcWriterConf.apply(options.formatOptions(), conf);
    OrcFile.WriterOptions writerOptions =
        OrcFile.writerOptions(conf)
            .setSchema(OrcSchemas.toOrcSchema(rowType))
            .fileSystem(raw)
            .overwrite(false)
            .compress(compressionOf(options.compression()))
            .useUTCTimestamp(true);
    Writer writer = OrcFile.createWriter(path, writerOptions);
    return new OrcRowWriter(
        raw, path, rowType, writer, StatsCollectors.of(rowType, options), options.writeBatchSize());
  }

  /** Maps {@code file.compression} to an ORC codec: zstd, snappy, gzip (zlib), lz4, none. */
  static CompressionKind compressionOf(String compression) {
    return switch (compression.trim().toLowerCase(Locale.ROOT)) {
      case "zstd" -> CompressionKind.ZSTD;
      case "snappy" -> CompressionKind.SNAPPY;
      case "gzip", "zlib" -> CompressionKind.ZLIB;
      case "lz4", "lz4_raw" -> CompressionKind.LZ4;
      case "none", "uncompressed" -> CompressionKind.NONE;
      default -> throw OptionErrors.unsupportedFileCompression(compression);
    };
  }

  @Override
  void append(Object[] row) throws IOException {
    int r = batch.size++;
    for (int i = 0; i < columns.length; i++) {
      OrcValueWriters.write(columns[i], batch.cols[i], r, row[i]);
    }
    if (batch.size == batch.getMaxSize()) {
      flushBatch();
    }
  }

  @Override
  void collectStats(Object[] row) {
    stats.add(row);
  }

  private void flushBatch() throws IOException {
    if (batch.size > 0) {
      writer.addRowBatch(batch);
      batch.reset();
    }
  }

  /** Stripes written so far plus the writer's estimate of what it buffers for the next one. */
  @Override
  public long length() {
    long written = 0;
    try {
      for (StripeInformation stripe : writer.getStripes()) {
        written += stripe.getLength();
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("Cannot size " + path(), e);
    }
    return written + writer.estimateMemory();
  }

  @Override
  FileStats stats() {
    return stats.result();
  }

  /** A complete file also gets the rows still batched; an aborted one does not. */
  @Override
  void closeFile(boolean complete) throws IOException {
    if (complete) {
      flushBatch();
    }
    writer.close();
  }
}

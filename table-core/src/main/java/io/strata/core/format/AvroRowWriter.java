package io.strata.core.format;

import io.strata.core.errors.OptionErrors;
import io.strata.core.io.NewFiles;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.util.Locale;
import org.apache.avro.file.CodecFactory;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Writes rows into one new Avro data file with the schema Paimon writes ({@link AvroSchemas}). Avro
 * keeps no column statistics, so they are collected while writing, as Paimon does for Avro.
 */
final class AvroRowWriter extends RowFileWriter {

  private final FSDataOutputStream out;
  private final org.apache.avro.file.DataFileWriter<Object[]> writer;
  private final StatsCollectors stats;

  private AvroRowWriter(
      FileSystem fs,
      Path path,
      RowType rowType,
      FSDataOutputStream out,
      org.apache.avro.file.DataFileWriter<Object[]> writer,
      StatsCollectors stats) {
    super(fs, path, rowType);
    this.out = out;
    this.writer = writer;
    this.stats = stats;
  }

  /** Creates {@code path} (failing if it exists) on {@code fs}'s raw file system. */
  static AvroRowWriter create(
      FileSystem fs, Path path, RowType rowType, ParquetWriteOptions options) throws IOException {
    FileSystem raw = HadoopFiles.withoutChecksums(fs);
    CodecFactory codec = codecOf(options.compression(), options.zstdLevel());
    FSDataOutputStream out = NewFiles.create(raw, path, false);
    org.apache.avro.file.DataFileWriter<Object[]> writer =
        new org.apache.avro.file.DataFileWriter<>(AvroValueWriters.rows(rowType));
    try {
      writer.setCodec(codec);
      writer.create(AvroSchemas.toAvroSchema(rowType), out);
    } catch (IOException | RuntimeException e) {
      out.close();
      raw.delete(path, false);
      throw e;
    }
    return new AvroRowWriter(raw, path, rowType, out, writer, StatsCollectors.of(rowType, options));
  }

  /** Maps {@code file.compression} to an Avro codec: zstd (zstandard), snappy, gzip, none. */
  static CodecFactory codecOf(String compression, int zstdLevel) {
    return switch (compression.trim().toLowerCase(Locale.ROOT)) {
      case "zstd" -> CodecFactory.zstandardCodec(zstdLevel);
      case "snappy" -> CodecFactory.snappyCodec();
      case "gzip", "deflate" -> CodecFactory.deflateCodec(CodecFactory.DEFAULT_DEFLATE_LEVEL);
      case "none", "uncompressed" -> CodecFactory.nullCodec();
      default -> throw OptionErrors.unsupportedFileCompression(compression);
    };
  }

  @Override
  void append(Object[] row) throws IOException {
    writer.append(row);
  }

  @Override
  void collectStats(Object[] row) {
    stats.add(row);
  }

  /** Bytes flushed so far (a block of at most Avro's sync interval may still be buffered). */
  @Override
  public long length() {
    return out.getPos();
  }

  @Override
  FileStats stats() {
    return stats.result();
  }

  @Override
  void closeFile(boolean complete) throws IOException {
    writer.close();
  }
}

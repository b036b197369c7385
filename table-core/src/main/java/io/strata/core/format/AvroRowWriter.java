package io.strata.core.format;

import io.strata.core.errors.OptionErrors;
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
final class AvroRowWriter implements DataFileWriter {

  private final FileSystem fs;
  private final Path path;
  private final RowType rowType;
  private final FSDataOutputStream out;
  private final org.apache.avro.file.DataFileWriter<Object[]> writer;
  private final StatsCollectors stats;
  private long rowCount;
  private boolean failed;
  private boolean closed;
  private FileStats result;

  private AvroRowWriter(
      FileSystem fs,
      Path path,
      RowType rowType,
      FSDataOutputStream out,
      org.apache.avro.file.DataFileWriter<Object[]> writer,
      StatsCollectors stats) {
    this.fs = fs;
    this.path = path;
    this.rowType = rowType;
    this.out = out;
    this.writer = writer;
    this.stats = stats;
  }

  /** Creates {@code path} (failing if it exists) on {@code fs}'s raw file system. */
  static AvroRowWriter create(
      FileSystem fs, Path path, RowType rowType, ParquetWriteOptions options) throws IOException {
    FileSystem raw = HadoopFiles.withoutChecksums(fs);
    CodecFactory codec = codecOf(options.compression(), options.zstdLevel());
    FSDataOutputStream out = raw.create(path, false);
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
  public void write(Object[] row) throws IOException {
    if (closed || failed) {
      throw new IllegalStateException(
          "Writer of " + path + (failed ? " failed earlier; abort it." : " is closed."));
    }
    try {
      writer.append(row);
    } catch (RuntimeException | IOException e) {
      failed = true;
      throw e;
    }
    stats.add(row);
    rowCount++;
  }

  @Override
  public long rowCount() {
    return rowCount;
  }

  /** Bytes flushed so far (a block of at most Avro's sync interval may still be buffered). */
  @Override
  public long length() {
    return out.getPos();
  }

  @Override
  public Path path() {
    return path;
  }

  @Override
  public RowType rowType() {
    return rowType;
  }

  @Override
  public FileStats finish() throws IOException {
    if (result != null) {
      return result;
    }
    if (failed) {
      throw new IllegalStateException("Writer of " + path + " failed earlier; abort it.");
    }
    close();
    result = stats.result();
    return result;
  }

  @Override
  public void abort() {
    try {
      close();
    } catch (IOException | RuntimeException e) {
      // the file is deleted below anyway
    }
    try {
      fs.delete(path, false);
    } catch (IOException e) {
      // best effort: an unreferenced file is harmless
    }
  }

  @Override
  public void close() throws IOException {
    if (!closed) {
      closed = true;
      writer.close();
    }
  }
}

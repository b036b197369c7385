package io.strata.core.format;

import io.strata.core.io.NewFiles;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.ChecksumFileSystem;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.hadoop.util.HadoopStreams;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;
import org.apache.parquet.io.SeekableInputStream;

/**
 * Parquet input and output files over a caller's Hadoop FileSystem. Checksumming file systems (the
 * local one) are unwrapped to their raw file system, so no {@code .crc} side files are written.
 */
public final class HadoopFiles {

  private HadoopFiles() {}

  /** The raw (checksum-free) local file system. */
  public static FileSystem rawLocal(Configuration conf) throws IOException {
    return FileSystem.getLocal(conf).getRawFileSystem();
  }

  /** {@code fs} without a checksumming layer. */
  public static FileSystem withoutChecksums(FileSystem fs) {
    return fs instanceof ChecksumFileSystem checksum ? checksum.getRawFileSystem() : fs;
  }

  /** A Parquet output file that creates {@code path}, failing if it already exists. */
  public static OutputFile outputFile(FileSystem fs, Path path) {
    FileSystem raw = withoutChecksums(fs);
    return new OutputFile() {
      @Override
      public PositionOutputStream create(long blockSizeHint) throws IOException {
        return HadoopStreams.wrap(NewFiles.create(raw, path, false));
      }

      @Override
      public PositionOutputStream createOrOverwrite(long blockSizeHint) throws IOException {
        return HadoopStreams.wrap(NewFiles.create(raw, path, true));
      }

      @Override
      public boolean supportsBlockSize() {
        return false;
      }

      @Override
      public long defaultBlockSize() {
        return 0;
      }

      @Override
      public String getPath() {
        return path.toString();
      }
    };
  }

  /** A Parquet input file for {@code path}; its length is looked up once. */
  public static InputFile inputFile(FileSystem fs, Path path) throws IOException {
    return inputFile(fs, path, withoutChecksums(fs).getFileStatus(path).getLen());
  }

  /** A Parquet input file for {@code path} of a known length (e.g. from a manifest). */
  public static InputFile inputFile(FileSystem fs, Path path, long length) {
    FileSystem raw = withoutChecksums(fs);
    return new InputFile() {
      @Override
      public long getLength() {
        return length;
      }

      @Override
      public SeekableInputStream newStream() throws IOException {
        return HadoopStreams.wrap(raw.open(path));
      }

      @Override
      public String toString() {
        return path.toString();
      }
    };
  }
}

package io.strata.core.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The file operations the format needs. Injected everywhere so commit and expiration failures can
 * be tested with a failing implementation.
 */
public interface FileIO {

  InputStream newInputStream(Path path) throws IOException;

  /** A new file; fails if it exists. */
  OutputStream newOutputStream(Path path) throws IOException;

  /** Writes a whole file, replacing it if it exists (hints such as LATEST). */
  void overwriteFile(Path path, byte[] content) throws IOException;

  /**
   * Atomically creates {@code path} with {@code content} unless it already exists.
   *
   * @return false when the file existed: another writer won
   */
  boolean tryCreateAtomically(Path path, byte[] content) throws IOException;

  /**
   * Creates {@code path} with {@code content} in one create-if-absent call, without a rename: the
   * primitive a lock file needs. Two writers never both succeed where the file system's exclusive
   * create is atomic (local disks, HDFS, object stores with conditional writes), even where its
   * rename is not; readers may see the file before its content is complete.
   *
   * @return false when the file existed
   */
  boolean createExclusively(Path path, byte[] content) throws IOException;

  boolean exists(Path path) throws IOException;

  /** Files and directories directly under {@code dir}; empty when it does not exist. */
  List<FileStatusInfo> list(Path dir) throws IOException;

  /** Deletes a file; returns false when it did not exist. */
  boolean delete(Path path) throws IOException;

  boolean deleteRecursively(Path dir) throws IOException;

  void mkdirs(Path dir) throws IOException;

  /** Renames a directory or file; false when the target exists or the source is missing. */
  boolean rename(Path from, Path to) throws IOException;

  /** The Hadoop file system that holds {@code path}, for format libraries (Parquet). */
  FileSystem fileSystem(Path path) throws IOException;

  default byte[] readBytes(Path path) throws IOException {
    try (InputStream in = newInputStream(path)) {
      return in.readAllBytes();
    }
  }

  default String readUtf8(Path path) throws IOException {
    return new String(readBytes(path), StandardCharsets.UTF_8);
  }

  /** One listed entry. */
  record FileStatusInfo(Path path, long length, boolean isDirectory, long modificationTime) {}
}

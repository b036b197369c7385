package io.strata.core.io;

import java.io.BufferedOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;

/**
 * Creates files and directories. On the raw local file system Hadoop sets the permissions of each
 * new file and directory by starting a {@code chmod} process (unless its native library is loaded,
 * which Spark's distribution does not ship), several milliseconds per data file, manifest and
 * snapshot; here local files are created with the process's umask instead, as any program creates
 * files. Other file systems go through Hadoop.
 */
public final class NewFiles {

  /** Hadoop's default {@code io.file.buffer.size} is smaller than one Parquet page. */
  private static final int LOCAL_BUFFER_SIZE = 64 * 1024;

  private NewFiles() {}

  /**
   * Creates {@code path} and its missing parent directories; fails with {@link
   * org.apache.hadoop.fs.FileAlreadyExistsException} when it exists and {@code overwrite} is false.
   */
  public static FSDataOutputStream create(FileSystem fs, Path path, boolean overwrite)
      throws IOException {
    if (!(fs instanceof RawLocalFileSystem raw)) {
      return fs.create(path, overwrite);
    }
    File file = raw.pathToFile(path);
    File parent = file.getParentFile();
    if (parent != null) {
      Files.createDirectories(parent.toPath());
    }
    try {
      return new FSDataOutputStream(
          new BufferedOutputStream(
              overwrite
                  ? Files.newOutputStream(file.toPath())
                  : Files.newOutputStream(
                      file.toPath(), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
              LOCAL_BUFFER_SIZE),
          null);
    } catch (java.nio.file.FileAlreadyExistsException e) {
      throw new org.apache.hadoop.fs.FileAlreadyExistsException("File already exists: " + path);
    }
  }

  /** Creates {@code dir} and its missing parents. */
  public static void mkdirs(FileSystem fs, Path dir) throws IOException {
    if (fs instanceof RawLocalFileSystem raw) {
      Files.createDirectories(raw.pathToFile(dir).toPath());
    } else {
      fs.mkdirs(dir);
    }
  }
}

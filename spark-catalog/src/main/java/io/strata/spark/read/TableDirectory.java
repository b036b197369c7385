package io.strata.spark.read;

import io.strata.core.table.FileStoreTable;
import io.strata.spark.SparkErrors;
import java.io.IOException;
import java.io.UncheckedIOException;

/** Explains reads of a table whose directory was deleted or moved outside Spark. */
final class TableDirectory {

  private TableDirectory() {}

  /** Fails with a message naming the directory when the table's schema directory is gone. */
  static void checkExists(FileStoreTable table) {
    if (!exists(table)) {
      throw gone(table, null);
    }
  }

  /**
   * The error to raise for a failed file read: the "directory is gone" error when that is the
   * reason, else {@code failure} itself.
   */
  static RuntimeException explain(FileStoreTable table, RuntimeException failure) {
    try {
      return exists(table) ? failure : gone(table, failure);
    } catch (RuntimeException e) {
      failure.addSuppressed(e);
      return failure;
    }
  }

  private static boolean exists(FileStoreTable table) {
    try {
      return table.fileIO().exists(table.paths().schemaDir());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot access table directory " + table.root(), e);
    }
  }

  private static IllegalStateException gone(FileStoreTable table, Throwable cause) {
    return SparkErrors.tableDirectoryGone(table.root().toString(), cause);
  }
}

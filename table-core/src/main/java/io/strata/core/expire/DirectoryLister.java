package io.strata.core.expire;

import io.strata.core.io.FileIO;
import io.strata.core.store.FileStore;
import java.util.List;
import org.apache.hadoop.fs.Path;

/**
 * Lists the files below a table's partition and bucket directories for orphan removal: in the
 * driver on the file task pool ({@link #local}), or spread over an engine's tasks when a table has
 * many directories.
 */
public interface DirectoryLister {

  /** Every file at any depth below {@code dirs} last modified before {@code olderThanMillis}. */
  List<FileIO.FileStatusInfo> filesBelow(List<Path> dirs, long olderThanMillis);

  /** Lists in this JVM, one directory level at a time, each level's directories in parallel. */
  static DirectoryLister local(FileStore table) {
    return new LocalDirectoryLister(table.fileIO(), FileTasks.of(table));
  }
}

package io.strata.core.maintenance;

import io.strata.core.errors.CoreErrors;
import io.strata.core.io.FileIO;
import io.strata.core.store.FileStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.Path;

/**
 * Empties a table by deleting its files, as Paimon's {@code purge_files} does: everything in the
 * table directory but {@code schema/} goes (snapshots, tags, branches, consumers, manifests, index
 * and data files), so the table keeps its definition and has no snapshot; time travel to what it
 * held is gone. Unlike TRUNCATE TABLE, which commits a snapshot that removes the rows and leaves
 * the files to snapshot expiration, nothing of the old data stays. Files at external paths ({@code
 * data-file.external-paths}) lie outside the table directory and are left, as every deletion of
 * Strata leaves them.
 */
public final class TablePurge {

  static final String SCHEMA_DIR = "schema";

  private TablePurge() {}

  /**
   * Purges the main branch's table; a branch cannot be purged alone, its data files being the
   * table's.
   *
   * @return the top-level paths deleted
   */
  public static List<Path> purge(FileStore table) {
    if (!table.paths().isMainBranch()) {
      throw CoreErrors.purgeOfBranch(table.branch());
    }
    FileIO io = table.fileIO();
    List<Path> deleted = new ArrayList<>();
    try {
      for (FileIO.FileStatusInfo f : io.list(table.root())) {
        if (f.path().getName().equals(SCHEMA_DIR)) {
          continue;
        }
        if (f.isDirectory() ? io.deleteRecursively(f.path()) : io.delete(f.path())) {
          deleted.add(f.path());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot purge the files of " + table.root(), e);
    }
    return deleted;
  }
}

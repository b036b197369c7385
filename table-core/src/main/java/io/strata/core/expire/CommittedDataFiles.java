package io.strata.core.expire;

import io.strata.core.manifest.ManifestEntry;
import io.strata.core.store.FileStore;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;

/** Deletes committed data files that no version needs any more, with their extra files. */
final class CommittedDataFiles {

  private CommittedDataFiles() {}

  /**
   * Deletes {@code e}'s data file and its extra files (Paimon's file indexes); false when the file
   * was already gone (a rerun after an interrupted run). {@code during} names the operation for the
   * error, as in "while expiring snapshots".
   */
  static boolean delete(FileStore table, ManifestEntry e, String during) {
    try {
      return table
          .dataFilePaths()
          .deleteWithExtraFiles(
              e.partition(),
              e.bucket(),
              e.file().fileName(),
              e.file().externalPath(),
              e.file().extraFiles());
    } catch (FileNotFoundException ex) {
      return false;
    } catch (IOException ex) {
      throw new UncheckedIOException(
          "Cannot delete data file " + e.file().fileName() + " " + during, ex);
    }
  }

  /**
   * Deletes {@code names}, extra files beside {@code e}'s data file that no version lists any more,
   * leaving the data file.
   */
  static void deleteExtraFiles(
      FileStore table, ManifestEntry e, java.util.List<String> names, String during) {
    if (names.isEmpty()) {
      return;
    }
    try {
      table
          .dataFilePaths()
          .deleteExtraFiles(
              e.partition(), e.bucket(), e.file().fileName(), e.file().externalPath(), names);
    } catch (IOException ex) {
      throw new UncheckedIOException(
          "Cannot delete the replaced file index of " + e.file().fileName() + " " + during, ex);
    }
  }
}

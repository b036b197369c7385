package io.strata.core.expire;

import io.strata.core.store.FileStore;
import java.io.IOException;
import java.util.Set;
import org.apache.hadoop.fs.Path;

/** Removes bucket and partition directories that expiration left empty. */
final class EmptyDirectories {

  private EmptyDirectories() {}

  static void clean(FileStore table, Set<String> bucketDirs) {
    Path root = table.root();
    for (String dir : bucketDirs) {
      Path p = new Path(dir);
      while (p != null && !p.equals(root) && deleteIfEmpty(table, p)) {
        p = p.getParent();
      }
    }
  }

  private static boolean deleteIfEmpty(FileStore table, Path dir) {
    try {
      if (!table.fileIO().list(dir).isEmpty()) {
        return false;
      }
      table.fileIO().deleteRecursively(dir);
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}

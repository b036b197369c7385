package io.strata.core.io;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.Path;

/** Lists {@code <prefix><N>} files (snapshot-N, schema-N) of a directory by their numbers. */
public final class NumberedFiles {

  private NumberedFiles() {}

  /**
   * The numbers, ascending; names that are not prefix + number (writers' temp files) are skipped.
   */
  public static List<Long> ids(FileIO fileIO, Path dir, String prefix) throws IOException {
    List<Long> ids = new ArrayList<>();
    for (FileIO.FileStatusInfo f : fileIO.list(dir)) {
      String name = f.path().getName();
      if (name.startsWith(prefix)) {
        try {
          ids.add(Long.parseLong(name.substring(prefix.length())));
        } catch (NumberFormatException ignored) {
          // A temp file being written next to the real ones.
        }
      }
    }
    ids.sort(null);
    return ids;
  }
}

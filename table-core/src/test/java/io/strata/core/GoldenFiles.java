package io.strata.core;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/** Locates the read-only golden tables written by real Paimon 1.3.1 ({@code shared/golden}). */
public final class GoldenFiles {

  private GoldenFiles() {}

  /**
   * The golden directory: system property {@code strata.golden.dir} if set, else the first {@code
   * shared/golden} found walking up from the current directory.
   */
  public static Path goldenDir() {
    String configured = System.getProperty("strata.golden.dir");
    if (configured != null && !configured.isBlank()) {
      return Paths.get(configured).toAbsolutePath();
    }
    for (Path dir = Paths.get("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve("shared").resolve("golden");
      if (Files.isDirectory(candidate)) {
        return candidate;
      }
    }
    throw new IllegalStateException(
        "No shared/golden above " + Paths.get("").toAbsolutePath() + "; set -Dstrata.golden.dir.");
  }

  /** The directory of one golden table, {@code warehouse/golden.db/<name>}. */
  public static Path goldenTable(String name) {
    return goldenDir().resolve("warehouse").resolve("golden.db").resolve(name);
  }
}

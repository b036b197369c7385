package io.strata.core;

import java.nio.file.Files;
import java.nio.file.Path;

/** Locates the read-only golden tables that real Paimon 1.3.1 wrote. */
public final class GoldenFiles {

  private GoldenFiles() {}

  /** {@code -Dstrata.golden.dir}, else the nearest ancestor's {@code shared/golden}. */
  public static Path goldenDir() {
    String configured = System.getProperty("strata.golden.dir");
    if (configured != null && !configured.isEmpty()) {
      return Path.of(configured);
    }
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      Path candidate = p.resolve("shared").resolve("golden");
      if (Files.isDirectory(candidate)) {
        return candidate;
      }
    }
    throw new IllegalStateException(
        "No shared/golden above " + Path.of("").toAbsolutePath() + "; set -Dstrata.golden.dir.");
  }

  /** A golden table's directory, e.g. {@code goldenTable("orders_seed004")}. */
  public static Path goldenTable(String name) {
    return goldenDir().resolve("warehouse").resolve("golden.db").resolve(name);
  }
}

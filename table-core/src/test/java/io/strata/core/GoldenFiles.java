package io.strata.core;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/** Locates the read-only golden fixtures that real Paimon wrote ({@code shared/golden}). */
public final class GoldenFiles {

  /** System property that overrides the search, e.g. for CI layouts. */
  public static final String PROPERTY = "strata.golden.dir";

  private static Path dir;

  private GoldenFiles() {}

  /** The golden directory; fails the test run with a clear message when it cannot be found. */
  public static synchronized Path dir() {
    if (dir == null) {
      dir = locate();
    }
    return dir;
  }

  /** Same as {@link #dir()}. */
  public static Path goldenDir() {
    return dir();
  }

  /** A golden table directory, e.g. {@code goldenTable("orders_seed004")}. */
  public static Path goldenTable(String name) {
    return dir().resolve("warehouse").resolve("golden.db").resolve(name);
  }

  /** A file or directory under the golden directory. */
  public static Path resolve(String first, String... more) {
    return dir().resolve(Paths.get(first, more));
  }

  private static Path locate() {
    String property = System.getProperty(PROPERTY);
    if (property != null && !property.isBlank()) {
      Path p = Paths.get(property).toAbsolutePath();
      if (!Files.isDirectory(p)) {
        throw new IllegalStateException(PROPERTY + " = " + p + " is not a directory.");
      }
      return p;
    }
    // The clone (or worktree) may sit at different depths; shared/ is a sibling of some ancestor.
    Path start = Paths.get("").toAbsolutePath();
    for (Path p = start; p != null; p = p.getParent()) {
      Path candidate = p.resolve("shared").resolve("golden");
      if (Files.isDirectory(candidate)) {
        return candidate;
      }
    }
    throw new IllegalStateException(
        "No shared/golden directory found above "
            + start
            + "; set -D"
            + PROPERTY
            + "=/path/to/shared/golden.");
  }
}

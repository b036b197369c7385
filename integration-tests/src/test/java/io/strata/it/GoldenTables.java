package io.strata.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.stream.Stream;

/**
 * The read-only tables real Paimon 1.3.1 wrote ({@code shared/golden/warehouse/golden.db}); tests
 * work on copies. {@code -Dstrata.golden.dir} overrides where {@code shared/golden} is.
 */
final class GoldenTables {

  /** The database of the golden tables. */
  static final String DB = "golden";

  private GoldenTables() {}

  /** Copies golden table {@code name} into {@code warehouse/golden.db/name}. */
  static void copy(String name, Path warehouse) throws IOException {
    copyTree(
        goldenDir().resolve("warehouse/golden.db").resolve(name),
        warehouse.resolve(DB + ".db").resolve(name));
  }

  /** Copies a directory tree; {@code to} must not exist yet. */
  static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path p : files.toList()) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target);
        }
      }
    }
  }

  private static Path goldenDir() {
    String property = System.getProperty("strata.golden.dir");
    if (property != null && !property.isBlank() && Files.isDirectory(Paths.get(property))) {
      return Paths.get(property);
    }
    // The clone or worktree may sit at any depth; shared/golden is beside one of its ancestors.
    for (Path p = Paths.get("").toAbsolutePath(); p != null; p = p.getParent()) {
      Path candidate = p.resolve("shared/golden");
      if (Files.isDirectory(candidate.resolve("warehouse"))) {
        return candidate;
      }
    }
    throw new IllegalStateException(
        "No shared/golden above " + Paths.get("").toAbsolutePath() + "; set -Dstrata.golden.dir");
  }
}

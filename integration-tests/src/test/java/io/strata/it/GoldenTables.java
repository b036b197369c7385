package io.strata.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.stream.Stream;

/**
 * The read-only tables real Paimon 1.3.1 wrote ({@code warehouse/golden.db} of the golden fixtures
 * in table-core's test resources, found through {@code -Dstrata.golden.dir}, which the pom sets);
 * tests work on copies.
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
    if (property == null || property.isBlank()) {
      throw new IllegalStateException(
          "-Dstrata.golden.dir is not set; integration-tests/pom.xml sets it for Maven runs.");
    }
    Path dir = Paths.get(property);
    if (!Files.isDirectory(dir.resolve("warehouse"))) {
      throw new IllegalStateException(
          "No golden fixtures at " + dir + "; run scripts/golden to write them.");
    }
    return dir;
  }
}

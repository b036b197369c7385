package io.strata.core;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Stream;

/**
 * Locates the golden fixtures that real Paimon wrote: {@code src/test/resources/golden} of this
 * module, written by {@code scripts/golden}.
 */
public final class GoldenFiles {

  /** System property naming the golden directory; the Maven builds set it. */
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

  /**
   * Copies golden table {@code name} to {@code warehouse/golden.db/name}, for tests that change it;
   * the copy's directory.
   */
  public static Path copyTable(String name, Path warehouse) throws IOException {
    Path from = goldenTable(name);
    Path to = warehouse.resolve("golden.db").resolve(name);
    List<Path> all;
    try (Stream<Path> walk = Files.walk(from)) {
      all = walk.toList();
    }
    for (Path p : all) {
      Path target = to.resolve(from.relativize(p).toString());
      if (Files.isDirectory(p)) {
        Files.createDirectories(target);
      } else {
        Files.copy(p, target);
      }
    }
    return to;
  }

  /** A file or directory under the golden directory. */
  public static Path resolve(String first, String... more) {
    return dir().resolve(Paths.get(first, more));
  }

  private static Path locate() {
    String property = System.getProperty(PROPERTY);
    Path p;
    if (property != null && !property.isBlank()) {
      p = Paths.get(property).toAbsolutePath().normalize();
    } else {
      // Outside Maven (an IDE run): the copy of the test resources on the classpath.
      p = fromClasspath();
    }
    if (p == null || !Files.isDirectory(p.resolve("warehouse"))) {
      throw new IllegalStateException(
          "Golden fixtures not found"
              + (p == null ? "" : " at " + p)
              + "; run scripts/golden to write table-core/src/test/resources/golden.");
    }
    return p;
  }

  private static Path fromClasspath() {
    URL readme = GoldenFiles.class.getResource("/golden/README.md");
    if (readme == null || !"file".equals(readme.getProtocol())) {
      return null;
    }
    try {
      return Paths.get(readme.toURI()).getParent();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}

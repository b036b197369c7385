package io.strata.spark.docs;

import io.strata.spark.procedures.ProcedureDocs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The generated reference pages under {@code docs/reference/}, by path relative to the repository.
 * {@code scripts/docs} rewrites them; {@code ReferenceDocsTest} fails when they are stale.
 */
public final class ReferenceDocs {

  private ReferenceDocs() {}

  public static Map<String, String> pages() {
    Map<String, String> pages = new LinkedHashMap<>();
    pages.put("docs/reference/procedures.md", ProcedureDocs.markdown());
    pages.put("docs/reference/system-tables.md", SystemTableDocs.markdown());
    pages.put("docs/reference/spark-configuration.md", SparkConfigDocs.markdown());
    return pages;
  }

  /** The repository root, seen from a module's working directory during tests. */
  public static Path repositoryRoot() {
    return Paths.get("").toAbsolutePath().getParent();
  }

  /** Writes every page; run with {@code scripts/docs}. */
  public static void main(String[] args) throws IOException {
    Path root = args.length > 0 ? Paths.get(args[0]) : repositoryRoot();
    for (Map.Entry<String, String> page : pages().entrySet()) {
      Path file = root.resolve(page.getKey());
      Files.createDirectories(file.getParent());
      Files.writeString(file, page.getValue());
    }
  }
}

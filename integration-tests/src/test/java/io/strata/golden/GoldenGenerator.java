package io.strata.golden;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Writes the golden fixtures with Apache Paimon's own Java API: tables under {@code
 * warehouse/golden.db/}, what Paimon reads from them under {@code expected/}, {@code
 * binary-rows.tsv}, {@code avro-schemas/} and {@code json/}. Run it through {@code scripts/golden},
 * which passes {@code table-core/src/test/resources/golden}; the directory is deleted and written
 * anew.
 */
public final class GoldenGenerator {

  /** Every table the families write, in the order they write them. */
  static final List<String> TABLES =
      List.of(
          "orders_seed004",
          "orders_seed002",
          "append_all_types",
          "append_fixed_bucket",
          "format_orc",
          "format_avro",
          "partition_expired",
          "pk_levels",
          "pk_partial_update",
          "pk_first_row",
          "pk_aggregation",
          "pk_deletion_vectors",
          "pk_dynamic_bucket",
          "append_deletion_vectors",
          "pk_deletion_vectors_levels",
          "schema_evolved",
          "expired");

  private GoldenGenerator() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 1) {
      System.err.println("usage: GoldenGenerator <output directory>");
      System.exit(2);
    }
    Path out = Path.of(args[0]).toAbsolutePath();
    deleteTree(out);
    Files.createDirectories(out);
    try (GoldenWarehouse w = new GoldenWarehouse(out.resolve("warehouse"))) {
      OrdersTables.write(w);
      AppendTables.write(w);
      PrimaryKeyTables.write(w);
      DeletionVectorTables.write(w);
      LifecycleTables.write(w);
      ExpectedRows.write(w, TABLES, out.resolve("expected"));
      AvroSchemas.write(w.table("orders_seed002"), out.resolve("avro-schemas"));
      LooseJson.write(w.table("orders_seed004").snapshotManager().snapshot(1), out.resolve("json"));
    }
    BinaryRows.write(out.resolve("binary-rows.tsv"));
    copyReadme(out.resolve("README.md"));
    System.out.println("Golden fixtures written to " + out);
  }

  private static void copyReadme(Path target) throws IOException {
    try (InputStream in = GoldenGenerator.class.getResourceAsStream("README.md")) {
      if (in == null) {
        throw new IllegalStateException("README.md resource of " + GoldenGenerator.class);
      }
      Files.copy(in, target);
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}

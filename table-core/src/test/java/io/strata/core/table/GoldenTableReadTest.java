package io.strata.core.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.GoldenFiles;
import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.format.GoldenRows;
import io.strata.core.io.HadoopFileIO;
import io.strata.core.options.Options;
import io.strata.core.scan.TableScan;
import io.strata.core.snapshot.Snapshot;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Tables written by real Paimon 1.3.1 read exactly as Paimon reads them, at every snapshot. */
class GoldenTableReadTest {

  static FileStoreTable golden(String name) {
    WarehouseCatalog catalog =
        new WarehouseCatalog(
            HadoopFileIO.local(), new Path(GoldenFiles.dir().resolve("warehouse").toUri()));
    return catalog.loadTable(new Identifier("golden", name));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "append_all_types",
        "append_fixed_bucket",
        "orders_seed004",
        "orders_seed002",
        "pk_levels",
        "pk_first_row",
        "pk_dynamic_bucket",
        "expired",
        "partition_expired",
        "schema_evolved",
        "pk_partial_update",
        "pk_aggregation",
        "pk_deletion_vectors",
        "pk_deletion_vectors_levels",
        "append_deletion_vectors",
        "format_orc",
        "format_avro"
      })
  void readsEverySnapshotAsPaimonDoes(String name) throws Exception {
    FileStoreTable table = golden(name);
    java.nio.file.Path expectedDir = GoldenFiles.dir().resolve("expected").resolve(name);
    for (long id : table.snapshotManager().listIds()) {
      check(
          table,
          table.snapshotManager().snapshot(id),
          expectedDir.resolve("snapshot-" + id + ".tsv"));
    }
    check(table, table.snapshotManager().latest(), expectedDir.resolve("latest.tsv"));
  }

  private static void check(FileStoreTable table, Snapshot snapshot, java.nio.file.Path tsv)
      throws Exception {
    List<String> expected = Files.readAllLines(tsv);
    FileStoreTable asOf = table.withSchema(table.schemaManager().schema(snapshot.schemaId()));
    List<String> actual = new ArrayList<>();
    for (Object[] row :
        TableTestSupport.read(asOf, new TableScan(asOf, new Options(Map.of())), snapshot)) {
      actual.add(GoldenRows.render(asOf.schema().rowType(), row));
    }
    actual.sort(null);
    assertThat(actual)
        .as("%s", tsv)
        .containsExactlyElementsOf(expected.subList(1, expected.size()));
  }
}

package io.strata.core.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.GoldenFiles;
import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.format.GoldenRows;
import io.strata.core.io.HadoopFileIO;
import io.strata.core.options.Options;
import io.strata.core.scan.TableScan;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Append tables written by real Paimon 1.3.1 read exactly as Paimon reads them. */
class GoldenTableReadTest {

  @ParameterizedTest
  @ValueSource(strings = {"append_all_types", "append_fixed_bucket"})
  void readsLatestSnapshotAsPaimonDoes(String name) throws Exception {
    WarehouseCatalog catalog =
        new WarehouseCatalog(
            HadoopFileIO.local(), new Path(GoldenFiles.dir().resolve("warehouse").toUri()));
    FileStoreTable table = catalog.loadTable(new Identifier("golden", name));
    List<String> expected =
        Files.readAllLines(
            GoldenFiles.dir().resolve("expected").resolve(name).resolve("latest.tsv"));
    List<String> actual = new ArrayList<>();
    for (Object[] row :
        TableTestSupport.read(
            table, new TableScan(table, new Options(Map.of())), table.snapshotManager().latest())) {
      actual.add(GoldenRows.render(table.schema().rowType(), row));
    }
    actual.sort(null);
    assertThat(actual).containsExactlyElementsOf(expected.subList(1, expected.size()));
  }
}

package io.strata.spark.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.system.SystemTables;
import io.strata.spark.procedures.ProcedureDocs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The committed reference pages match what the code's definitions render. Regenerate them with
 * {@code scripts/docs} (this test with {@code -Dstrata.docs.regenerate=true}).
 */
class ReferenceDocsTest {

  @Test
  void committedPagesMatchTheDefinitions() throws Exception {
    Path root = ReferenceDocs.repositoryRoot();
    if (Boolean.getBoolean("strata.docs.regenerate")) {
      ReferenceDocs.main(new String[] {root.toString()});
    }
    for (Map.Entry<String, String> page : ReferenceDocs.pages().entrySet()) {
      Path file = root.resolve(page.getKey());
      assertThat(file).as(page.getKey() + " is missing: run scripts/docs").exists();
      assertThat(Files.readString(file))
          .as(page.getKey() + " is stale: run scripts/docs and commit the result")
          .isEqualTo(page.getValue());
    }
  }

  @Test
  void everyProcedureHasItsParametersOutputAndAnExample() {
    String page = ProcedureDocs.markdown();
    assertThat(page)
        .contains("## expire_snapshots\n\nExpires old snapshots")
        .contains("| `retain_max` | INT | no | Most snapshots to keep. |")
        .contains("| `deleted_snapshots_count` | BIGINT |")
        .contains("CALL sys.compact(table => 'db.orders'");
  }

  @Test
  void everySystemTableIsDocumentedWithItsColumns() {
    String page = SystemTableDocs.markdown();
    for (String name : SystemTables.names()) {
      assertThat(page).contains("\n## $" + name + "\n");
    }
    assertThat(page)
        .contains(
            "| `snapshot_id` | BIGINT NOT NULL | Snapshot id; each commit adds the next one. |")
        .contains("Columns: `rowkind` STRING NOT NULL");
  }

  @Test
  void sparkConfigurationNamesTheCatalogClassAndItsOptions() {
    String page = SparkConfigDocs.markdown();
    assertThat(page)
        .contains("`io.strata.spark.StrataCatalog`")
        .contains("| `warehouse` | string | (required) |")
        .contains("| `cache.manifest.small-file-threshold` | memory_size | 1048576 |")
        .contains("`spark.strata.<catalog>.<db>.<table>.<option>`")
        .contains("`spark.sql.sources.partitionOverwriteMode` | STATIC |");
  }
}

package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.it.SparkSessionSuite.Database;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.stats.ColStats;
import org.apache.paimon.stats.Statistics;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.TableCommitImpl;
import org.apache.paimon.table.source.ReadBuilder;
import org.junit.jupiter.api.Test;

/**
 * {@code t$aggregation_fields} and {@code t$statistics} show what Apache Paimon 1.3.1's system
 * tables of the same names show for the same table: compared row for row with Paimon's own.
 */
@Database(PaimonMetadataTablesInteropTest.DB)
class PaimonMetadataTablesInteropTest extends SparkSessionSuite {

  static final String DB = "metadata_tables";

  private static List<String> strata(String table, String system, String suffix) {
    return CanonicalRows.spark(
        spark
            .sql("SELECT * FROM strata." + DB + ".`" + table + "$" + system + "`" + suffix)
            .collectAsList());
  }

  @Test
  void aggregationFieldsShowEachColumnsOptionsAsPaimonDoes() {
    spark.sql(
        "CREATE TABLE strata."
            + DB
            + ".agg (k INT NOT NULL, price INT COMMENT 'unit price', sales BIGINT, note STRING)"
            + " TBLPROPERTIES ('primary-key' = 'k', 'bucket' = '1', 'merge-engine' = 'aggregation',"
            + " 'fields.price.aggregate-function' = 'max', 'fields.price.ignore-retract' = 'true',"
            + " 'fields.sales.aggregate-function' = 'sum')");
    List<String> strata = strata("agg", "aggregation_fields", "");
    assertThat(strata)
        .isEqualTo(PaimonOracle.systemTableRows(paimon.table(DB, "agg"), "aggregation_fields"))
        .contains(
            "k | INT NOT NULL | [] | [] | NULL",
            "sales | BIGINT | [sum] | [fields.sales.aggregate-function] | NULL")
        .anyMatch(row -> row.startsWith("price | INT | [") && row.endsWith("| unit price"));
  }

  /**
   * The {@code sys} database's catalog-wide tables: every table's options as Paimon's {@code
   * sys.all_table_options} lists them, and the catalog's own options.
   */
  @Test
  void sysTablesListEveryTablesOptionsAndTheCatalogsAsPaimonDoes() throws Exception {
    spark.sql(
        "CREATE TABLE strata."
            + DB
            + ".opts (id INT) TBLPROPERTIES ('bucket' = '2', 'bucket-key' = 'id',"
            + " 'snapshot.num-retained.max' = '70')");
    String where = " WHERE database_name = '" + DB + "' AND table_name = 'opts'";
    List<String> strata =
        CanonicalRows.spark(
            spark.sql("SELECT * FROM strata.sys.all_table_options" + where).collectAsList());
    Table paimonOptions =
        paimon
            .catalog()
            .getTable(org.apache.paimon.catalog.Identifier.create("sys", "all_table_options"));
    ReadBuilder builder = paimonOptions.newReadBuilder();
    List<String> expected = new ArrayList<>();
    try (RecordReader<InternalRow> reader =
        builder.newRead().createReader(builder.newScan().plan())) {
      reader.forEachRemaining(
          row -> {
            String rendered = CanonicalRows.paimon(paimonOptions.rowType(), row);
            if (rendered.startsWith(DB + " | opts | ")) {
              expected.add(rendered);
            }
          });
    }
    expected.sort(null);
    assertThat(strata)
        .isEqualTo(expected)
        .contains(DB + " | opts | bucket | 2", DB + " | opts | snapshot.num-retained.max | 70");

    assertThat(
            CanonicalRows.spark(
                spark
                    .sql("SELECT value FROM strata.sys.catalog_options WHERE key = 'warehouse'")
                    .collectAsList()))
        .hasSize(1);
    assertThat(
            CanonicalRows.spark(spark.sql("SHOW TABLES IN strata.sys").collectAsList()).stream()
                .map(r -> r.substring(r.indexOf('|') + 2, r.lastIndexOf('|') - 1))
                .toList())
        .containsExactlyInAnyOrder("all_table_options", "catalog_options");
    assertThatThrownBy(() -> spark.sql("SELECT * FROM strata.sys.nope").collect())
        .hasMessageContaining(
            "Table strata.sys.nope does not exist; tables in strata.sys: all_table_options,"
                + " catalog_options");
  }

  @Test
  void statisticsShowWhatPaimonsAnalyzeComputed() throws Exception {
    String t = "strata." + DB + ".analyzed";
    spark.sql("CREATE TABLE " + t + " (id BIGINT, name STRING)");
    spark.sql("INSERT INTO " + t + " VALUES (1, 'a'), (2, 'b'), (3, NULL)");
    assertThat(strata("analyzed", "statistics", "")).as("not analyzed yet").isEmpty();

    FileStoreTable table = paimon.table(DB, "analyzed");
    org.apache.paimon.Snapshot written = table.snapshotManager().latestSnapshot();
    try (BatchTableCommit commit = table.newBatchWriteBuilder().newCommit()) {
      ((TableCommitImpl) commit)
          .updateStatistics(
              new Statistics(
                  written.id(),
                  written.schemaId(),
                  3L,
                  96L,
                  Map.of(
                      "id", ColStats.newColStats(0, 3L, 1L, 3L, 0L, 8L, 8L),
                      "name", ColStats.newColStats(1, 2L, null, null, 1L, 1L, 1L))));
    }
    List<String> strata = strata("analyzed", "statistics", "");
    assertThat(strata)
        .hasSize(1)
        .isEqualTo(PaimonOracle.systemTableRows(paimon.table(DB, "analyzed"), "statistics"));
    assertThat(strata.get(0)).startsWith(written.id() + " | 0 | 3 | 96 | ");

    spark.sql("INSERT INTO " + t + " VALUES (4, 'd')");
    assertThat(strata("analyzed", "statistics", ""))
        .as("a later commit keeps them")
        .isEqualTo(strata);
    assertThat(strata("analyzed", "statistics", " VERSION AS OF " + written.id()))
        .as("the snapshot analyzed had none yet")
        .isEmpty();
  }
}

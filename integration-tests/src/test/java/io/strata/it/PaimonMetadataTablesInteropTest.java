package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.it.SparkSessionSuite.Database;
import java.io.IOException;
import java.io.UncheckedIOException;
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
import org.apache.paimon.table.system.SystemTableLoader;
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

  /** Paimon's own system table {@code system} of {@code table}, rendered and sorted. */
  private static List<String> paimonSystem(String table, String system) {
    Table t = SystemTableLoader.load(system, paimon.table(DB, table));
    ReadBuilder builder = t.newReadBuilder();
    List<String> out = new ArrayList<>();
    try (RecordReader<InternalRow> reader =
        builder.newRead().createReader(builder.newScan().plan())) {
      reader.forEachRemaining(row -> out.add(CanonicalRows.paimon(t.rowType(), row)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    out.sort(null);
    return out;
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
        .isEqualTo(paimonSystem("agg", "aggregation_fields"))
        .contains(
            "k | INT NOT NULL | [] | [] | NULL",
            "sales | BIGINT | [sum] | [fields.sales.aggregate-function] | NULL")
        .anyMatch(row -> row.startsWith("price | INT | [") && row.endsWith("| unit price"));
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
    assertThat(strata).hasSize(1).isEqualTo(paimonSystem("analyzed", "statistics"));
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

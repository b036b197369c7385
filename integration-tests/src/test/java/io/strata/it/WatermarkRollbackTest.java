package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.it.SparkSessionSuite.Database;
import java.util.List;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.manifest.ManifestCommittable;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.StreamTableWrite;
import org.apache.paimon.table.sink.StreamWriteBuilder;
import org.apache.paimon.table.sink.TableCommitImpl;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;

/**
 * {@code CALL sys.rollback_to_watermark} on snapshots whose watermarks Apache Paimon 1.3.1's
 * streaming commits recorded: the latest snapshot at or before the watermark becomes the latest.
 */
@Database(WatermarkRollbackTest.DB)
class WatermarkRollbackTest extends SparkSessionSuite {

  static final String DB = "watermarks";

  /** Paimon commits one row per watermark, as a streaming job's checkpoints do. */
  private static void commitWithWatermarks(FileStoreTable table, long... watermarks)
      throws Exception {
    StreamWriteBuilder builder = table.newStreamWriteBuilder();
    try (StreamTableWrite write = builder.newWrite();
        TableCommitImpl commit = (TableCommitImpl) builder.newCommit()) {
      for (int i = 0; i < watermarks.length; i++) {
        write.write(GenericRow.of((long) i));
        ManifestCommittable committable = new ManifestCommittable(i, watermarks[i]);
        write.prepareCommit(false, i).forEach(committable::addFileCommittable);
        commit.commit(committable);
      }
    }
  }

  private static List<Row> call(String args) {
    return spark
        .sql("CALL strata.sys.rollback_to_watermark(table => '" + DB + ".t'" + args + ")")
        .collectAsList();
  }

  @Test
  void theLatestSnapshotAtOrBeforeTheWatermarkBecomesTheLatest() throws Exception {
    spark.sql("CREATE TABLE strata." + DB + ".t (id BIGINT)");
    spark.sql("INSERT INTO strata." + DB + ".t VALUES (100)");
    commitWithWatermarks(paimon.table(DB, "t"), 1000, 2000, 3000);

    assertThatThrownBy(() -> call(", watermark => 999"))
        .hasMessageContaining("No snapshot has a watermark at or before 999")
        .hasMessageContaining("earliest watermark a snapshot records is 1000");
    assertThat(spark.sql("SELECT count(*) FROM strata." + DB + ".t").first().getLong(0))
        .isEqualTo(4);

    Row rolled = call(", watermark => 2500").get(0);

    assertThat(rolled.getLong(0)).isEqualTo(4);
    assertThat(rolled.getLong(1)).isEqualTo(3);
    assertThat(spark.sql("SELECT id FROM strata." + DB + ".t ORDER BY id").collectAsList())
        .extracting(r -> r.getLong(0))
        .containsExactly(0L, 1L, 100L);
    assertThat(PaimonOracle.rows(paimon.table(DB, "t"))).hasSize(3);
  }

  /**
   * {@code scan.watermark} reads the earliest snapshot whose watermark reached the one given, as
   * Paimon's batch read with the same option does; a Strata write after the streaming commits keeps
   * the last watermark, so reads of later watermarks than Paimon's find nothing on either side.
   */
  @Test
  void scanWatermarkReadsWhatPaimonReadsForTheSameWatermark() throws Exception {
    spark.sql("CREATE TABLE strata." + DB + ".w (id BIGINT)");
    spark.sql("INSERT INTO strata." + DB + ".w VALUES (100)");
    commitWithWatermarks(paimon.table(DB, "w"), 1000, 2000, 3000);
    spark.sql("INSERT INTO strata." + DB + ".w VALUES (200)");

    for (long watermark : new long[] {0, 1000, 1500, 2000, 3000}) {
      List<String> strata =
          CanonicalRows.spark(
              spark
                  .sql(
                      "SELECT * FROM strata."
                          + DB
                          + ".w WITH ('scan.watermark' = '"
                          + watermark
                          + "')")
                  .collectAsList());
      List<String> byPaimon =
          PaimonOracle.rows(
              paimon
                  .table(DB, "w")
                  .copy(java.util.Map.of("scan.watermark", String.valueOf(watermark))));
      assertThat(strata).as("scan.watermark = " + watermark).isEqualTo(byPaimon).isNotEmpty();
    }
    assertThatThrownBy(
            () ->
                spark
                    .sql("SELECT * FROM strata." + DB + ".w WITH ('scan.watermark' = '3001')")
                    .collectAsList())
        .hasMessageContaining("No snapshot has a watermark at or after 3001")
        .hasMessageContaining("the latest snapshot's watermark is 3000");
  }
}

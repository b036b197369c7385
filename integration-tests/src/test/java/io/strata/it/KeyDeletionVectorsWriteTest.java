package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.it.SparkSessionSuite.Database;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Spark writes to primary-key tables with deletion vectors (DataFrame appends, UPDATE, DELETE)
 * read, after every statement, exactly as a merge-on-read table given the same statements, for each
 * merge engine that allows deletion vectors; no level-0 file is left after a write.
 */
@Database(KeyDeletionVectorsWriteTest.NAME)
class KeyDeletionVectorsWriteTest extends SparkSessionSuite {

  static final String NAME = "dv_key_write";
  private static final String DB = "strata." + NAME;

  private static void create(String table, String engineOptions, boolean vectors) {
    spark.sql(
        "CREATE TABLE "
            + table
            + " (id BIGINT NOT NULL, a INT, b STRING) TBLPROPERTIES ('primary-key' = 'id',"
            + " 'bucket' = '3'"
            + engineOptions
            + (vectors ? ", 'deletion-vectors.enabled' = 'true'" : "")
            + ")");
  }

  private static List<String> rows(String table) {
    return CanonicalRows.spark(
        spark.sql("SELECT * FROM " + table + " ORDER BY id").collectAsList());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = ';',
      value = {
        "dedup; ; true",
        "partial; , 'merge-engine' = 'partial-update', 'ignore-delete' = 'true'; false",
        "agg; , 'merge-engine' = 'aggregation', 'fields.a.aggregate-function' = 'sum',"
            + " 'aggregation.remove-record-on-delete' = 'true'; true"
      })
  void everyStatementReadsAsMergeOnRead(String name, String engine, boolean deletes)
      throws Exception {
    String dv = DB + "." + name + "_dv";
    String mor = DB + "." + name + "_mor";
    create(dv, engine == null ? "" : engine, true);
    create(mor, engine == null ? "" : engine, false);
    Random random = new Random(name.hashCode());
    for (int step = 0; step < 12; step++) {
      List<String> statements = new ArrayList<>();
      int kind = random.nextInt(4);
      if (kind == 2 && deletes) {
        statements.add("DELETE FROM {t} WHERE id % 11 = " + random.nextInt(11));
      } else if (kind == 3 && !name.equals("agg")) {
        statements.add("UPDATE {t} SET b = 'u" + step + "' WHERE id % 7 = " + random.nextInt(7));
      } else {
        int from = random.nextInt(200);
        int count = 1 + random.nextInt(step % 4 == 0 ? 300 : 30);
        Dataset<Row> batch =
            spark.sql(
                "SELECT id, IF(id % 5 = 0, NULL, CAST(id * "
                    + (step + 1)
                    + " % 97 AS INT)) AS a, IF(id % 3 = 0, NULL, CONCAT('s"
                    + step
                    + "_', id)) AS b FROM range("
                    + from
                    + ", "
                    + (from + count)
                    + ", 1, 3)");
        batch.writeTo(dv).append();
        batch.writeTo(mor).append();
      }
      for (String s : statements) {
        spark.sql(s.replace("{t}", dv));
        spark.sql(s.replace("{t}", mor));
      }
      assertThat(rows(dv)).as("%s after step %s", name, step).isEqualTo(rows(mor));
      assertThat(
              spark
                  .sql("SELECT count(*) FROM " + DB + ".`" + name + "_dv$files` WHERE level = 0")
                  .first()
                  .getLong(0))
          .as("level 0 compacted up")
          .isZero();
    }
  }
}

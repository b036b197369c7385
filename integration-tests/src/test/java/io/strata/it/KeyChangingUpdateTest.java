package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.classic.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * An UPDATE that changes primary-key columns moves rows: it writes a DELETE of each old key. Tables
 * that refuse that DELETE refuse the statement with an error that says it is the key change (not
 * just the DELETE statement's error), and stay as they were. ({@code ignore-delete} drops the
 * DELETE, as {@code RowLevelPruningTest} shows.)
 */
class KeyChangingUpdateTest {

  private static SparkSession spark;

  @BeforeAll
  static void start() {
    spark = TestSpark$.MODULE$.session();
  }

  private static String table(String name, String properties) {
    String t = "strata.default.key_change_" + name;
    spark.sql("DROP TABLE IF EXISTS " + t);
    spark.sql(
        "CREATE TABLE "
            + t
            + " (id BIGINT, v BIGINT) TBLPROPERTIES ('primary-key' = 'id', 'bucket' = '1'"
            + properties
            + ")");
    spark.sql("INSERT INTO " + t + " VALUES (1, 10), (2, 20)");
    return t;
  }

  private static List<String> rows(String table) {
    return spark.sql("SELECT * FROM " + table + " ORDER BY id").collectAsList().stream()
        .map(Row::toString)
        .toList();
  }

  private static long snapshots(String table) {
    String name = table.substring(table.lastIndexOf('.') + 1);
    return spark.sql("SELECT * FROM strata.default.`" + name + "$snapshots`").count();
  }

  @Test
  void anAggregationTableRefusesToMoveRowsAndStaysAsItWas() {
    String t =
        table("agg", ", 'merge-engine' = 'aggregation', 'fields.v.aggregate-function' = 'sum'");
    assertThatThrownBy(() -> spark.sql("UPDATE " + t + " SET id = 5 WHERE id = 1"))
        .hasStackTraceContaining(
            "Cannot change the primary key (id) of rows of table key_change_agg: moving a row to"
                + " another key writes a DELETE of its old key, which this table refuses. Cannot"
                + " delete rows of table key_change_agg: its 'merge-engine' = 'aggregation'")
        .hasStackTraceContaining("'aggregation.remove-record-on-delete' = 'true'");
    assertThat(rows(t)).containsExactly("[1,10]", "[2,20]");
    assertThat(snapshots(t)).isEqualTo(1);
    // Updating other columns folds one more record into the key, which needs no DELETE.
    spark.sql("UPDATE " + t + " SET v = 1 WHERE id = 2");
    assertThat(rows(t)).containsExactly("[1,10]", "[2,21]");
  }

  @Test
  void aDeduplicateTableMovesTheRow() {
    String t = table("dedup", "");
    spark.sql("UPDATE " + t + " SET id = 5 WHERE id = 1");
    assertThat(rows(t)).containsExactly("[2,20]", "[5,10]");
  }
}

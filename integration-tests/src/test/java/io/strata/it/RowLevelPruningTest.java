package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.classic.SparkSession;
import org.apache.spark.sql.execution.CommandResultExec;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * DELETE, UPDATE and MERGE on primary-key tables read only the target columns they need: the
 * columns of each statement's target scan (its pruned read schema) and the rows it leaves, for each
 * merge engine.
 */
class RowLevelPruningTest {

  private static SparkSession spark;

  private static final String RULE = "io.strata.spark.extensions.PartialRowUpdates";

  private static final String COLUMNS =
      "(id BIGINT, a STRING, b INT, c DOUBLE, d STRING, dt STRING) PARTITIONED BY (dt)";
  private static final String ROWS = "(1, 'a1', 1, 1.0, 'd1', 'x'), (2, 'a2', 2, 2.0, 'd2', 'x')";

  @BeforeAll
  static void start() {
    spark = TestSpark$.MODULE$.session();
  }

  private static String table(String name, String properties) {
    String t = "strata.default.prune_" + name;
    spark.sql("DROP TABLE IF EXISTS " + t);
    spark.sql(
        "CREATE TABLE "
            + t
            + " "
            + COLUMNS
            + " TBLPROPERTIES ('primary-key' = 'dt,id', 'bucket' = '2'"
            + properties
            + ")");
    spark.sql("INSERT INTO " + t + " VALUES " + ROWS);
    return t;
  }

  /** Runs a statement and returns the columns its one scan of the target reads. */
  private static List<String> readColumns(String statement) {
    Dataset<Row> result = spark.sql(statement);
    SparkPlan plan = result.queryExecution().executedPlan();
    if (plan instanceof CommandResultExec command) {
      plan = command.commandPhysicalPlan();
    }
    List<BatchScanExec> scans = SparkPlans.find(plan, BatchScanExec.class);
    assertThat(scans).as("target scans of " + statement).hasSize(1);
    return Arrays.asList(scans.get(0).scan().readSchema().fieldNames());
  }

  private static List<String> rows(String table) {
    return spark.sql("SELECT * FROM " + table + " ORDER BY id").collectAsList().stream()
        .map(Row::toString)
        .toList();
  }

  private static final String SOURCE =
      "(SELECT 2L AS id, 'x' AS dt, 'new' AS a UNION ALL SELECT 3L, 'x', 'ins') s"
          + " ON t.id = s.id AND t.dt = s.dt";

  @Test
  void deduplicateReadsKeysAndUsedColumnsForDeletesAndWholeRowsForUpdates() {
    String t = table("dedup", "");
    assertThat(readColumns("DELETE FROM " + t + " WHERE b = 1")).containsExactly("id", "b", "dt");
    assertThat(
            readColumns(
                "MERGE INTO "
                    + t
                    + " t USING "
                    + SOURCE
                    + " WHEN MATCHED AND t.c > 5 THEN DELETE"
                    + " WHEN NOT MATCHED THEN INSERT (id, a, dt) VALUES (s.id, s.a, s.dt)"))
        .containsExactly("id", "c", "dt");
    // A deduplicate record replaces the whole row: every column but the assigned one is copied.
    assertThat(readColumns("UPDATE " + t + " SET a = 'z' WHERE id = 2"))
        .containsExactly("id", "b", "c", "d", "dt");
    assertThat(rows(t)).containsExactly("[2,z,2,2.0,d2,x]", "[3,ins,null,null,null,x]");
  }

  @Test
  void partialUpdateReadsOnlyKeysAndTheColumnsTheStatementUses() {
    String t = table("partial", ", 'merge-engine' = 'partial-update'");
    assertThat(readColumns("UPDATE " + t + " SET a = 'z' WHERE b = 2"))
        .containsExactly("id", "b", "dt");
    assertThat(readColumns("UPDATE " + t + " SET b = b + 10 WHERE id = 1"))
        .containsExactly("id", "b", "dt");
    assertThat(rows(t)).containsExactly("[1,a1,11,1.0,d1,x]", "[2,z,2,2.0,d2,x]");

    assertThat(
            readColumns(
                "MERGE INTO "
                    + t
                    + " t USING "
                    + SOURCE
                    + " WHEN MATCHED AND t.c > 1 THEN UPDATE SET d = s.a"
                    + " WHEN NOT MATCHED THEN INSERT (id, a, dt) VALUES (s.id, s.a, s.dt)"))
        .containsExactly("id", "c", "dt");
    assertThat(rows(t))
        .containsExactly("[1,a1,11,1.0,d1,x]", "[2,z,2,2.0,new,x]", "[3,ins,null,null,null,x]");

    assertThat(
            readColumns(
                "MERGE INTO " + t + " t USING " + SOURCE + " WHEN MATCHED THEN UPDATE SET a = s.a"))
        .containsExactly("id", "dt");
    assertThat(rows(t))
        .containsExactly("[1,a1,11,1.0,d1,x]", "[2,new,2,2.0,new,x]", "[3,ins,null,null,null,x]");
  }

  @Test
  void partialUpdateMergeRewritesEachUpdateClauseOnItsOwn() {
    String t = table("partial_multi", ", 'merge-engine' = 'partial-update'");
    assertThat(
            readColumns(
                "MERGE INTO "
                    + t
                    + " t USING "
                    + SOURCE
                    + " WHEN MATCHED AND s.a = 'new' THEN UPDATE SET b = 7"
                    + " WHEN MATCHED THEN UPDATE SET d = s.a"
                    + " WHEN NOT MATCHED BY SOURCE THEN UPDATE SET c = 0"))
        .containsExactly("id", "dt");
    assertThat(rows(t)).containsExactly("[1,a1,1,0.0,d1,x]", "[2,a2,7,2.0,d2,x]");
  }

  @Test
  void withoutTheRuleAPartialUpdateReadsWholeRowsWithTheSameResult() {
    String t = table("partial_whole", ", 'merge-engine' = 'partial-update'");
    spark.conf().set("spark.sql.optimizer.excludedRules", RULE);
    try {
      assertThat(readColumns("UPDATE " + t + " SET a = 'z' WHERE id = 2"))
          .containsExactly("id", "b", "c", "d", "dt");
    } finally {
      spark.conf().unset("spark.sql.optimizer.excludedRules");
    }
    assertThat(readColumns("UPDATE " + t + " SET b = 9 WHERE id = 2")).containsExactly("id", "dt");
    assertThat(rows(t)).containsExactly("[1,a1,1,1.0,d1,x]", "[2,z,9,2.0,d2,x]");
  }

  @Test
  void partialUpdateSetNullIgnoresTheNullAsEveryPartialUpdateWriteDoes() {
    String t = table("partial_null", ", 'merge-engine' = 'partial-update'");
    // Partial-update ignores nulls in any written record, with whole rows as with pruned ones: c
    // keeps its value, d takes the new one, and nothing else is touched.
    assertThat(readColumns("UPDATE " + t + " SET c = NULL, d = 'w' WHERE id = 2"))
        .containsExactly("id", "dt");
    assertThat(rows(t)).containsExactly("[1,a1,1,1.0,d1,x]", "[2,a2,2,2.0,w,x]");
  }

  @Test
  void partialUpdateKeyChangeWritesTheWholeRow() {
    String t =
        table("partial_key", ", 'merge-engine' = 'partial-update', 'ignore-delete' = 'true'");
    // The new key has no stored values to keep: the update copies every column. (The retraction
    // of the old key is dropped, as 'ignore-delete' says.)
    assertThat(readColumns("UPDATE " + t + " SET id = 20 WHERE id = 2"))
        .containsExactly("id", "a", "b", "c", "d", "dt");
    assertThat(rows(t))
        .containsExactly("[1,a1,1,1.0,d1,x]", "[2,a2,2,2.0,d2,x]", "[20,a2,2,2.0,d2,x]");
    assertThat(readColumns("DELETE FROM " + t + " WHERE c > 1.5")).containsExactly("id", "c", "dt");
  }

  @Test
  void partialUpdateKeepsTheSequenceField() {
    String t = "strata.default.prune_partial_seq";
    spark.sql("DROP TABLE IF EXISTS " + t);
    spark.sql(
        "CREATE TABLE "
            + t
            + " (id BIGINT, a STRING, b INT, ts BIGINT) TBLPROPERTIES ('primary-key' = 'id',"
            + " 'bucket' = '1', 'merge-engine' = 'partial-update', 'sequence.field' = 'ts')");
    spark.sql("INSERT INTO " + t + " VALUES (1, 'a', 1, 10), (2, 'b', 2, 20)");
    // The record must order with the row it updates: its sequence field is copied, not nulled.
    assertThat(readColumns("UPDATE " + t + " SET a = 'z' WHERE id = 1"))
        .containsExactly("id", "ts");
    assertThat(rows(t)).containsExactly("[1,z,1,10]", "[2,b,2,20]");
  }

  @Test
  void aggregationKeepsUnassignedAggregatesInsteadOfFoldingThemAgain() {
    String t = "strata.default.prune_agg";
    spark.sql("DROP TABLE IF EXISTS " + t);
    spark.sql(
        "CREATE TABLE "
            + t
            + " (id BIGINT, total BIGINT, hi INT, tags STRING, last STRING, note STRING)"
            + " TBLPROPERTIES ('primary-key' = 'id', 'bucket' = '1', 'merge-engine' ="
            + " 'aggregation', 'fields.total.aggregate-function' = 'sum',"
            + " 'fields.hi.aggregate-function' = 'max', 'fields.tags.aggregate-function' ="
            + " 'listagg', 'fields.last.aggregate-function' = 'last_value')");
    spark.sql(
        "INSERT INTO " + t + " VALUES (1, 10, 5, 'a', 'l1', 'n1'), (2, 20, 6, 'b', 'l2', NULL)");
    spark.sql("INSERT INTO " + t + " VALUES (1, 1, 3, 'c', 'l3', NULL)");
    // last_value takes nulls as values, so it is copied; sum, max and listagg would fold a copy
    // again (the sum would double): they get nulls and keep their values.
    assertThat(readColumns("UPDATE " + t + " SET note = 'u' WHERE id = 1"))
        .containsExactly("id", "last");
    assertThat(rows(t)).containsExactly("[1,11,5,a,c,l3,u]", "[2,20,6,b,l2,null]");
  }
}

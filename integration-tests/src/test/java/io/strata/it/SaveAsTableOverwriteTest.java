package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.classic.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code df.write.mode("overwrite").saveAsTable(t)} on an existing table overwrites its rows and
 * keeps the table: its primary key, partitioning, options, snapshots and tags. A query that fails
 * leaves the table as it was. Explicit replaces (SQL {@code CREATE OR REPLACE TABLE ... AS SELECT},
 * {@code writeTo(t).createOrReplace()}) still replace the table.
 */
class SaveAsTableOverwriteTest {

  private static SparkSession spark;

  @BeforeAll
  static void start() {
    spark = TestSpark$.MODULE$.session();
    sql("CREATE DATABASE IF NOT EXISTS strata.save_overwrite");
  }

  private static void sql(String statement) {
    spark.sql(statement).collect();
  }

  private static List<String> rows(String query) {
    List<String> rows = new ArrayList<>();
    for (Row row : spark.sql(query).collectAsList()) {
      rows.add(row.toString());
    }
    return rows;
  }

  /** A primary-key table partitioned by dt, with 2 rows in 2 partitions and a tag. */
  private static String keyedTable(String name) {
    String table = "strata.save_overwrite." + name;
    sql(
        "CREATE TABLE "
            + table
            + " (id BIGINT, v BIGINT, dt STRING) PARTITIONED BY (dt)"
            + " TBLPROPERTIES ('primary-key' = 'id,dt', 'bucket' = '2', 'snapshot.num-retained.min'"
            + " = '20')");
    sql("INSERT INTO " + table + " VALUES (1, 1, 'a'), (2, 2, 'b')");
    sql("CALL strata.sys.create_tag(table => 'save_overwrite." + name + "', tag => 'before')");
    return table;
  }

  @Test
  void overwriteKeepsTheTableItsHistoryAndTags() {
    String table = keyedTable("keeps");
    String definition = rows("SHOW CREATE TABLE " + table).get(0);

    spark.sql("SELECT 5L AS id, 50L AS v, 'a' AS dt").write().mode("overwrite").saveAsTable(table);

    assertThat(rows("SELECT * FROM " + table)).containsExactly("[5,50,a]");
    assertThat(rows("SHOW CREATE TABLE " + table)).containsExactly(definition);
    assertThat(
            rows(
                "SELECT snapshot_id, commit_kind FROM strata.save_overwrite.`keeps$snapshots`"
                    + " ORDER BY snapshot_id"))
        .containsExactly("[1,APPEND]", "[2,OVERWRITE]");
    assertThat(rows("SELECT * FROM " + table + " VERSION AS OF 'before' ORDER BY id"))
        .containsExactly("[1,1,a]", "[2,2,b]");
    // The key still deduplicates: the table was not recreated without one.
    sql("INSERT INTO " + table + " VALUES (5, 51, 'a')");
    assertThat(rows("SELECT * FROM " + table)).containsExactly("[5,51,a]");
  }

  @Test
  void dynamicPartitionOverwriteReplacesOnlyTheWrittenPartitions() {
    String table = keyedTable("dynamic");
    spark.conf().set("spark.sql.sources.partitionOverwriteMode", "dynamic");
    try {
      spark
          .sql("SELECT 7L AS id, 70L AS v, 'b' AS dt")
          .write()
          .mode("overwrite")
          .saveAsTable(table);
    } finally {
      spark.conf().unset("spark.sql.sources.partitionOverwriteMode");
    }
    assertThat(rows("SELECT * FROM " + table + " ORDER BY id"))
        .containsExactly("[1,1,a]", "[7,70,b]");
  }

  @Test
  void aFailingQueryLeavesTheTableAsItWas() {
    String table = keyedTable("failing");
    assertThatThrownBy(
            () ->
                spark
                    .sql(
                        "SELECT id, CAST(assert_true(id < 1) AS BIGINT) AS v, 'z' AS dt"
                            + " FROM range(3)")
                    .write()
                    .mode("overwrite")
                    .saveAsTable(table))
        .hasMessageContaining("is not true");
    assertThat(rows("SELECT * FROM " + table + " ORDER BY id"))
        .containsExactly("[1,1,a]", "[2,2,b]");
    assertThat(rows("SELECT count(*) FROM strata.save_overwrite.`failing$snapshots`"))
        .containsExactly("[1]");
  }

  @Test
  void anotherPartitioningIsRefused() {
    String table = keyedTable("repartition");
    assertThatThrownBy(
            () ->
                spark
                    .sql("SELECT 5L AS id, 50L AS v, 'a' AS dt")
                    .write()
                    .partitionBy("id")
                    .mode("overwrite")
                    .saveAsTable(table))
        .hasMessage(
            "Cannot overwrite strata.save_overwrite.repartition partitioned by [id]: the table is"
                + " partitioned by [dt], and an overwrite by saveAsTable keeps the table's"
                + " definition. Write without partitionBy (or with the table's partitioning), or"
                + " drop the table first to create it anew.");
    // The table's own partitioning is accepted.
    spark
        .sql("SELECT 5L AS id, 50L AS v, 'a' AS dt")
        .write()
        .partitionBy("dt")
        .mode("overwrite")
        .saveAsTable(table);
    assertThat(rows("SELECT * FROM " + table)).containsExactly("[5,50,a]");
  }

  @Test
  void overwriteWithMergeSchemaAddsTheNewColumns() {
    String table = keyedTable("merging");
    spark
        .sql("SELECT 5L AS id, 50L AS v, 'a' AS dt, 'n' AS note")
        .write()
        .option("mergeSchema", "true")
        .mode("overwrite")
        .saveAsTable(table);
    assertThat(rows("SELECT * FROM " + table)).containsExactly("[5,50,a,n]");
  }

  @Test
  void missingTablesAreCreatedAndEveryModeWorks() {
    String table = "strata.save_overwrite.created";
    spark.sql("SELECT 1L AS id, 'x' AS s").write().saveAsTable(table);
    assertThat(rows("DESCRIBE TABLE EXTENDED " + table))
        .anySatisfy(r -> assertThat(r).isEqualTo("[Provider,paimon,]"));
    spark.sql("SELECT 2L AS id, 'y' AS s").write().mode("append").saveAsTable(table);
    spark.sql("SELECT 3L AS id, 'z' AS s").write().mode("ignore").saveAsTable(table);
    assertThatThrownBy(
            () -> spark.sql("SELECT 4L AS id, 'w' AS s").write().mode("error").saveAsTable(table))
        .hasMessageContaining("already exists");
    assertThat(rows("SELECT * FROM " + table + " ORDER BY id")).containsExactly("[1,x]", "[2,y]");
    spark.sql("SELECT 9L AS id, 'o' AS s").write().mode("overwrite").saveAsTable(table);
    assertThat(rows("SELECT * FROM " + table)).containsExactly("[9,o]");
    assertThat(rows("SELECT count(*) FROM strata.save_overwrite.`created$snapshots`"))
        .containsExactly("[3]");

    String fresh = "strata.save_overwrite.fresh";
    spark.sql("SELECT 1L AS id").write().mode("overwrite").saveAsTable(fresh);
    assertThat(rows("SELECT * FROM " + fresh)).containsExactly("[1]");
  }

  @Test
  void explicitReplacesStillReplaceTheTable() {
    String table = keyedTable("replaced");
    sql("CREATE OR REPLACE TABLE " + table + " AS SELECT 1 AS x");
    assertThat(rows("SELECT * FROM " + table)).containsExactly("[1]");

    spark.sql("SELECT 'y' AS y").writeTo(table).createOrReplace();
    assertThat(rows("SELECT * FROM " + table)).containsExactly("[y]");

    sql("REPLACE TABLE " + table + " (z INT)");
    assertThat(rows("SELECT * FROM " + table)).isEmpty();
    assertThat(rows("SELECT count(*) FROM strata.save_overwrite.`replaced$snapshots`"))
        .containsExactly("[0]");
  }

  /**
   * A replace is written aside and put in place only when its write commits, so a failing query
   * leaves the old table, where Spark alone would have dropped it first.
   */
  @Test
  void aFailingReplaceLeavesTheTableAsItWas() throws Exception {
    String table = keyedTable("failed_replace");
    String failing = "SELECT id, CAST(assert_true(id < 1) AS STRING) AS w FROM range(3)";
    assertThatThrownBy(() -> sql("CREATE OR REPLACE TABLE " + table + " AS " + failing))
        .hasMessageContaining("is not true");
    assertThatThrownBy(() -> spark.sql(failing).writeTo(table).createOrReplace())
        .hasMessageContaining("is not true");
    assertThatThrownBy(() -> spark.sql(failing).writeTo(table).replace())
        .hasMessageContaining("is not true");
    assertThat(rows("SELECT * FROM " + table + " ORDER BY id"))
        .containsExactly("[1,1,a]", "[2,2,b]");
    assertThat(rows("SELECT * FROM " + table + " VERSION AS OF 'before' ORDER BY id"))
        .containsExactly("[1,1,a]", "[2,2,b]");
    java.nio.file.Path staging =
        java.nio.file.Path.of(
                new java.net.URI(
                    rows("SELECT value FROM strata.sys.all_table_options WHERE database_name ="
                            + " 'save_overwrite' AND table_name = 'failed_replace' AND key ="
                            + " 'path'")
                        .get(0)
                        .replaceAll("^\\[|\\]$", "")))
            .getParent()
            .resolve(".strata-staging");
    try (java.util.stream.Stream<java.nio.file.Path> left = java.nio.file.Files.list(staging)) {
      assertThat(left).as("staged tables of the failed replaces").isEmpty();
    }
    // A failed CTAS leaves no table either.
    assertThatThrownBy(() -> sql("CREATE TABLE strata.save_overwrite.never AS " + failing))
        .hasMessageContaining("is not true");
    assertThat(rows("SHOW TABLES IN strata.save_overwrite LIKE 'never'")).isEmpty();
  }

  @Test
  void otherFormatsAreRefusedByName() {
    assertThatThrownBy(
            () ->
                spark
                    .sql("SELECT 1L AS id")
                    .write()
                    .format("csv")
                    .saveAsTable("strata.save_overwrite.csv_table"))
        .hasMessage(
            "Catalog tables are Strata (Paimon-format) tables; USING csv is not supported. Omit"
                + " USING or write USING paimon (a DataFrame writer:"
                + " format(\"paimon\")).");
  }
}

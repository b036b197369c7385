package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.classic.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** DataFrame writes with the {@code mergeSchema} option add the columns the table lacks. */
class SchemaMergeWriteTest {

  private static SparkSession spark;

  @BeforeAll
  static void start() {
    spark = TestSpark$.MODULE$.session();
    spark.sql("CREATE DATABASE IF NOT EXISTS strata.merge_df").collect();
  }

  private static List<String> rows(String query) {
    List<String> rows = new ArrayList<>();
    for (Row row : spark.sql(query).collectAsList()) {
      rows.add(row.toString());
    }
    return rows;
  }

  @Test
  void writeToAppendWithMergeSchemaAddsColumns() throws Exception {
    spark.sql("CREATE TABLE strata.merge_df.a (id BIGINT, v INT)").collect();
    spark.sql("INSERT INTO strata.merge_df.a VALUES (1, 10)").collect();
    Dataset<Row> data = spark.sql("SELECT 'x' AS extra, 2L AS id, 20 AS v");
    assertThatThrownBy(() -> data.writeTo("strata.merge_df.a").append())
        .hasMessageContaining("the reason is too many data columns");

    data.writeTo("strata.merge_df.a").option("mergeSchema", "true").append();
    spark
        .sql("SELECT 3 AS id, named_struct('p', 1) AS s")
        .writeTo("strata.merge_df.a")
        .option("mergeSchema", "true")
        .append();

    assertThat(rows("SELECT * FROM strata.merge_df.a ORDER BY id"))
        .containsExactly("[1,10,null,null]", "[2,20,x,null]", "[3,null,null,[1]]");
    assertThat(rows("SELECT schema_id FROM strata.merge_df.`a$schemas` ORDER BY schema_id"))
        .containsExactly("[0]", "[1]", "[2]");
  }

  @Test
  void saveAsTableAndOverwriteMergeToo() throws Exception {
    spark
        .sql("CREATE TABLE strata.merge_df.b (id BIGINT, dt STRING) PARTITIONED BY (dt)")
        .collect();
    spark.sql("INSERT INTO strata.merge_df.b VALUES (1, 'd1'), (2, 'd2')").collect();
    spark
        .sql("SELECT 3L AS id, 'd1' AS dt, 1.5 AS score")
        .write()
        .option("mergeSchema", "true")
        .mode("append")
        .saveAsTable("strata.merge_df.b");
    spark
        .sql("SELECT 4L AS id, 'd2' AS dt, 'n' AS note")
        .writeTo("strata.merge_df.b")
        .option("mergeSchema", "true")
        .overwritePartitions();

    assertThat(rows("SELECT * FROM strata.merge_df.b ORDER BY id"))
        .containsExactly("[1,d1,null,null]", "[3,d1,1.5,null]", "[4,d2,null,n]");
  }

  @Test
  void dataThatDoesNotFitIsRefusedBeforeAnyFileIsWritten() {
    spark.sql("CREATE TABLE strata.merge_df.c (id BIGINT, v INT)").collect();
    assertThatThrownBy(
            () ->
                spark
                    .sql("SELECT 1L AS id, 'text' AS v")
                    .writeTo("strata.merge_df.c")
                    .option("mergeSchema", "true")
                    .append())
        .hasMessage(
            "Cannot merge the written data into column 'v': the data has type STRING and the table"
                + " INT, and neither widens to the other; cast the data to INT.");
    assertThat(rows("SELECT count(*) FROM strata.merge_df.`c$snapshots`")).containsExactly("[0]");
  }
}

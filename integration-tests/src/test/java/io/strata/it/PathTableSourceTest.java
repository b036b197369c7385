package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.classic.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code paimon} data source reads and writes a table by its directory, as Paimon's Spark
 * connector does: the same rows as through the catalog, read options applied, appends and
 * overwrites committed to the table, and clear errors for a missing path or table.
 */
class PathTableSourceTest {

  private static SparkSession spark;

  @BeforeAll
  static void start() {
    spark = TestSpark$.MODULE$.session();
    spark.sql("CREATE DATABASE IF NOT EXISTS strata.by_path").collect();
  }

  private static List<String> rows(Dataset<Row> data) {
    List<String> rows = new ArrayList<>();
    for (Row row : data.collectAsList()) {
      rows.add(row.toString());
    }
    return rows;
  }

  private static List<String> rows(String query) {
    return rows(spark.sql(query));
  }

  /** A primary-key table with two snapshots, and its directory. */
  private static String keyedTable(String name) {
    String table = "strata.by_path." + name;
    spark
        .sql(
            "CREATE TABLE "
                + table
                + " (id BIGINT, v STRING, dt STRING) PARTITIONED BY (dt)"
                + " TBLPROPERTIES ('primary-key' = 'id,dt', 'bucket' = '2')")
        .collect();
    spark.sql("INSERT INTO " + table + " VALUES (1, 'a', 'x'), (2, 'b', 'y')").collect();
    spark.sql("INSERT INTO " + table + " VALUES (1, 'a2', 'x')").collect();
    return rows("SELECT value FROM strata.sys.all_table_options WHERE database_name = 'by_path' AND"
            + " table_name = '"
            + name
            + "' AND key = 'path'")
        .get(0)
        .replaceAll("^\\[|\\]$", "");
  }

  @Test
  void readsTheTableAtAPath() {
    String path = keyedTable("read");
    Dataset<Row> byPath = spark.read().format("paimon").load(path);
    assertThat(byPath.schema().fieldNames()).containsExactly("id", "v", "dt");
    assertThat(rows(byPath.orderBy("id"))).containsExactly("[1,a2,x]", "[2,b,y]");
    assertThat(rows(byPath.filter("dt = 'y'"))).containsExactly("[2,b,y]");
    assertThat(
            rows(
                spark
                    .read()
                    .format("paimon")
                    .option("scan.snapshot-id", "1")
                    .load(path)
                    .orderBy("id")))
        .containsExactly("[1,a,x]", "[2,b,y]");
    assertThat(
            rows(spark.read().format("paimon").option("versionAsOf", "1").load(path).orderBy("id")))
        .containsExactly("[1,a,x]", "[2,b,y]");
    assertThatThrownBy(
            () ->
                spark
                    .read()
                    .format("paimon")
                    .option("timestampAsOf", "2000-01-01 00:00:00")
                    .load(path)
                    .collect())
        .hasMessageContaining("no snapshot earlier than or equal to timestamp");
    assertThat(rows(spark.read().format("paimon").option("path", path).load().select("id")))
        .hasSize(2);
  }

  @Test
  void writesAppendAndOverwriteToTheTableAtAPath() {
    String path = keyedTable("write");
    spark
        .sql("SELECT 3L AS id, 'c' AS v, 'x' AS dt")
        .write()
        .format("paimon")
        .mode("append")
        .save(path);
    assertThat(rows("SELECT * FROM strata.by_path.write ORDER BY id"))
        .containsExactly("[1,a2,x]", "[2,b,y]", "[3,c,x]");

    spark
        .sql("SELECT 1L AS id, 'z' AS v, 'x' AS dt")
        .write()
        .format("paimon")
        .mode("overwrite")
        .save(path);
    assertThat(rows("SELECT * FROM strata.by_path.write")).containsExactly("[1,z,x]");
    assertThat(
            rows(
                "SELECT commit_kind FROM strata.by_path.`write$snapshots` ORDER BY"
                    + " snapshot_id DESC LIMIT 1"))
        .containsExactly("[OVERWRITE]");
  }

  @Test
  void saveAsTableWithThePaimonFormatCreatesAndOverwrites() {
    spark
        .sql("SELECT 1L AS id, 'a' AS v")
        .write()
        .format("paimon")
        .saveAsTable("strata.by_path.saved");
    spark
        .sql("SELECT 2L AS id, 'b' AS v")
        .write()
        .format("paimon")
        .mode("overwrite")
        .saveAsTable("strata.by_path.saved");
    assertThat(rows("SELECT * FROM strata.by_path.saved")).containsExactly("[2,b]");
    // An overwrite, not a replace: the first snapshot is still there.
    assertThat(rows("SELECT count(*) FROM strata.by_path.`saved$snapshots`"))
        .containsExactly("[2]");
  }

  @Test
  void aMissingTableOrPathIsExplained(@TempDir Path empty) {
    String location = "file:" + empty.toAbsolutePath();
    assertThatThrownBy(() -> spark.read().format("paimon").load(location).collect())
        .hasMessageContaining("There is no table at " + location)
        .hasMessageContaining("Create it through a catalog");
    assertThatThrownBy(() -> spark.read().format("paimon").load().collect())
        .hasMessageContaining("The paimon data source needs the table's directory");
    // Writing to a path without a table creates none, in any mode.
    assertThatThrownBy(
            () ->
                spark.sql("SELECT 1L AS id").write().format("paimon").mode("append").save(location))
        .hasMessageContaining("There is no table at " + location);
    assertThatThrownBy(() -> spark.sql("SELECT 1L AS id").write().format("paimon").save(location))
        .hasMessage(
            "The paimon data source reads and writes existing tables by their directories; it"
                + " cannot create a table at "
                + location
                + "; create it in a catalog.");
    assertThat(empty.toFile().list()).isEmpty();
  }
}

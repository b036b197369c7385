package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.classic.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A missing table of the Strata catalog fails in one line (Spark's TABLE_OR_VIEW_NOT_FOUND
 * condition, the table, what its database holds, the fix); other errors and other catalogs keep
 * Spark's own messages.
 */
class MissingTableErrorTest {

  private static SparkSession spark;

  @BeforeAll
  static void start() {
    spark = TestSpark$.MODULE$.session();
    sql("CREATE DATABASE IF NOT EXISTS missing_tables");
    sql("CREATE TABLE IF NOT EXISTS missing_tables.people (id BIGINT, name STRING)");
    sql("CREATE TABLE IF NOT EXISTS missing_tables.orders (id BIGINT)");
    sql("CREATE DATABASE IF NOT EXISTS missing_tables_empty");
  }

  private static void sql(String s) {
    spark.sql(s).collect();
  }

  private static AnalysisException failure(String statement) {
    Throwable thrown = null;
    try {
      sql(statement);
    } catch (Throwable t) {
      thrown = t;
    }
    assertThat(thrown).as(statement).isInstanceOf(AnalysisException.class);
    return (AnalysisException) thrown;
  }

  @Test
  void aMissingTableIsOneLineNamingItAndTheTablesThatExist() {
    for (String statement :
        new String[] {
          "SELECT * FROM missing_tables.peple",
          "SELECT * FROM strata.missing_tables.peple",
          "INSERT INTO missing_tables.peple VALUES (1, 'a')",
          "SELECT * FROM missing_tables.peple VERSION AS OF 1"
        }) {
      AnalysisException e = failure(statement);
      assertThat(e.getCondition()).isEqualTo("TABLE_OR_VIEW_NOT_FOUND");
      assertThat(e.getMessage())
          .as(statement)
          .isEqualTo(
              "[TABLE_OR_VIEW_NOT_FOUND] Table strata.missing_tables.peple does not exist; tables"
                  + " in strata.missing_tables: orders, people. Check the name, or qualify it with"
                  + " its database (db.table) or run USE db. SQLSTATE: 42P01");
      assertThat(e.getCause()).isNull();
    }
  }

  @Test
  void anEmptyOrMissingDatabaseIsNamed() {
    assertThat(failure("SELECT * FROM missing_tables_empty.t").getMessage())
        .startsWith(
            "[TABLE_OR_VIEW_NOT_FOUND] Table strata.missing_tables_empty.t does not exist;"
                + " strata.missing_tables_empty has no tables.");
    assertThat(failure("SELECT * FROM no_such_database.t").getMessage())
        .startsWith(
            "[TABLE_OR_VIEW_NOT_FOUND] Table strata.no_such_database.t does not exist; database"
                + " strata.no_such_database does not exist either (SHOW DATABASES lists them).");
  }

  @Test
  void otherErrorsAndOtherCatalogsKeepSparksMessages() {
    assertThat(failure("SELECT nope FROM missing_tables.people").getCondition())
        .isEqualTo("UNRESOLVED_COLUMN.WITH_SUGGESTION");
    AnalysisException builtIn = failure("SELECT * FROM spark_catalog.default.no_such_table");
    assertThat(builtIn.getCondition()).isEqualTo("TABLE_OR_VIEW_NOT_FOUND");
    assertThat(builtIn.getMessage()).startsWith("[TABLE_OR_VIEW_NOT_FOUND] The table or view");
    spark.sql("SELECT 1 AS id").createOrReplaceTempView("peple_view");
    assertThat(spark.sql("SELECT * FROM peple_view").count()).isEqualTo(1);
    assertThatCode(() -> sql("DROP TABLE IF EXISTS missing_tables.peple"))
        .as("IF EXISTS still tolerates a missing table")
        .doesNotThrowAnyException();
  }
}

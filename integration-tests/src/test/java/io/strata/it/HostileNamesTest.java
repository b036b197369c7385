package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.spark.sql.classic.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Names that try to escape the warehouse, through SQL, procedures and the DataFrame API: each
 * statement fails with an error naming the rule it broke, and nothing around the warehouse (the
 * warehouse included) changes.
 */
class HostileNamesTest {

  private static final String CATALOG = "hostile";

  @TempDir static Path sandbox;
  private static SparkSession spark;
  private static Path victim;

  /** Names that escape, or could, in every form the issue lists. */
  private static final List<String> HOSTILE =
      List.of(
          "..",
          ".",
          "../../evil",
          "../../../victim",
          "bad/name",
          "a\\\\b",
          "nul\u0000",
          "new\nline",
          "rtl\u202e..",
          "\uff0e\uff0e",
          "a\u2215b",
          "\u2025",
          "x".repeat(300));

  @BeforeAll
  static void start() throws Exception {
    spark = TestSpark$.MODULE$.session();
    Path warehouse = Files.createDirectories(sandbox.resolve("a/b/warehouse"));
    victim = Files.createDirectories(sandbox.resolve("a/victim/schema"));
    Files.writeString(victim.resolve("schema-0"), "{}");
    spark.conf().set("spark.sql.catalog." + CATALOG, TestSpark$.MODULE$.CatalogClass());
    spark.conf().set("spark.sql.catalog." + CATALOG + ".warehouse", warehouse.toString());
    sql("CREATE DATABASE " + CATALOG + ".x");
    sql("CREATE TABLE " + CATALOG + ".x.ok (id BIGINT)");
    sql("INSERT INTO " + CATALOG + ".x.ok VALUES (1)");
  }

  @AfterAll
  static void stop() {
    spark.conf().unset("spark.sql.catalog." + CATALOG);
  }

  private static void sql(String statement) {
    spark.sql(statement).collect();
  }

  private static String quoted(String name) {
    return "`" + name.replace("`", "``") + "`";
  }

  private static String listing() throws Exception {
    try (Stream<Path> all = Files.walk(sandbox)) {
      return all.map(p -> sandbox.relativize(p) + (Files.isDirectory(p) ? "/" : " " + size(p)))
          .sorted()
          .collect(Collectors.joining("\n"));
    }
  }

  private static long size(Path p) {
    try {
      return Files.size(p);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** Runs {@code action}, expects an error containing {@code message}, and no file change. */
  private static String label = "";

  private static void refused(String message, ThrowingRunnable action) throws Exception {
    String before = listing();
    Throwable thrown = catchThrowable(action::run);
    assertThat(thrown).as("%s refused", label).isNotNull().hasMessageContaining(message);
    assertThat(listing()).isEqualTo(before);
    assertThat(victim.resolve("schema-0")).exists();
  }

  interface ThrowingRunnable {
    void run() throws Exception;
  }

  @Test
  void tableNamesThroughSql() throws Exception {
    refused(
        "it contains '$', which marks system tables",
        () -> sql("CREATE TABLE " + CATALOG + ".x.`t$x` (id BIGINT)"));
    refused(
        "it contains '$', which marks system tables",
        () -> spark.range(1).writeTo(CATALOG + ".x.`t$x`").create());
    for (String name : HOSTILE) {
      String table = CATALOG + ".x." + quoted(name);
      refused("Invalid table name", () -> sql("CREATE TABLE " + table + " (id BIGINT)"));
      refused("Invalid table name", () -> sql("INSERT INTO " + table + " VALUES (1)"));
      refused("Invalid table name", () -> sql("DROP TABLE " + table));
      refused("Invalid table name", () -> sql("DROP TABLE IF EXISTS " + table));
      refused("Invalid table name", () -> sql("SELECT * FROM " + table));
      refused("Invalid table name", () -> sql("CREATE TABLE " + table + " AS SELECT 1L AS id"));
      refused(
          "Invalid table name",
          () ->
              sql("ALTER TABLE " + CATALOG + ".x.ok RENAME TO " + CATALOG + ".x." + quoted(name)));
    }
  }

  @Test
  void databaseNamesThroughSql() throws Exception {
    for (String name : HOSTILE) {
      refused(
          "Invalid database name", () -> sql("CREATE DATABASE " + CATALOG + "." + quoted(name)));
      refused(
          "Invalid database name",
          () -> sql("CREATE TABLE " + CATALOG + "." + quoted(name) + ".t (id BIGINT)"));
      refused(
          "Invalid database name",
          () -> sql("DROP DATABASE " + CATALOG + "." + quoted(name) + " CASCADE"));
    }
    refused("'sys' is reserved", () -> sql("CREATE DATABASE " + CATALOG + ".sys"));
  }

  @Test
  void namesThroughTheDataFrameApi() throws Exception {
    for (String name : HOSTILE) {
      String table = CATALOG + ".x." + quoted(name);
      refused("Invalid table name", () -> spark.range(1).writeTo(table).create());
      refused("Invalid table name", () -> spark.range(1).writeTo(table).append());
      refused("Invalid table name", () -> spark.range(1).write().saveAsTable(table));
      refused("Invalid table name", () -> spark.table(table).collect());
    }
  }

  @Test
  void namesThroughProceduresAndTagDdl() throws Exception {
    String ok = CATALOG + ".x.ok";
    for (String name : HOSTILE) {
      label = name;
      String literal = "'" + name.replace("\\", "\\\\").replace("'", "\\'") + "'";
      refused(
          "Invalid tag name",
          () ->
              sql("CALL " + CATALOG + ".sys.create_tag(table => 'x.ok', tag => " + literal + ")"));
      refused(
          "Invalid tag name",
          () ->
              sql("CALL " + CATALOG + ".sys.delete_tag(table => 'x.ok', tag => " + literal + ")"));
      refused("Invalid tag name", () -> sql("ALTER TABLE " + ok + " CREATE TAG " + quoted(name)));
      refused(
          "Invalid consumer name",
          () ->
              sql(
                  "CALL "
                      + CATALOG
                      + ".sys.reset_consumer(table => 'x.ok', consumer_id => "
                      + literal
                      + ", next_snapshot_id => 1)"));
      String tableArg = "'x." + quoted(name).replace("\\", "\\\\").replace("'", "\\'") + "'";
      refused(
          "Invalid table name",
          () -> sql("CALL " + CATALOG + ".sys.expire_snapshots(table => " + tableArg + ")"));
      refused(
          "Invalid table name",
          () -> sql("CALL " + CATALOG + ".sys.remove_orphan_files(table => " + tableArg + ")"));
      refused(
          "Invalid table name",
          () -> sql("CALL " + CATALOG + ".sys.rollback(table => " + tableArg + ", snapshot => 1)"));
    }
    refused(
        "a numeric name would be ambiguous",
        () -> sql("CALL " + CATALOG + ".sys.create_tag(table => 'x.ok', tag => '7')"));
  }

  @Test
  void theTableItselfStillWorks() {
    assertThat(spark.sql("SELECT * FROM " + CATALOG + ".x.ok").collectAsList()).hasSize(1);
  }
}

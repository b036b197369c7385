package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.it.SparkSessionSuite.Database;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.table.source.Split;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Batch incremental reads ({@code incremental-between}, {@code incremental-between-timestamp},
 * {@code incremental-between-scan-mode}, {@code incremental-to-auto-tag}) of a table and its {@code
 * $audit_log} return what Apache Paimon 1.3.1's reads with the same options return, on tables
 * Strata wrote: snapshot ranges in delta, changelog and diff modes, tag ranges (always a diff),
 * timestamps. Paimon's plain reads hand out retractions with their row kind; a batch query drops
 * them, as Paimon's SQL engines do, so the oracle keeps only inserts and update-afters there.
 */
@Database(IncrementalReadInteropTest.DB)
class IncrementalReadInteropTest extends SparkSessionSuite {

  static final String DB = "incremental";

  /** Snapshot ids of the key table after each step, and the commit times of two of them. */
  private static long keyFirst;

  private static long keyLast;
  private static long keyFirstMillis;
  private static long keyLastMillis;

  private static void sql(String statement) {
    spark.sql(statement);
  }

  private static long latestSnapshot(String table) {
    return paimon.table(DB, table).snapshotManager().latestSnapshotId();
  }

  /**
   * A key table written in five steps: inserts, an update with a new key, a delete, a full
   * compaction, then an update and a new key; tags t1, t3 and t5 after steps 1, 3 and 5.
   */
  @BeforeAll
  static void writeTables() {
    String t = "strata." + DB + ".pk";
    sql(
        "CREATE TABLE "
            + t
            + " (id INT, v STRING, n BIGINT) TBLPROPERTIES ('primary-key' = 'id', 'bucket' = '2')");
    sql("INSERT INTO " + t + " VALUES (1, 'a', 10), (2, 'b', 20), (3, 'c', 30)");
    keyFirst = latestSnapshot("pk");
    keyFirstMillis = paimon.table(DB, "pk").snapshotManager().latestSnapshot().timeMillis();
    sql("CALL strata.sys.create_tag(table => '" + DB + ".pk', tag => 't1')");
    sql("INSERT INTO " + t + " VALUES (2, 'bb', 21), (4, 'd', 40)");
    sql("DELETE FROM " + t + " WHERE id = 1");
    sql("CALL strata.sys.create_tag(table => '" + DB + ".pk', tag => 't3')");
    sql("CALL strata.sys.compact(table => '" + DB + ".pk', compact_strategy => 'full')");
    sql("INSERT INTO " + t + " VALUES (3, 'cc', 31), (5, 'e', 50)");
    sql("CALL strata.sys.create_tag(table => '" + DB + ".pk', tag => 't5')");
    keyLast = latestSnapshot("pk");
    keyLastMillis = paimon.table(DB, "pk").snapshotManager().latestSnapshot().timeMillis();
  }

  /** What Strata's batch read of {@code table} (or its {@code $audit_log}) returns, sorted. */
  private static List<String> strata(String table, Map<String, String> options) {
    String with =
        options.entrySet().stream()
            .map(e -> "'" + e.getKey() + "' = '" + e.getValue() + "'")
            .collect(Collectors.joining(", "));
    String name = table.contains("$") ? "`" + table + "`" : table;
    return CanonicalRows.spark(
        spark
            .sql("SELECT * FROM strata." + DB + "." + name + " WITH (" + with + ")")
            .collectAsList());
  }

  /**
   * What Paimon's read of {@code table} with the same options returns, sorted; retractions only in
   * {@code $audit_log}, where each row carries its kind.
   */
  private static List<String> paimonRows(String table, Map<String, String> options) {
    Table read;
    try {
      read = paimon.catalog().getTable(Identifier.create(DB, table)).copy(options);
    } catch (Catalog.TableNotExistException e) {
      throw new IllegalStateException(e);
    }
    boolean audit = table.endsWith("$audit_log");
    ReadBuilder builder = read.newReadBuilder();
    List<String> out = new ArrayList<>();
    for (Split split : builder.newScan().plan().splits()) {
      try (RecordReader<InternalRow> reader = builder.newRead().createReader(split)) {
        reader.forEachRemaining(
            row -> {
              if (audit || row.getRowKind().isAdd()) {
                out.add(CanonicalRows.paimon(read.rowType(), row));
              }
            });
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    out.sort(null);
    return out;
  }

  private static Map<String, String> options(String... keysAndValues) {
    Map<String, String> options = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      options.put(keysAndValues[i], keysAndValues[i + 1]);
    }
    return options;
  }

  private static void assertSameAsPaimon(String table, Map<String, String> options) {
    for (String read : List.of(table, table + "$audit_log")) {
      assertThat(strata(read, options))
          .as(read + " with " + options)
          .isEqualTo(paimonRows(read, options));
    }
  }

  @Test
  void snapshotRangesReadWhatPaimonReads() {
    for (String range :
        List.of(
            (keyFirst - 1) + "," + keyLast,
            keyFirst + "," + keyLast,
            keyFirst + "," + (keyFirst + 2),
            (keyFirst + 2) + "," + (keyFirst + 3),
            keyLast + "," + keyLast)) {
      for (String mode : List.of("auto", "delta", "diff")) {
        if (mode.equals("diff") && range.startsWith("0,")) {
          continue; // a diff compares two existing snapshots: see badRangesFailWithWhatExists
        }
        assertSameAsPaimon(
            "pk", options("incremental-between", range, "incremental-between-scan-mode", mode));
      }
    }
    assertThat(strata("pk", options("incremental-between", keyFirst + "," + keyLast)))
        .as("the records of the writes after the first, retractions dropped")
        .containsExactlyInAnyOrder("2 | bb | 21", "3 | cc | 31", "4 | d | 40", "5 | e | 50")
        .doesNotContain("1 | a | 10");
  }

  @Test
  void tagRangesAreDiffsAsInPaimon() {
    for (String tags : List.of("t1,t3", "t1,t5", "t3,t5", "t5,t5")) {
      assertSameAsPaimon("pk", options("incremental-between", tags));
    }
    assertThat(strata("pk$audit_log", options("incremental-between", "t1,t5")))
        .containsExactlyInAnyOrder(
            "-D | 1 | a | 10",
            "+I | 2 | bb | 21",
            "+I | 3 | cc | 31",
            "+I | 4 | d | 40",
            "+I | 5 | e | 50");
  }

  @Test
  void timestampRangesReadWhatPaimonReads() {
    for (String mode : List.of("auto", "diff")) {
      for (String times :
          List.of(
              keyFirstMillis + "," + keyLastMillis,
              (keyFirstMillis - 1) + "," + keyLastMillis,
              "0," + (keyLastMillis + 1000),
              (keyLastMillis + 1) + "," + (keyLastMillis + 2))) {
        assertSameAsPaimon(
            "pk",
            options("incremental-between-timestamp", times, "incremental-between-scan-mode", mode));
      }
    }
  }

  @Test
  void appendTablesReadTheirAddedFilesAsInPaimon() {
    String t = "strata." + DB + ".ap";
    sql("CREATE TABLE " + t + " (id INT, p STRING) PARTITIONED BY (p)");
    sql("INSERT INTO " + t + " VALUES (1, 'x'), (2, 'y')");
    long first = latestSnapshot("ap");
    sql("CALL strata.sys.create_tag(table => '" + DB + ".ap', tag => 'a1')");
    sql("INSERT INTO " + t + " VALUES (3, 'x')");
    sql("INSERT OVERWRITE " + t + " PARTITION (p = 'y') VALUES (4)");
    sql("INSERT INTO " + t + " VALUES (5, 'y')");
    sql("CALL strata.sys.create_tag(table => '" + DB + ".ap', tag => 'a2')");
    long last = latestSnapshot("ap");
    for (String range : List.of((first - 1) + "," + last, first + "," + last)) {
      for (String mode : List.of("delta", "diff")) {
        if (mode.equals("diff") && range.startsWith("0,")) {
          continue;
        }
        assertSameAsPaimon(
            "ap", options("incremental-between", range, "incremental-between-scan-mode", mode));
      }
    }
    assertSameAsPaimon("ap", options("incremental-between", "a1,a2"));
    assertThat(
            CanonicalRows.spark(
                spark
                    .sql(
                        "SELECT * FROM "
                            + t
                            + " WITH ('incremental-between' = '"
                            + first
                            + ","
                            + last
                            + "') WHERE p = 'x'")
                    .collectAsList()))
        .as("a partition filter prunes the other partitions' buckets")
        .containsExactly("3 | x");
  }

  @Test
  void changelogTablesReadTheirChangelogFilesAsInPaimon() {
    for (String producer : List.of("input", "lookup")) {
      String name = "cl_" + producer;
      String t = "strata." + DB + "." + name;
      sql(
          "CREATE TABLE "
              + t
              + " (id INT, v STRING) TBLPROPERTIES ('primary-key' = 'id', 'bucket' = '1',"
              + " 'changelog-producer' = '"
              + producer
              + "')");
      sql("INSERT INTO " + t + " VALUES (1, 'a'), (2, 'b')");
      long first = latestSnapshot(name);
      sql("INSERT INTO " + t + " VALUES (2, 'bb'), (3, 'c')");
      sql("DELETE FROM " + t + " WHERE id = 1");
      long last = latestSnapshot(name);
      for (String range : List.of((first - 1) + "," + last, first + "," + last)) {
        for (String mode : List.of("auto", "changelog", "delta", "diff")) {
          if (mode.equals("diff") && range.startsWith("0,")) {
            continue;
          }
          assertSameAsPaimon(
              name, options("incremental-between", range, "incremental-between-scan-mode", mode));
        }
      }
      assertThat(strata(name + "$audit_log", options("incremental-between", first + "," + last)))
          .as(producer + ": the changelog of the writes after the first")
          .contains("+I | 3 | c")
          .anyMatch(row -> row.startsWith("-D | 1 | "));
    }
  }

  @Test
  void automaticTagRangesAreDiffsFromTheTagBefore() {
    String t = "strata." + DB + ".auto";
    sql(
        "CREATE TABLE "
            + t
            + " (id INT, v STRING) TBLPROPERTIES ('primary-key' = 'id', 'bucket' = '1')");
    sql("INSERT INTO " + t + " VALUES (1, 'a'), (2, 'b')");
    sql("CALL strata.sys.create_tag(table => '" + DB + ".auto', tag => '2026-12-01')");
    sql("INSERT INTO " + t + " VALUES (2, 'bb')");
    sql("CALL strata.sys.create_tag(table => '" + DB + ".auto', tag => 'manual')");
    sql("INSERT INTO " + t + " VALUES (3, 'c')");
    sql("CALL strata.sys.create_tag(table => '" + DB + ".auto', tag => '2026-12-03')");
    for (String tag : List.of("2026-12-03", "2026-12-01", "2026-12-02")) {
      assertSameAsPaimon("auto", options("incremental-to-auto-tag", tag));
    }
    assertThat(strata("auto", options("incremental-to-auto-tag", "2026-12-03")))
        .containsExactlyInAnyOrder("2 | bb", "3 | c");
    assertThatThrownBy(() -> strata("auto", options("incremental-to-auto-tag", "manual")))
        .hasMessageContaining("Specified tag 'manual' is not an auto-created tag");
  }

  /**
   * A partitioned deletion-vector table whose schema gained a column in the range: plain diffs
   * agree with Paimon's. Its {@code $audit_log} diff shows the key deleted through a deletion
   * vector as {@code -D}, where Paimon's diff, which leaves a file both versions hold out of the
   * comparison whatever its vector, misses it; its delta holds the records the writes added, where
   * Paimon's holds none.
   */
  @Test
  void deletionVectorTablesAcrossSchemaChanges() {
    String t = "strata." + DB + ".dv";
    sql(
        "CREATE TABLE "
            + t
            + " (id INT, p STRING, v STRING) PARTITIONED BY (p) TBLPROPERTIES ("
            + "'primary-key' = 'id,p', 'bucket' = '2', 'deletion-vectors.enabled' = 'true')");
    sql(
        "INSERT INTO "
            + t
            + " VALUES (1, 'a', 'x1'), (2, 'a', 'x2'), (3, 'b', 'x3'), (4, 'b', 'x4')");
    long first = latestSnapshot("dv");
    sql("CALL strata.sys.create_tag(table => '" + DB + ".dv', tag => 'd1')");
    sql("UPDATE " + t + " SET v = 'y1' WHERE id = 1");
    sql("DELETE FROM " + t + " WHERE id = 2");
    sql("ALTER TABLE " + t + " ADD COLUMN w INT");
    sql("INSERT INTO " + t + " VALUES (5, 'a', 'x5', 7), (3, 'b', 'y3', 8)");
    sql("CALL strata.sys.create_tag(table => '" + DB + ".dv', tag => 'd2')");
    long last = latestSnapshot("dv");
    for (Map<String, String> options :
        List.of(
            options("incremental-between", "d1,d2"),
            options(
                "incremental-between",
                first + "," + last,
                "incremental-between-scan-mode",
                "diff"))) {
      assertThat(strata("dv", options))
          .as("dv with " + options)
          .isEqualTo(paimonRows("dv", options));
    }
    assertThat(strata("dv", options("incremental-between", "d1,d2")))
        .containsExactlyInAnyOrder("1 | a | y1 | NULL", "3 | b | y3 | 8", "5 | a | x5 | 7");
    assertThat(strata("dv$audit_log", options("incremental-between", "d1,d2")))
        .contains("-D | 2 | a | x2 | NULL");
    // Paimon's delta read of a deletion-vector table skips level 0, where every write lands, so
    // it returns nothing; Strata returns the records the writes of the range added.
    Map<String, String> delta = options("incremental-between", first + "," + last);
    assertThat(paimonRows("dv", delta)).isEmpty();
    assertThat(strata("dv", delta))
        .containsExactlyInAnyOrder("1 | a | y1 | NULL", "3 | b | y3 | 8", "5 | a | x5 | 7");
  }

  /** Paimon's table functions for incremental queries read what the read options read. */
  @Test
  void paimonsTableFunctionsReadTheSameAsTheOptions() {
    String range = keyFirst + "," + keyLast;
    assertThat(
            CanonicalRows.spark(
                spark
                    .sql(
                        "SELECT * FROM paimon_incremental_query('strata."
                            + DB
                            + ".pk', "
                            + range
                            + ")")
                    .collectAsList()))
        .isEqualTo(strata("pk", options("incremental-between", range)))
        .isNotEmpty();
    assertThat(
            CanonicalRows.spark(
                spark
                    .sql(
                        "SELECT * FROM paimon_incremental_query('strata."
                            + DB
                            + ".pk$audit_log', 't1', 't5')")
                    .collectAsList()))
        .isEqualTo(strata("pk$audit_log", options("incremental-between", "t1,t5")));
    String times = keyFirstMillis + "," + keyLastMillis;
    assertThat(
            CanonicalRows.spark(
                spark
                    .sql(
                        "SELECT id FROM paimon_incremental_between_timestamp('strata."
                            + DB
                            + ".pk', "
                            + times
                            + ") WHERE n > 30")
                    .collectAsList()))
        .containsExactlyInAnyOrder("4", "5", "3");
    assertThatThrownBy(
            () -> spark.sql("SELECT * FROM paimon_incremental_query('strata." + DB + ".pk', 1)"))
        .hasMessageContaining(
            "paimon_incremental_query takes a table name, a start and an end (snapshot ids or"
                + " tag names)");
  }

  /** As a table option, incremental-between makes every batch read of the table incremental. */
  @Test
  void aTableOptionMakesEveryReadIncremental() {
    String t = "strata." + DB + ".prop";
    sql("CREATE TABLE " + t + " (id INT)");
    sql("INSERT INTO " + t + " VALUES (1)");
    long first = latestSnapshot("prop");
    sql("INSERT INTO " + t + " VALUES (2)");
    sql(
        "ALTER TABLE "
            + t
            + " SET TBLPROPERTIES ('incremental-between' = '"
            + first
            + ","
            + (first + 1)
            + "')");
    assertThat(CanonicalRows.spark(spark.sql("SELECT * FROM " + t).collectAsList()))
        .containsExactly("2");
    assertThat(spark.sql("DESCRIBE TABLE EXTENDED " + t).collectAsList().toString())
        .contains("StrataIncrementalScan[prop");
    sql("ALTER TABLE " + t + " UNSET TBLPROPERTIES ('incremental-between')");
    assertThat(CanonicalRows.spark(spark.sql("SELECT * FROM " + t).collectAsList()))
        .containsExactly("1", "2");
  }

  @Test
  void badRangesFailWithWhatExists() {
    assertThatThrownBy(() -> strata("pk", options("incremental-between", "nope,t3")))
        .hasMessageContaining("Didn't find two tags for start 'nope' and end 't3'")
        .hasMessageContaining("Existing tags: t1, t3, t5");
    assertThatThrownBy(() -> strata("pk", options("incremental-between", "3,1")))
        .hasMessageContaining("Ending snapshotId 1 should be >= starting snapshotId 3");
    assertThatThrownBy(() -> strata("pk", options("incremental-between", "0," + (keyLast + 5))))
        .hasMessageContaining(
            "The specified scan snapshotId range [0, "
                + (keyLast + 5)
                + "] is out of available snapshotId range [1, "
                + keyLast
                + "]");
    assertThatThrownBy(
            () ->
                strata(
                    "pk",
                    options("incremental-between", "0,1", "incremental-between-scan-mode", "diff")))
        .hasMessageContaining("The specified scan snapshotId 0 is out of available snapshotId");
    assertThatThrownBy(() -> strata("pk", options("incremental-between", "1")))
        .hasMessageContaining("must name a start (exclusive) and an end (inclusive)");
    assertThatThrownBy(() -> strata("pk", options("incremental-between", "t5,t1")))
        .hasMessageContaining("Tag end 't1' with snapshot id " + keyFirst);
    assertThatThrownBy(
            () ->
                strata(
                    "pk",
                    options("incremental-between", "1,2", "incremental-between-scan-mode", "x")))
        .hasMessageContaining("incremental-between-scan-mode");
    assertThatThrownBy(
            () -> strata("pk", options("incremental-between", "1,2", "scan.snapshot-id", "1")))
        .hasMessageContaining("Only one of [incremental-between, scan.snapshot-id]");
    assertThatThrownBy(() -> strata("pk$ro", options("incremental-between", "1,2")))
        .hasMessageContaining("not $ro");
    assertThatThrownBy(
            () -> strata("pk", options("incremental-between-timestamp", "yesterday,today")))
        .hasMessageContaining("The incremental-between-timestamp 'yesterday,today' must be");
  }
}

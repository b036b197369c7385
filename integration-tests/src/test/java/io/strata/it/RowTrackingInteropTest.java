package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.it.SparkSessionSuite.Database;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.paimon.append.AppendCompactTask;
import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.manifest.ManifestEntry;
import org.apache.paimon.operation.BaseAppendFileStoreWrite;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.SpecialFields;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.table.source.Split;
import org.apache.paimon.types.RowType;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/**
 * Row tracking ({@code row-tracking.enabled}): Strata's commits give new files the next row ids and
 * the snapshot id as sequence number, as Apache Paimon 1.3.1's do, so that each engine's rows keep
 * the ids the other reads; {@code _ROW_ID} and {@code _SEQUENCE_NUMBER} read as metadata columns,
 * also from files Paimon's compaction rewrote.
 */
@Database(RowTrackingInteropTest.DB)
class RowTrackingInteropTest extends SparkSessionSuite {

  static final String DB = "tracking";

  private static void sql(String statement) {
    spark.sql(statement);
  }

  /** Strata's rows with their row id and sequence number, sorted. */
  private static List<String> strataRows(String table) {
    return CanonicalRows.spark(
        spark
            .sql("SELECT id, v, _ROW_ID, _SEQUENCE_NUMBER FROM strata." + DB + "." + table)
            .collectAsList());
  }

  /** Paimon's rows read with its row-tracking columns, sorted. */
  private static List<String> paimonRows(String table) {
    FileStoreTable t = paimon.table(DB, table);
    RowType type = SpecialFields.rowTypeWithRowTracking(t.rowType());
    ReadBuilder builder = t.newReadBuilder().withReadType(type);
    List<String> out = new ArrayList<>();
    for (Split split : builder.newScan().plan().splits()) {
      try (RecordReader<InternalRow> reader = builder.newRead().createReader(split)) {
        reader.forEachRemaining(row -> out.add(CanonicalRows.paimon(type, row)));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    out.sort(null);
    return out;
  }

  /** Creates {@code table} (id INT, v STRING) with row tracking. */
  private static void createTracked(String table) {
    sql(
        "CREATE TABLE "
            + table
            + " (id INT, v STRING) TBLPROPERTIES ('row-tracking.enabled' = 'true')");
  }

  /** MERGE of {@code source} rows (id, v) into {@code table}: updates v, inserts the others. */
  private static void merge(String table, Row... source) {
    spark
        .createDataFrame(
            List.of(source),
            new StructType().add("id", DataTypes.IntegerType).add("v", DataTypes.StringType))
        .createOrReplaceTempView("merge_source");
    sql(
        "MERGE INTO "
            + table
            + " t USING merge_source s ON t.id = s.id"
            + " WHEN MATCHED THEN UPDATE SET v = s.v WHEN NOT MATCHED THEN INSERT *");
  }

  private static GenericRow row(int id, String v) {
    return GenericRow.of(id, BinaryString.fromString(v));
  }

  @Test
  void rowIdsAndSequenceNumbersAgreeAcrossEnginesAndCompaction() throws Exception {
    String t = "strata." + DB + ".rt";
    createTracked(t);
    sql("INSERT INTO " + t + " VALUES (1, 'a'), (2, 'b'), (3, 'c')");
    sql("INSERT INTO " + t + " VALUES (4, 'd'), (5, 'e')");
    PaimonOracle.write(paimon.table(DB, "rt"), List.of(row(6, "f"), row(7, "g")));
    sql("INSERT INTO " + t + " VALUES (8, 'h')");

    List<String> strata = strataRows("rt");
    assertThat(strata).isEqualTo(paimonRows("rt"));
    assertThat(
            spark.sql("SELECT _ROW_ID FROM " + t + " ORDER BY _ROW_ID").collectAsList().stream()
                .map(r -> r.getLong(0))
                .toList())
        .containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L);
    assertThat(paimon.table(DB, "rt").snapshotManager().latestSnapshot().nextRowId()).isEqualTo(8L);

    compactWithPaimon("rt");
    assertThat(strataRows("rt")).as("after Paimon's compaction").isEqualTo(strata);
    assertThat(paimonRows("rt")).isEqualTo(strata);

    sql("INSERT INTO " + t + " VALUES (9, 'i')");
    assertThat(strataRows("rt")).isEqualTo(paimonRows("rt")).contains("9 | i | 8 | 6");
  }

  /**
   * Files rewritten under an older schema list that schema's names in their {@code writeCols}:
   * after columns are added and renamed, reads, stats-pruned filters and another compaction still
   * find every row's columns and ids, in Strata and in Paimon.
   */
  @Test
  void rewritesAcrossSchemaChangesKeepIds() {
    String t = "strata." + DB + ".evolved";
    createTracked(t);
    sql("INSERT INTO " + t + " VALUES (1, 'a'), (2, 'b')");
    sql("UPDATE " + t + " SET v = 'B' WHERE id = 2");
    sql("ALTER TABLE " + t + " ADD COLUMN w INT");
    sql("ALTER TABLE " + t + " RENAME COLUMN v TO name");
    sql("INSERT INTO " + t + " VALUES (3, 'c', 30)");
    String query = "SELECT id, name, w, _ROW_ID, _SEQUENCE_NUMBER FROM " + t;
    List<String> before = CanonicalRows.spark(spark.sql(query).collectAsList());
    assertThat(before).hasSize(3).isEqualTo(paimonRows("evolved"));
    assertThat(
            CanonicalRows.spark(
                spark.sql("SELECT id, _ROW_ID FROM " + t + " WHERE name = 'B'").collectAsList()))
        .containsExactly("2 | 1");

    sql("CALL strata.sys.compact(table => '" + DB + ".evolved')");
    assertThat(CanonicalRows.spark(spark.sql(query).collectAsList()))
        .isEqualTo(before)
        .isEqualTo(paimonRows("evolved"));
    assertThat(
            CanonicalRows.spark(
                spark.sql("SELECT id FROM " + t + " WHERE w = 30 OR name = 'a'").collectAsList()))
        .containsExactly("1", "3");
  }

  /**
   * Row tracking set on a table that already has files (Paimon lets the option change): the rows
   * written before have no id, later ones do, and a compaction keeps both as they are.
   */
  @Test
  void rowTrackingSetLaterLeavesEarlierRowsWithoutIds() {
    String t = "strata." + DB + ".later";
    sql("CREATE TABLE " + t + " (id INT, v STRING)");
    sql("INSERT INTO " + t + " VALUES (1, 'a')");
    sql("ALTER TABLE " + t + " SET TBLPROPERTIES ('row-tracking.enabled' = 'true')");
    sql("INSERT INTO " + t + " VALUES (2, 'b')");
    List<String> before = strataRows("later");
    assertThat(before).containsExactly("1 | a | NULL | 0", "2 | b | 0 | 2");

    sql("CALL strata.sys.compact(table => '" + DB + ".later')");
    assertThat(strataRows("later")).isEqualTo(before);
  }

  /**
   * {@code t$row_tracking} shows the ids as ordinary columns, as Paimon's system table does: with
   * {@code SELECT *}, filters, projections and time travel; tables without row tracking have none.
   */
  @Test
  void rowTrackingSystemTableShowsIdsAsColumns() {
    String t = "strata." + DB + ".sys";
    createTracked(t);
    sql("INSERT INTO " + t + " VALUES (1, 'a'), (2, 'b')");
    sql("INSERT INTO " + t + " VALUES (3, 'c')");
    String system = "strata." + DB + ".`sys$row_tracking`";

    assertThat(spark.table(system).columns())
        .containsExactly("id", "v", "_ROW_ID", "_SEQUENCE_NUMBER");
    assertThat(CanonicalRows.spark(spark.sql("SELECT * FROM " + system).collectAsList()))
        .isEqualTo(strataRows("sys"))
        .containsExactly("1 | a | 0 | 1", "2 | b | 1 | 1", "3 | c | 2 | 2");
    assertThat(
            CanonicalRows.spark(
                spark
                    .sql("SELECT _ROW_ID, v FROM " + system + " WHERE _SEQUENCE_NUMBER = 2")
                    .collectAsList()))
        .containsExactly("2 | c");
    assertThat(
            CanonicalRows.spark(
                spark.sql("SELECT * FROM " + system + " VERSION AS OF 1").collectAsList()))
        .containsExactly("1 | a | 0 | 1", "2 | b | 1 | 1");

    sql("CREATE TABLE strata." + DB + ".plain (id INT)");
    assertThatThrownBy(
            () -> spark.sql("SELECT * FROM strata." + DB + ".`plain$row_tracking`").collect())
        .hasMessageContaining("Table plain has no $row_tracking: it does not track row ids");
    assertThatThrownBy(
            () -> spark.read().option("incremental-between", "1,2").table(system).collect())
        .hasMessageContaining("not $row_tracking");
  }

  /**
   * {@code CALL sys.compact} rewrites as Paimon's compaction does: rows keep their ids and sequence
   * numbers in the new file's own columns, listed in its {@code writeCols}, and rows deleted by
   * vectors are gone; Paimon reads the same ids, compacts Strata's files again, and Strata reads
   * what it wrote.
   */
  @Test
  void strataCompactionKeepsRowIdsAsPaimonDoes() throws Exception {
    String t = "strata." + DB + ".sc";
    sql(
        "CREATE TABLE "
            + t
            + " (id INT, v STRING) TBLPROPERTIES ('row-tracking.enabled' = 'true',"
            + " 'deletion-vectors.enabled' = 'true')");
    sql("INSERT INTO " + t + " VALUES (1, 'a'), (2, 'b'), (3, 'c')");
    PaimonOracle.write(paimon.table(DB, "sc"), List.of(row(4, "d"), row(5, "e")));
    sql("INSERT INTO " + t + " VALUES (6, 'f'), (7, 'g')");
    sql("DELETE FROM " + t + " WHERE id = 2");
    List<String> before = strataRows("sc");
    assertThat(before).hasSize(6).contains("1 | a | 0 | 1", "7 | g | 6 | 3");

    sql("CALL strata.sys.compact(table => '" + DB + ".sc')");
    List<DataFileMeta> files =
        paimon.table(DB, "sc").store().newScan().plan().files().stream()
            .map(ManifestEntry::file)
            .toList();
    assertThat(files).hasSize(1);
    assertThat(files.get(0).writeCols()).containsExactly("id", "v", "_ROW_ID", "_SEQUENCE_NUMBER");
    assertThat(files.get(0).firstRowId()).isNull();
    assertThat(strataRows("sc")).isEqualTo(before).isEqualTo(paimonRows("sc"));
    assertThat(
            CanonicalRows.spark(
                spark.sql("SELECT id, _ROW_ID FROM " + t + " WHERE id >= 6").collectAsList()))
        .as("filters read the stats of the rewritten file")
        .containsExactly("6 | 5", "7 | 6");

    sql("INSERT INTO " + t + " VALUES (8, 'h')");
    compactWithPaimon("sc");
    assertThat(strataRows("sc"))
        .isEqualTo(paimonRows("sc"))
        .containsAll(before)
        .contains("8 | h | 7 | 6");
  }

  /**
   * Copy-on-write UPDATE, MERGE and DELETE keep each rewritten row's id, as Paimon's Spark
   * connector does: a copied row keeps its sequence number too, a changed one takes its commit's
   * snapshot id, and a row MERGE inserts takes a new id. Paimon reads the same ids.
   */
  @Test
  void copyOnWriteUpdatesMergesAndDeletesKeepRowIds() {
    String t = "strata." + DB + ".cow";
    createTracked(t);
    sql("INSERT INTO " + t + " VALUES (1, 'a'), (2, 'b'), (3, 'c')");
    sql("INSERT INTO " + t + " VALUES (4, 'd')");

    sql("UPDATE " + t + " SET v = 'z' WHERE id = 2");
    assertThat(strataRows("cow"))
        .isEqualTo(paimonRows("cow"))
        .containsExactly("1 | a | 0 | 1", "2 | z | 1 | 3", "3 | c | 2 | 1", "4 | d | 3 | 2");
    assertThat(
            paimon.table(DB, "cow").store().newScan().plan().files().stream()
                .map(e -> e.file().writeCols())
                .filter(cols -> cols != null)
                .toList())
        .as("the rewritten file keeps the ids in its own columns")
        .containsExactly(List.of("id", "v", "_ROW_ID", "_SEQUENCE_NUMBER"));

    merge(t, RowFactory.create(2, "y"), RowFactory.create(5, "e"));
    List<String> merged = strataRows("cow");
    assertThat(merged)
        .isEqualTo(paimonRows("cow"))
        .contains("1 | a | 0 | 1", "2 | y | 1 | 4", "3 | c | 2 | 1", "4 | d | 3 | 2")
        .hasSize(5);
    long insertedId = spark.sql("SELECT _ROW_ID FROM " + t + " WHERE id = 5").first().getLong(0);
    assertThat(insertedId).as("a new id, past those of the rewritten files").isGreaterThan(3L);
    assertThat(spark.sql("SELECT _SEQUENCE_NUMBER FROM " + t + " WHERE id = 5").first().getLong(0))
        .isEqualTo(4L);

    sql("DELETE FROM " + t + " WHERE id = 3");
    assertThat(strataRows("cow"))
        .isEqualTo(paimonRows("cow"))
        .containsExactly(
            "1 | a | 0 | 1", "2 | y | 1 | 4", "4 | d | 3 | 2", "5 | e | " + insertedId + " | 4");
  }

  /**
   * With deletion vectors, DELETE marks rows without rewriting them, and UPDATE and MERGE append
   * the changed rows with their ids (Spark hands them back with each update) and mark the old ones.
   */
  @Test
  void deletionVectorDeletesUpdatesAndMergesKeepRowIds() {
    String t = "strata." + DB + ".dvrt";
    sql(
        "CREATE TABLE "
            + t
            + " (id INT, v STRING) TBLPROPERTIES ('row-tracking.enabled' = 'true',"
            + " 'deletion-vectors.enabled' = 'true')");
    sql("INSERT INTO " + t + " VALUES (1, 'a'), (2, 'b'), (3, 'c')");
    sql("DELETE FROM " + t + " WHERE id = 2");
    assertThat(strataRows("dvrt"))
        .isEqualTo(paimonRows("dvrt"))
        .containsExactly("1 | a | 0 | 1", "3 | c | 2 | 1");

    sql("UPDATE " + t + " SET v = 'z' WHERE id = 3");
    assertThat(strataRows("dvrt"))
        .as("the updated row, appended as a new row, keeps its id and takes snapshot 3's number")
        .isEqualTo(paimonRows("dvrt"))
        .containsExactly("1 | a | 0 | 1", "3 | z | 2 | 3");
    merge(t, RowFactory.create(1, "y"), RowFactory.create(4, "d"));
    List<String> merged = strataRows("dvrt");
    assertThat(merged)
        .isEqualTo(paimonRows("dvrt"))
        .contains("1 | y | 0 | 4", "3 | z | 2 | 3")
        .hasSize(3);
    assertThat(spark.sql("SELECT _ROW_ID FROM " + t + " WHERE id = 4").first().getLong(0))
        .as("a new id, past those the update's file took")
        .isGreaterThan(3L);
  }

  @Test
  void overwritesTakeNewRowIdsAndSortCompactionKeepsThem() {
    String t = "strata." + DB + ".ow";
    sql(
        "CREATE TABLE "
            + t
            + " (id INT, v STRING, p STRING) PARTITIONED BY (p)"
            + " TBLPROPERTIES ('row-tracking.enabled' = 'true')");
    sql("INSERT INTO " + t + " VALUES (1, 'a', 'x'), (2, 'b', 'y')");
    sql("INSERT OVERWRITE " + t + " PARTITION (p = 'x') VALUES (3, 'c')");
    assertThat(
            CanonicalRows.spark(
                spark
                    .sql("SELECT id, _SEQUENCE_NUMBER FROM " + t + " WHERE _ROW_ID >= 2")
                    .collectAsList()))
        .as("the overwrite's row takes the next id and its snapshot's sequence number")
        .containsExactly("3 | 2");
    assertThat(spark.sql("SELECT _ROW_ID FROM " + t + " WHERE id = 2").first().getLong(0))
        .isIn(0L, 1L);
    sql("DELETE FROM " + t + " WHERE p = 'y'");
    assertThat(spark.sql("SELECT id FROM " + t).collectAsList()).hasSize(1);

    sql("INSERT INTO " + t + " VALUES (5, 'e', 'x'), (4, 'd', 'x')");
    List<String> beforeSort = strataRows("ow");
    assertThat(beforeSort).hasSize(3).contains("3 | c | 2 | 2");
    sql(
        "CALL strata.sys.compact(table => '"
            + DB
            + ".ow', order_strategy => 'order', order_by => 'id')");
    assertThat(strataRows("ow"))
        .as("sort compaction keeps every row's id and sequence number")
        .isEqualTo(beforeSort);
    assertThat(paimonRows("ow"))
        .as("Paimon reads the same ids (its rows hold the partition column too)")
        .isEqualTo(
            beforeSort.stream().map(r -> r.replaceFirst("^(\\d+ \\| \\w+)", "$1 | x")).toList());
    assertThat(
            paimon.table(DB, "ow").store().newScan().plan().files().stream()
                .map(e -> e.file().writeCols())
                .toList())
        .containsExactly(List.of("id", "v", "p", "_ROW_ID", "_SEQUENCE_NUMBER"));
    assertThatThrownBy(
            () ->
                sql(
                    "CREATE TABLE strata."
                        + DB
                        + ".keyed (id INT) TBLPROPERTIES ('primary-key' = 'id',"
                        + " 'row-tracking.enabled' = 'true')"))
        .hasMessageContaining("for a row tracking table");
  }

  /**
   * Paimon's own compaction of an unaware-bucket table, one task over all its files, as its
   * compaction jobs run it on a row-tracking table.
   */
  private static void compactWithPaimon(String table) throws Exception {
    FileStoreTable t = paimon.table(DB, table);
    List<DataFileMeta> files =
        t.store().newScan().plan().files().stream().map(ManifestEntry::file).toList();
    BaseAppendFileStoreWrite write = (BaseAppendFileStoreWrite) t.store().newWrite("compactor");
    // As Paimon's compaction jobs do for row tracking: rewritten rows keep their ids in the file.
    write.withWriteType(SpecialFields.rowTypeWithRowTracking(t.rowType()));
    try {
      CommitMessage compacted =
          new AppendCompactTask(BinaryRow.EMPTY_ROW, files).doCompact(t, write);
      try (BatchTableCommit commit = t.newBatchWriteBuilder().newCommit()) {
        commit.commit(List.of(compacted));
      }
    } finally {
      write.close();
    }
  }
}

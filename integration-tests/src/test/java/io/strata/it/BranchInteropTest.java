package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.it.SparkSessionSuite.Database;
import java.util.List;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Test;

/**
 * Branches in Paimon 1.3.1's layout, made and written in turn by Strata (Spark SQL: {@code
 * t$branch_<name>}, {@code CALL sys.create_branch / delete_branch / fast_forward}) and by Paimon's
 * Java API ({@code createBranch}, {@code switchToBranch}): each reads the other's branches row for
 * row, and neither's writes to a branch reach the main branch until a fast-forward.
 */
@Database(BranchInteropTest.DB)
class BranchInteropTest extends SparkSessionSuite {

  static final String DB = "branch_interop";

  @org.junit.jupiter.api.io.TempDir java.nio.file.Path checkpoints;

  private static void sql(String statement) {
    spark.sql(statement).collect();
  }

  private static List<String> strataRows(String table) {
    return CanonicalRows.spark(
        spark.sql("SELECT * FROM strata." + DB + ".`" + table + "` ORDER BY id").collectAsList());
  }

  private static List<String> paimonRows(FileStoreTable table) {
    return PaimonOracle.rows(table).stream().sorted().toList();
  }

  private static GenericRow row(long id, String v) {
    return GenericRow.of(id, BinaryString.fromString(v));
  }

  @Test
  void strataReadsWritesAndFastForwardsTheBranchesPaimonMade() throws Exception {
    paimon
        .catalog()
        .createTable(
            org.apache.paimon.catalog.Identifier.create(DB, "p_made"),
            Schema.newBuilder()
                .column("id", DataTypes.BIGINT().notNull())
                .column("v", DataTypes.STRING())
                .primaryKey("id")
                .option("bucket", "2")
                .build(),
            false);
    FileStoreTable main = paimon.table(DB, "p_made");
    PaimonOracle.write(main, List.of(row(1, "a"), row(2, "b")));
    main.createTag("t1");
    PaimonOracle.write(main, List.of(row(3, "main-only")));
    main.createBranch("dev", "t1");
    PaimonOracle.write(main.switchToBranch("dev"), List.of(row(2, "b-dev"), row(4, "dev")));

    assertThat(strataRows("p_made$branch_dev"))
        .containsExactlyElementsOf(paimonRows(paimon.table(DB, "p_made").switchToBranch("dev")))
        .containsExactly("1 | a", "2 | b-dev", "4 | dev");
    assertThat(
            spark
                .sql("SELECT snapshot_id FROM strata." + DB + ".`p_made$branch_dev$snapshots`")
                .collectAsList())
        .extracting(r -> r.getLong(0))
        .containsExactly(1L, 2L);
    assertThat(
            spark
                .sql("SELECT * FROM strata." + DB + ".`p_made$branch_dev` VERSION AS OF 't1'")
                .count())
        .isEqualTo(2);

    sql("INSERT INTO strata." + DB + ".`p_made$branch_dev` VALUES (1, 'a-strata'), (5, 'five')");
    List<String> branchRows = strataRows("p_made$branch_dev");
    assertThat(branchRows).containsExactly("1 | a-strata", "2 | b-dev", "4 | dev", "5 | five");
    assertThat(paimonRows(paimon.table(DB, "p_made").switchToBranch("dev")))
        .containsExactlyElementsOf(branchRows);
    assertThat(paimonRows(paimon.table(DB, "p_made")))
        .containsExactly("1 | a", "2 | b", "3 | main-only");

    sql("CALL strata.sys.fast_forward(table => '" + DB + ".p_made', branch => 'dev')");
    assertThat(strataRows("p_made")).containsExactlyElementsOf(branchRows);
    assertThat(paimonRows(paimon.table(DB, "p_made"))).containsExactlyElementsOf(branchRows);
    // Paimon carries on from the fast-forwarded history.
    PaimonOracle.write(paimon.table(DB, "p_made"), List.of(row(6, "after")));
    assertThat(strataRows("p_made")).hasSize(5).contains("6 | after");
  }

  /**
   * {@code scan.fallback-branch}: a batch read of main takes each partition main holds no file of
   * from the fallback branch, in Paimon and in Strata alike; a partition Strata then writes into
   * main comes from main, time travel reads the fallback branch as of the main snapshot's time, and
   * branches of other columns are refused.
   */
  @Test
  void bothReadPartitionsMainLacksFromTheFallbackBranch() throws Exception {
    org.apache.paimon.catalog.Identifier id =
        org.apache.paimon.catalog.Identifier.create(DB, "p_fallback");
    paimon
        .catalog()
        .createTable(
            id,
            Schema.newBuilder()
                .column("dt", DataTypes.STRING())
                .column("id", DataTypes.BIGINT().notNull())
                .column("v", DataTypes.STRING())
                .partitionKeys("dt")
                .primaryKey("dt", "id")
                .option("bucket", "1")
                .build(),
            false);
    FileStoreTable main = paimon.table(DB, "p_fallback");
    PaimonOracle.write(main, List.of(dated("d1", 1, "main"), dated("d1", 2, "main")));
    Thread.sleep(5);
    main.createBranch("fb");
    FileStoreTable fb = main.switchToBranch("fb");
    PaimonOracle.write(fb, List.of(dated("d1", 1, "fb"), dated("d2", 3, "fb")));
    PaimonOracle.write(fb, List.of(dated("d2", 4, "fb"), dated("d3", 5, "fb")));
    paimon
        .catalog()
        .alterTable(
            id,
            org.apache.paimon.schema.SchemaChange.setOption("scan.fallback-branch", "fb"),
            false);

    List<String> expected = paimonRows(paimon.table(DB, "p_fallback"));
    assertThat(expected)
        .containsExactly(
            "d1 | 1 | main", "d1 | 2 | main", "d2 | 3 | fb", "d2 | 4 | fb", "d3 | 5 | fb");
    String t = "strata." + DB + ".p_fallback";
    for (String columnar : List.of("true", "false")) {
      spark.conf().set("spark.strata.read.columnar.enabled", columnar);
      try {
        assertThat(fallbackRows("SELECT * FROM " + t)).as(columnar).isEqualTo(expected);
      } finally {
        spark.conf().unset("spark.strata.read.columnar.enabled");
      }
    }
    assertThat(fallbackRows("SELECT * FROM " + t + " WHERE dt = 'd2'"))
        .containsExactly("d2 | 3 | fb", "d2 | 4 | fb");
    assertThat(spark.sql("SELECT count(*) FROM " + t).collectAsList().get(0).getLong(0))
        .isEqualTo(5L);
    assertThat(
            spark.sql("SELECT dt, count(*) FROM " + t + " GROUP BY dt ORDER BY dt").collectAsList())
        .hasToString("[[d1,2], [d2,2], [d3,1]]");
    // The branch itself reads as it is.
    assertThat(fallbackRows("SELECT * FROM strata." + DB + ".`p_fallback$branch_fb`"))
        .containsExactly("d1 | 1 | fb", "d2 | 3 | fb", "d2 | 4 | fb", "d3 | 5 | fb");
    // Main's first snapshot predates every snapshot of the branch, which is then read at its
    // first snapshot, as Paimon does; the second at the branch's snapshot of that time.
    assertThat(fallbackRows("SELECT * FROM " + t + " VERSION AS OF 1"))
        .containsExactlyElementsOf(
            paimonRows(
                paimon.table(DB, "p_fallback").copy(java.util.Map.of("scan.snapshot-id", "1"))))
        .containsExactly("d1 | 1 | main", "d1 | 2 | main", "d2 | 3 | fb");

    sql("INSERT INTO " + t + " VALUES ('d2', 9, 'main')");
    List<String> after = fallbackRows("SELECT * FROM " + t);
    assertThat(after)
        .containsExactly("d1 | 1 | main", "d1 | 2 | main", "d2 | 9 | main", "d3 | 5 | fb");
    assertThat(paimonRows(paimon.table(DB, "p_fallback"))).containsExactlyElementsOf(after);
    assertThat(fallbackRows("SELECT * FROM " + t + " VERSION AS OF 2"))
        .containsExactlyElementsOf(
            paimonRows(
                paimon.table(DB, "p_fallback").copy(java.util.Map.of("scan.snapshot-id", "2"))))
        .isEqualTo(after);

    sql("ALTER TABLE " + t + " ADD COLUMN note STRING");
    assertThatThrownBy(() -> spark.sql("SELECT * FROM " + t).collect())
        .hasMessageContaining(
            "Cannot read table p_fallback with scan.fallback-branch = 'fb': branch main has"
                + " columns")
        .hasMessageContaining("a fallback branch needs the same columns");
  }

  private static GenericRow dated(String dt, long id, String v) {
    return GenericRow.of(BinaryString.fromString(dt), id, BinaryString.fromString(v));
  }

  private static List<String> fallbackRows(String query) {
    return CanonicalRows.spark(spark.sql(query).collectAsList()).stream().sorted().toList();
  }

  @Test
  void paimonReadsAndWritesTheBranchesStrataMade() throws Exception {
    String t = "strata." + DB + ".s_made";
    sql(
        "CREATE TABLE "
            + t
            + " (id BIGINT NOT NULL, v STRING) TBLPROPERTIES"
            + " ('primary-key' = 'id', 'bucket' = '2')");
    sql("INSERT INTO " + t + " VALUES (1, 'a'), (2, 'b')");
    sql("CALL strata.sys.create_tag(table => '" + DB + ".s_made', tag => 'v1')");
    sql("INSERT INTO " + t + " VALUES (3, 'main-only')");
    sql(
        "CALL strata.sys.create_branch(table => '"
            + DB
            + ".s_made', branch => 'dev', tag => 'v1')");
    sql("CALL strata.sys.create_branch(table => '" + DB + ".s_made', branch => 'empty')");
    sql("INSERT INTO strata." + DB + ".`s_made$branch_dev` VALUES (2, 'b-dev'), (4, 'dev')");
    sql("DELETE FROM strata." + DB + ".`s_made$branch_dev` WHERE id = 1");
    sql("INSERT INTO strata." + DB + ".`s_made$branch_empty` VALUES (9, 'nine')");

    FileStoreTable paimonMain = paimon.table(DB, "s_made");
    assertThat(paimonMain.branchManager().branches()).containsExactlyInAnyOrder("dev", "empty");
    assertThat(paimonRows(paimonMain.switchToBranch("dev")))
        .containsExactlyElementsOf(strataRows("s_made$branch_dev"))
        .containsExactly("2 | b-dev", "4 | dev");
    assertThat(paimonRows(paimon.table(DB, "s_made").switchToBranch("empty")))
        .containsExactly("9 | nine");
    assertThat(paimonRows(paimon.table(DB, "s_made")))
        .containsExactlyElementsOf(strataRows("s_made"))
        .containsExactly("1 | a", "2 | b", "3 | main-only");

    PaimonOracle.write(
        paimon.table(DB, "s_made").switchToBranch("dev"), List.of(row(7, "from-paimon")));
    assertThat(strataRows("s_made$branch_dev"))
        .containsExactly("2 | b-dev", "4 | dev", "7 | from-paimon");

    // DataFrame writes and streaming reads take the branch name like SQL does.
    spark
        .sql("SELECT 8L AS id, 'df' AS v")
        .writeTo("strata." + DB + ".`s_made$branch_dev`")
        .append();
    List<String> streamed = new java.util.ArrayList<>();
    org.apache.spark.sql.streaming.StreamingQuery query =
        spark
            .readStream()
            .table("strata." + DB + ".`s_made$branch_dev`")
            .writeStream()
            .option("checkpointLocation", checkpoints.resolve("branch_stream").toString())
            .trigger(org.apache.spark.sql.streaming.Trigger.AvailableNow())
            .foreachBatch(
                (org.apache.spark.api.java.function.VoidFunction2<
                        org.apache.spark.sql.Dataset<org.apache.spark.sql.Row>, Long>)
                    (batch, id) ->
                        batch
                            .collectAsList()
                            .forEach(r -> streamed.add(r.getLong(0) + " | " + r.getString(1))))
            .start();
    query.awaitTermination();
    assertThat(streamed)
        .containsExactlyInAnyOrder("2 | b-dev", "4 | dev", "7 | from-paimon", "8 | df");

    // A column added on the branch stays on it.
    sql("ALTER TABLE strata." + DB + ".`s_made$branch_dev` ADD COLUMN note STRING");
    assertThat(paimon.table(DB, "s_made").switchToBranch("dev").rowType().getFieldNames())
        .containsExactly("id", "v", "note");
    assertThat(spark.table(t).columns()).containsExactly("id", "v");

    // The tag a branch starts from stays while the branch does.
    assertThatThrownBy(
            () -> sql("CALL strata.sys.delete_tag(table => '" + DB + ".s_made', tag => 'v1')"))
        .hasMessageContaining("branch(es) [dev] were created from it");
    assertThatThrownBy(() -> strataRows("s_made$branch_nope"))
        .hasMessageContaining(
            "Branch 'nope' doesn't exist in table s_made. Its branches: main," + " dev, empty.");
    sql("CALL strata.sys.delete_branch(table => '" + DB + ".s_made', branch => 'dev,empty')");
    assertThat(paimon.table(DB, "s_made").branchManager().branches()).isEmpty();
    sql("CALL strata.sys.delete_tag(table => '" + DB + ".s_made', tag => 'v1')");
    assertThat(strataRows("s_made")).containsExactly("1 | a", "2 | b", "3 | main-only");
  }
}

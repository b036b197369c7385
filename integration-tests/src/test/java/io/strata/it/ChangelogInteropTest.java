package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.it.SparkSessionSuite.Database;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.paimon.Snapshot;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.table.source.StreamTableScan;
import org.apache.paimon.table.source.TableScan;
import org.apache.paimon.types.RowKind;
import org.apache.spark.api.java.function.VoidFunction2;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.Trigger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code changelog-producer = input} tables written in turn by Strata (Spark SQL) and Paimon 1.3.1:
 * Paimon reads Strata's snapshots and streams Strata's changelog files, and Strata's {@code
 * $audit_log} stream reads Paimon's, each seeing the same changes with the same row kinds.
 */
@Database(ChangelogInteropTest.DB)
class ChangelogInteropTest extends SparkSessionSuite {

  static final String DB = "changelog_interop";

  @TempDir Path checkpoints;

  private static void sql(String statement) {
    spark.sql(statement).collect();
  }

  /** What Paimon's streaming read emits from snapshot {@code from} on, as "kind id=v". */
  private static List<String> paimonChanges(String table, long from) {
    return paimonChanges(
        table, from, r -> r.getRowKind().shortString() + " " + r.getLong(0) + "=" + string(r, 1));
  }

  /** What Paimon's streaming read emits from snapshot {@code from} on, each row rendered. */
  private static List<String> paimonChanges(
      String table, long from, java.util.function.Function<InternalRow, String> render) {
    FileStoreTable t =
        paimon
            .table(DB, table)
            .copy(Map.of("scan.mode", "from-snapshot", "scan.snapshot-id", String.valueOf(from)));
    ReadBuilder builder = t.newReadBuilder();
    StreamTableScan scan = builder.newStreamScan();
    List<String> out = new ArrayList<>();
    long latest = t.snapshotManager().latestSnapshotId();
    // A plan reads at most one snapshot (the first may only position the scan); plans past the
    // latest snapshot read nothing.
    for (long i = from - 2; i <= latest; i++) {
      TableScan.Plan plan = scan.plan();
      try (RecordReader<InternalRow> reader = builder.newRead().createReader(plan)) {
        reader.forEachRemaining(r -> out.add(render.apply(r)));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return out;
  }

  private static String string(InternalRow r, int i) {
    return r.isNullAt(i) ? "null" : r.getString(i).toString();
  }

  /** What Strata's {@code $audit_log} stream emits from snapshot {@code from} on. */
  private List<String> strataChanges(String table, long from) throws Exception {
    List<String> out = Collections.synchronizedList(new ArrayList<>());
    StreamingQuery query =
        spark
            .readStream()
            .option("scan.mode", "from-snapshot")
            .option("scan.snapshot-id", String.valueOf(from))
            .table("strata." + DB + ".`" + table + "$audit_log`")
            .writeStream()
            .option("checkpointLocation", checkpoints.resolve(table + from).toString())
            .trigger(Trigger.AvailableNow())
            .foreachBatch(
                (VoidFunction2<Dataset<Row>, Long>)
                    (batch, id) ->
                        batch
                            .collectAsList()
                            .forEach(
                                r ->
                                    out.add(
                                        r.getString(0)
                                            + " "
                                            + r.getLong(1)
                                            + "="
                                            + r.getString(2))))
            .start();
    query.awaitTermination();
    return out;
  }

  private static List<Snapshot> paimonSnapshots(FileStoreTable table) throws IOException {
    List<Snapshot> out = new ArrayList<>();
    Iterator<Snapshot> it = table.snapshotManager().snapshots();
    it.forEachRemaining(out::add);
    return out;
  }

  @Test
  void paimonStreamsTheChangelogStrataWroteAndStrataStreamsPaimons() throws Exception {
    String name = "cl_input";
    String table = createKeyTable(name, "input");
    sql("INSERT INTO " + table + " VALUES (1, 'a'), (2, 'b'), (3, 'c')");
    sql("INSERT INTO " + table + " VALUES (1, 'a2'), (4, 'd')");
    sql("UPDATE " + table + " SET v = 'b2' WHERE id = 2");
    sql("DELETE FROM " + table + " WHERE id = 3");

    FileStoreTable paimonTable = paimon.table(DB, name);
    // Paimon reads Strata's snapshots as Strata does, and finds a changelog in every one.
    List<String> strataRows =
        CanonicalRows.spark(spark.sql("SELECT * FROM " + table).collectAsList());
    assertThat(PaimonOracle.rows(paimonTable))
        .containsExactlyElementsOf(strataRows)
        .containsExactly("1 | a2", "2 | b2", "4 | d");
    List<Snapshot> snapshots = paimonSnapshots(paimonTable);
    assertThat(snapshots).hasSize(4);
    assertThat(snapshots)
        .allSatisfy(s -> assertThat(s.changelogManifestList()).startsWith("manifest-list-"))
        .extracting(Snapshot::changelogRecordCount)
        .containsExactly(3L, 2L, 1L, 1L);

    List<String> expected = List.of("+I 1=a2", "+I 4=d", "+U 2=b2", "-D 3=null");
    assertThat(paimonChanges(name, 2)).containsExactlyInAnyOrderElementsOf(expected);
    assertThat(strataChanges(name, 2)).containsExactlyInAnyOrderElementsOf(expected);

    // Paimon writes a changelog of its own; Strata's stream reads it.
    PaimonOracle.write(
        paimon.table(DB, name),
        List.of(
            GenericRow.ofKind(RowKind.INSERT, 5L, BinaryString.fromString("e")),
            GenericRow.ofKind(RowKind.DELETE, 1L, BinaryString.fromString("a2"))));
    List<String> byPaimon = List.of("+I 5=e", "-D 1=a2");
    assertThat(paimonChanges(name, 5)).containsExactlyInAnyOrderElementsOf(byPaimon);
    assertThat(strataChanges(name, 5)).containsExactlyInAnyOrderElementsOf(byPaimon);
  }

  /**
   * {@code changelog-producer = lookup}: Paimon's compactions write the changelog (a key's old and
   * new rows) into its COMPACT snapshots; Strata's stream reads exactly what Paimon's does.
   */
  @Test
  void strataStreamsTheChangelogPaimonsLookupCompactionsWrote() throws Exception {
    String name = "cl_lookup";
    String table = createKeyTable(name, "lookup");
    PaimonOracle.write(
        paimon.table(DB, name),
        List.of(
            row(RowKind.INSERT, 1, "a"), row(RowKind.INSERT, 2, "b"), row(RowKind.INSERT, 3, "c")));
    PaimonOracle.write(
        paimon.table(DB, name),
        List.of(
            row(RowKind.INSERT, 1, "a2"),
            row(RowKind.INSERT, 4, "d"),
            row(RowKind.DELETE, 3, "c")));
    PaimonOracle.write(paimon.table(DB, name), List.of(row(RowKind.INSERT, 2, "b2")));
    assertEachWriteIsAnAppendThenACompactWithTheChangelog(name, 3);
    assertBothStreamTheLookupChangesOfTheFirstWrites(name);
    // From the second write on (its APPEND snapshot, 3, has no changelog).
    assertThat(strataChanges(name, 3))
        .containsExactlyInAnyOrder("-U 1=a", "+U 1=a2", "+I 4=d", "-D 3=c", "-U 2=b", "+U 2=b2");
    assertThat(spark.sql("SELECT * FROM " + table + " ORDER BY id").collectAsList())
        .extracting(Row::toString)
        .containsExactly("[1,a2]", "[2,b2]", "[4,d]");
  }

  /**
   * Strata writes a {@code changelog-producer = lookup} table as Paimon does: each write is an
   * APPEND and a COMPACT snapshot, whose changelog Paimon's streaming read and Strata's both read
   * as the writes' changes; then Paimon and Strata write in turn, each compaction looking up what
   * the other wrote.
   */
  @Test
  void paimonStreamsTheLookupChangelogStrataWrote() throws Exception {
    String name = "cl_lookup_by_strata";
    String table = createKeyTable(name, "lookup");
    sql("INSERT INTO " + table + " VALUES (1, 'a'), (2, 'b'), (3, 'c')");
    sql("INSERT INTO " + table + " VALUES (1, 'a2'), (4, 'd')");
    sql("DELETE FROM " + table + " WHERE id = 3");
    sql("UPDATE " + table + " SET v = 'b2' WHERE id = 2");
    assertEachWriteIsAnAppendThenACompactWithTheChangelog(name, 4);
    assertBothStreamTheLookupChangesOfTheFirstWrites(name);

    // Paimon's compaction looks up the rows Strata's wrote, and the other way round.
    PaimonOracle.write(
        paimon.table(DB, name), List.of(row(RowKind.INSERT, 4, "d2"), row(RowKind.INSERT, 5, "e")));
    sql("INSERT INTO " + table + " VALUES (4, 'd3'), (1, 'a3')");
    List<String> later =
        List.of("-U 4=d", "+U 4=d2", "+I 5=e", "-U 4=d2", "+U 4=d3", "-U 1=a2", "+U 1=a3");
    assertThat(paimonChanges(name, 9)).containsExactlyInAnyOrderElementsOf(later);
    assertThat(strataChanges(name, 9)).containsExactlyInAnyOrderElementsOf(later);
    assertThat(PaimonOracle.rows(paimon.table(DB, name)))
        .containsExactlyInAnyOrder("1 | a3", "2 | b2", "4 | d3", "5 | e");
  }

  /**
   * {@code changelog-producer = full-compaction}: Strata's full compactions write, for every key
   * they changed, the change against its top-level row, which Paimon streams; Paimon's full
   * compaction of Strata's later writes writes the same way, which Strata streams.
   */
  @Test
  void bothStreamTheFullCompactionChangelogTheOtherWrote() throws Exception {
    String name = "cl_full";
    String table = createKeyTable(name, "full-compaction");
    sql("INSERT INTO " + table + " VALUES (1, 'a'), (2, 'b'), (3, 'c')");
    sql("INSERT INTO " + table + " VALUES (1, 'a2')");
    sql("CALL strata.sys.compact(table => '" + DB + "." + name + "', compact_strategy => 'full')");
    List<String> first = List.of("+I 1=a2", "+I 2=b", "+I 3=c");
    assertThat(paimonChanges(name, 1)).containsExactlyInAnyOrderElementsOf(first);
    assertThat(strataChanges(name, 1)).containsExactlyInAnyOrderElementsOf(first);

    sql("DELETE FROM " + table + " WHERE id = 3");
    sql("INSERT INTO " + table + " VALUES (2, 'b2'), (4, 'd')");
    PaimonOracle.compactFully(paimon.table(DB, name));
    List<String> second = List.of("-D 3=c", "-U 2=b", "+U 2=b2", "+I 4=d");
    long afterFirst = paimonSnapshots(paimon.table(DB, name)).get(2).id() + 1;
    assertThat(paimonChanges(name, afterFirst)).containsExactlyInAnyOrderElementsOf(second);
    assertThat(strataChanges(name, afterFirst)).containsExactlyInAnyOrderElementsOf(second);

    PaimonOracle.write(paimon.table(DB, name), List.of(row(RowKind.INSERT, 1, "a3")));
    sql("CALL strata.sys.compact(table => '" + DB + "." + name + "', compact_strategy => 'full')");
    long latest = paimon.table(DB, name).snapshotManager().latestSnapshotId();
    assertThat(paimonChanges(name, latest)).containsExactlyInAnyOrder("-U 1=a2", "+U 1=a3");
    assertThat(strataChanges(name, latest)).containsExactlyInAnyOrder("-U 1=a2", "+U 1=a3");
  }

  /**
   * Twin lookup tables, one written by Strata (Spark SQL) and one by Paimon, with the same rows in
   * the same commits: Paimon's streaming reads of the two see the same changes, for every merge
   * engine, with and without deletion vectors.
   */
  @Test
  void twinLookupTablesWrittenByEachEngineStreamTheSameChanges() throws Exception {
    List<String> tables =
        List.of(
            "",
            "'merge-engine' = 'partial-update'",
            "'merge-engine' = 'aggregation', 'fields.n.aggregate-function' = 'sum'",
            "'merge-engine' = 'first-row'");
    Object[][][] commits = {
      {{1L, "a", 1L}, {2L, "b", 2L}, {3L, "c", 3L}},
      {{1L, null, 10L}, {4L, "d", 4L}},
      {{2L, "b2", null}, {3L, "c3", 30L}},
      {{1L, "a4", null}, {5L, "e", 5L}, {4L, "d4", 40L}}
    };
    int twin = 0;
    for (String engine : tables) {
      for (boolean vectors : List.of(false, true)) {
        if (vectors && engine.contains("first-row")) {
          continue; // Paimon refuses deletion vectors on first-row tables
        }
        String options =
            "'primary-key' = 'id', 'bucket' = '2', 'changelog-producer' = 'lookup'"
                + (engine.isEmpty() ? "" : ", " + engine)
                + (vectors ? ", 'deletion-vectors.enabled' = 'true'" : "");
        String byStrata = "twin_s" + twin;
        String byPaimon = "twin_p" + twin++;
        for (String name : List.of(byStrata, byPaimon)) {
          sql(
              "CREATE TABLE strata."
                  + DB
                  + "."
                  + name
                  + " (id BIGINT NOT NULL, a STRING, n BIGINT) TBLPROPERTIES ("
                  + options
                  + ")");
        }
        for (Object[][] commit : commits) {
          List<String> values = new ArrayList<>();
          List<GenericRow> rows = new ArrayList<>();
          for (Object[] r : commit) {
            values.add(
                "("
                    + r[0]
                    + ", "
                    + (r[1] == null ? "NULL" : "'" + r[1] + "'")
                    + ", "
                    + (r[2] == null ? "CAST(NULL AS BIGINT)" : r[2])
                    + ")");
            rows.add(
                GenericRow.of(
                    r[0], r[1] == null ? null : BinaryString.fromString((String) r[1]), r[2]));
          }
          sql("INSERT INTO strata." + DB + "." + byStrata + " VALUES " + String.join(", ", values));
          PaimonOracle.write(paimon.table(DB, byPaimon), rows);
        }
        java.util.function.Function<InternalRow, String> render =
            r ->
                r.getRowKind().shortString()
                    + " "
                    + r.getLong(0)
                    + ","
                    + string(r, 1)
                    + ","
                    + (r.isNullAt(2) ? "null" : r.getLong(2));
        List<String> expected = paimonChanges(byPaimon, 1, render);
        assertThat(expected).as(options).isNotEmpty();
        assertThat(paimonChanges(byStrata, 1, render))
            .as(options)
            .containsExactlyInAnyOrderElementsOf(expected);
      }
    }
  }

  /**
   * Changelog kept longer than snapshots: Strata's expiration keeps expired snapshots' changelog in
   * {@code changelog/}, which Paimon's stream reads, and Strata's stream reads what Paimon's
   * expiration kept there.
   */
  @Test
  void bothStreamTheChangelogKeptPastTheOthersSnapshotExpiration() throws Exception {
    String name = "cl_kept";
    String table = "strata." + DB + "." + name;
    sql(
        "CREATE TABLE "
            + table
            + " (id BIGINT NOT NULL, v STRING) TBLPROPERTIES ('primary-key' = 'id', 'bucket' = '1',"
            + " 'changelog-producer' = 'input', 'num-sorted-run.compaction-trigger' = '10',"
            + " 'snapshot.num-retained.min' = '1', 'snapshot.num-retained.max' = '2',"
            + " 'changelog.num-retained.max' = '20')");
    List<String> expected = new ArrayList<>();
    for (int i = 1; i <= 5; i++) {
      sql("INSERT INTO " + table + " VALUES (" + i + ", 'v" + i + "')");
      expected.add("+I " + i + "=v" + i);
    }
    io.strata.core.maintenance.PostCommitMaintenance.awaitAsyncExpiration();
    FileStoreTable paimonTable = paimon.table(DB, name);
    assertThat(paimonTable.snapshotManager().earliestSnapshotId()).isEqualTo(4L);
    assertThat(paimonTable.changelogManager().earliestLongLivedChangelogId()).isEqualTo(1L);
    assertThat(paimonChanges(name, 1)).containsExactlyElementsOf(expected);
    assertThat(strataChanges(name, 1)).containsExactlyInAnyOrderElementsOf(expected);

    for (int i = 6; i <= 8; i++) {
      PaimonOracle.write(paimon.table(DB, name), List.of(row(RowKind.INSERT, i, "p" + i)));
      expected.add("+I " + i + "=p" + i);
    }
    assertThat(paimon.table(DB, name).snapshotManager().earliestSnapshotId()).isEqualTo(7L);
    assertThat(paimonChanges(name, 1)).containsExactlyElementsOf(expected);
    // A new stream (a new checkpoint) from snapshot 2 reads changelog Strata and Paimon kept.
    assertThat(strataChanges(name, 2))
        .containsExactlyInAnyOrderElementsOf(expected.subList(1, expected.size()));
  }

  /**
   * Without a changelog producer the changelog is the files writes added: each engine's expiration
   * keeps the expired snapshots' manifest lists and the written files their compactions replaced,
   * and the other engine streams them from the first snapshot.
   */
  @Test
  void bothStreamTheWrittenFilesKeptPastTheOthersSnapshotExpiration() throws Exception {
    String name = "cl_kept_written";
    String table = "strata." + DB + "." + name;
    sql(
        "CREATE TABLE "
            + table
            + " (id BIGINT NOT NULL, v STRING) TBLPROPERTIES ('primary-key' = 'id', 'bucket' = '1',"
            + " 'num-sorted-run.compaction-trigger' = '3',"
            + " 'snapshot.num-retained.min' = '1', 'snapshot.num-retained.max' = '2',"
            + " 'changelog.num-retained.max' = '30')");
    List<String> expected = new ArrayList<>();
    for (int i = 1; i <= 6; i++) {
      sql("INSERT INTO " + table + " VALUES (" + i + ", 'v" + i + "')");
      expected.add("+I " + i + "=v" + i);
    }
    io.strata.core.maintenance.PostCommitMaintenance.awaitAsyncExpiration();
    FileStoreTable paimonTable = paimon.table(DB, name);
    assertThat(paimonSnapshots(paimonTable))
        .extracting(s -> s.commitKind().toString())
        .contains("COMPACT")
        .hasSize(2);
    assertThat(paimonTable.changelogManager().earliestLongLivedChangelogId()).isEqualTo(1L);
    assertThat(paimonChanges(name, 1)).containsExactlyElementsOf(expected);
    assertThat(strataChanges(name, 1)).containsExactlyInAnyOrderElementsOf(expected);

    for (int i = 7; i <= 9; i++) {
      PaimonOracle.write(paimon.table(DB, name), List.of(row(RowKind.INSERT, i, "p" + i)));
      expected.add("+I " + i + "=p" + i);
    }
    assertThat(paimonChanges(name, 1)).containsExactlyElementsOf(expected);
    assertThat(strataChanges(name, 2))
        .containsExactlyInAnyOrderElementsOf(expected.subList(1, expected.size()));
    assertThat(spark.sql("SELECT count(*) FROM " + table).collectAsList().get(0).getLong(0))
        .isEqualTo(9L);
  }

  /** Each of {@code writes} writes is an APPEND snapshot, then a COMPACT one with the changelog. */
  private static void assertEachWriteIsAnAppendThenACompactWithTheChangelog(String name, int writes)
      throws IOException {
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < writes; i++) {
      expected.add("APPEND false");
      expected.add("COMPACT true");
    }
    assertThat(paimonSnapshots(paimon.table(DB, name)))
        .extracting(s -> s.commitKind() + " " + (s.changelogManifestList() != null))
        .containsExactlyElementsOf(expected);
  }

  /**
   * The lookup changes of the writes both lookup tests start with: (1 a, 2 b, 3 c), (1 a2, 4 d),
   * delete 3, (2 b2), as Paimon's stream and Strata's read them from the first snapshot.
   */
  private void assertBothStreamTheLookupChangesOfTheFirstWrites(String name) throws Exception {
    List<String> expected =
        List.of(
            "+I 1=a", "+I 2=b", "+I 3=c", "-U 1=a", "+U 1=a2", "+I 4=d", "-D 3=c", "-U 2=b",
            "+U 2=b2");
    assertThat(paimonChanges(name, 1)).containsExactlyInAnyOrderElementsOf(expected);
    assertThat(strataChanges(name, 1)).containsExactlyInAnyOrderElementsOf(expected);
  }

  /** A new {@code (id BIGINT key, v STRING)} table of 2 buckets; its Spark name. */
  private static String createKeyTable(String name, String changelogProducer) {
    String table = "strata." + DB + "." + name;
    sql("DROP TABLE IF EXISTS " + table);
    sql(
        "CREATE TABLE "
            + table
            + " (id BIGINT NOT NULL, v STRING) TBLPROPERTIES ('primary-key' = 'id',"
            + " 'bucket' = '2', 'changelog-producer' = '"
            + changelogProducer
            + "')");
    return table;
  }

  private static GenericRow row(RowKind kind, long id, String v) {
    return GenericRow.ofKind(kind, id, BinaryString.fromString(v));
  }
}

package io.strata.it;

import static io.strata.it.MatrixOp.Writer.PAIMON;
import static io.strata.it.MatrixOp.Writer.STRATA;
import static io.strata.it.MatrixOp.by;
import static io.strata.it.MatrixOp.compact;
import static io.strata.it.MatrixOp.create;
import static io.strata.it.MatrixOp.delete;
import static io.strata.it.MatrixOp.deleteTag;
import static io.strata.it.MatrixOp.expirePartitions;
import static io.strata.it.MatrixOp.expireSnapshots;
import static io.strata.it.MatrixOp.insert;
import static io.strata.it.MatrixOp.overwritePartition;
import static io.strata.it.MatrixOp.paimonRetracts;
import static io.strata.it.MatrixOp.rollback;
import static io.strata.it.MatrixOp.setOption;
import static io.strata.it.MatrixOp.tag;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.it.SparkSessionSuite.Database;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The compatibility matrix of issue #14 against real Apache Paimon 1.3.1: one named dynamic test
 * per cell (table kinds, shapes, types, history, mixed writers, byte level), each both ways. Every
 * cell's outcome goes to target/compatibility-matrix/results.tsv, and the last test checks that
 * docs/compatibility.md is what {@link CompatibilityDoc} renders from them (with {@code
 * -Dstrata.compat.regenerate=true} it writes the page first).
 */
@Database(CompatibilityMatrixTest.DB)
class CompatibilityMatrixTest extends SparkSessionSuite {

  static final String DB = "matrix";

  private static final List<MatrixResult> results = new ArrayList<>();
  private static int tables;

  @BeforeAll
  static void setUp() {
    spark.conf().set("spark.sql.datetime.java8API.enabled", "true");
  }

  @TestFactory
  Stream<DynamicTest> matrix() {
    List<MatrixCell> cells = new ArrayList<>();
    cells.addAll(tableKinds());
    cells.addAll(shapes());
    cells.addAll(types());
    cells.addAll(history());
    cells.addAll(mixedWriters());
    cells.addAll(MatrixBytes.cells());
    Stream<DynamicTest> runs =
        cells.stream().map(c -> DynamicTest.dynamicTest(c.displayName(), () -> run(c)));
    return Stream.concat(
        runs,
        Stream.of(
            DynamicTest.dynamicTest(
                CompatibilityDoc.PAGE + " is generated from these results", () -> checkPage())));
  }

  // ---------------------------------------------------------------- cells

  private static final String KV = "dt STRING, id INT, name STRING, v BIGINT";
  private static final List<String> BY_DT = List.of("dt");

  private static final String ROWS_1 =
      "VALUES ('d1', 1, 'a', 10L), ('d1', 2, 'b', 20L), ('d2', 3, NULL, 30L), ('d2', 4, 'd', NULL)";
  private static final String ROWS_2 =
      "VALUES ('d1', 1, 'a2', 11L), ('d2', 3, 'c2', NULL), ('d3', 5, 'e', 50L)";
  private static final String ROWS_3 =
      "VALUES ('d1', 2, NULL, 22L), ('d3', 6, 'f', 60L), ('d2', 4, 'd3', 43L)";

  /**
   * A primary-key table of {@code engine} whose writers compact at {@code trigger} sorted runs,
   * plus {@code extra} option pairs.
   */
  private static MatrixTable keyTable(String engine, int trigger, String... extra) {
    return keyTable(KV, engine, trigger, extra);
  }

  /** {@link #keyTable(String, int, String...)} with other columns (keyed by dt and id). */
  private static MatrixTable keyTable(String columns, String engine, int trigger, String... extra) {
    List<String> options =
        new ArrayList<>(
            List.of(
                "primary-key",
                "dt,id",
                "bucket",
                "2",
                "merge-engine",
                engine,
                "num-sorted-run.compaction-trigger",
                String.valueOf(trigger)));
    options.addAll(List.of(extra));
    return MatrixTable.of(columns, BY_DT, options.toArray(String[]::new));
  }

  /** A partial-update table where {@code v} orders {@code name}, plus {@code extra} options. */
  private static MatrixTable sequenceGroup(String... extra) {
    List<String> options = new ArrayList<>(List.of("fields.v.sequence-group", "name"));
    options.addAll(List.of(extra));
    return keyTable("partial-update", 3, options.toArray(String[]::new));
  }

  /** A primary-key table of {@code engine} whose DELETEs remove whole rows. */
  private static MatrixTable removingDeletes(String engine) {
    return engine.equals("aggregation")
        ? keyTable(
            engine,
            2,
            "fields.v.aggregate-function",
            "sum",
            "aggregation.remove-record-on-delete",
            "true")
        : keyTable(engine, 2, "partial-update.remove-record-on-delete", "true");
  }

  private static List<MatrixCell> tableKinds() {
    List<MatrixCell> cells = new ArrayList<>();
    String kinds = "table kind";
    cells.addAll(
        twoWay(
            kinds,
            "append, bucket unaware",
            MatrixTable.of(KV, BY_DT),
            insert(ROWS_1),
            tag("t1"),
            insert(ROWS_2),
            insert(ROWS_3)));
    cells.addAll(
        twoWay(
            kinds,
            "append, fixed bucket with bucket-key",
            MatrixTable.of(KV, BY_DT, "bucket", "3", "bucket-key", "id"),
            insert(ROWS_1),
            insert(ROWS_2),
            tag("t1"),
            insert(ROWS_3)));
    for (String engine : List.of("deduplicate", "partial-update", "aggregation", "first-row")) {
      MatrixTable table =
          engine.equals("aggregation")
              ? MatrixTable.of(
                  KV,
                  BY_DT,
                  "primary-key",
                  "dt,id",
                  "bucket",
                  "2",
                  "merge-engine",
                  engine,
                  "fields.v.aggregate-function",
                  "sum")
              : MatrixTable.of(
                  KV, BY_DT, "primary-key", "dt,id", "bucket", "2", "merge-engine", engine);
      cells.addAll(
          twoWay(
              kinds,
              "primary key, merge-engine " + engine,
              table,
              insert(ROWS_1),
              insert(ROWS_2),
              tag("t1"),
              insert(ROWS_3)));
    }
    cells.addAll(
        twoWay(
            kinds,
            "primary key with deletes",
            MatrixTable.of(KV, BY_DT, "primary-key", "dt,id", "bucket", "2"),
            insert(ROWS_1),
            delete("id = 2"),
            insert(ROWS_2),
            delete("dt = 'd2'"),
            tag("t1"),
            insert(ROWS_3),
            delete("v > 40")));
    cells.addAll(
        twoWay(
            kinds,
            "primary key after full compaction",
            MatrixTable.of(KV, BY_DT, "primary-key", "dt,id", "bucket", "2"),
            insert(ROWS_1),
            insert(ROWS_2),
            delete("id = 3"),
            compact(),
            tag("t1"),
            insert(ROWS_3),
            compact()));
    // Sequence groups: v orders name. Late and NULL sequences, equal ones (a NULL name wins),
    // compactions by each side's writer and a full one. In the second cell Paimon writes the
    // deletes, which both sides must merge alike; in the last two each engine deletes (a DELETE
    // writes the deleted rows whole: it retracts the groups whose sequence values they carry).
    MatrixTable grouped = sequenceGroup();
    cells.addAll(
        twoWay(
            kinds,
            "primary key, partial-update with a sequence group",
            grouped,
            insert(ROWS_1),
            insert(ROWS_2),
            insert("VALUES ('d1', 1, 'late', 5L), ('d2', 4, 'd4', 43L), ('d3', 5, 'no seq', NULL)"),
            tag("t1"),
            insert(ROWS_3),
            compact(),
            insert("VALUES ('d1', 2, 'same seq', 22L), ('d3', 6, NULL, 61L)")));
    cells.add(
        tableCell(
            kinds,
            "primary key, partial-update with sequence groups and deletes",
            MatrixCell.BOTH_WRITE,
            PAIMON,
            sequenceGroup("partial-update.remove-record-on-sequence-group", "v"),
            by(STRATA, insert(ROWS_1)),
            by(PAIMON, insert(ROWS_2)),
            by(PAIMON, delete("id = 2")),
            by(STRATA, insert(ROWS_3)),
            by(PAIMON, delete("id = 3")),
            by(STRATA, compact()),
            by(STRATA, insert("VALUES ('d1', 2, 'back', 1L), ('d2', 3, 'c3', 31L)"))));
    cells.addAll(
        twoWay(
            kinds,
            "primary key, partial-update with a sequence group, DELETE",
            sequenceGroup(),
            insert(ROWS_1),
            delete("id = 2"),
            insert(ROWS_2),
            delete("name IS NULL OR v > 40"),
            compact(),
            insert(ROWS_3)));
    cells.addAll(
        twoWay(
            kinds,
            "primary key, partial-update with sequence groups removing rows, DELETE",
            sequenceGroup("partial-update.remove-record-on-sequence-group", "v"),
            insert(ROWS_1),
            delete("id = 2"),
            insert(ROWS_2),
            compact(),
            delete("dt = 'd2'"),
            insert(ROWS_3)));
    // Aggregates inside a sequence group: ts orders name (listagg) and v (sum). Late records
    // fold in front, records without a sequence leave the group alone; writer compactions and a
    // full one. In the mixed cell Paimon writes retractions of both ages into the sum.
    MatrixTable aggregatedGroup =
        keyTable(
            KV + ", ts INT",
            "partial-update",
            3,
            "fields.ts.sequence-group",
            "name,v",
            "fields.v.aggregate-function",
            "sum",
            "fields.name.aggregate-function",
            "listagg",
            "fields.name.ignore-retract",
            "true");
    String groupRows1 =
        "VALUES ('d1', 1, 'a', 10L, 1), ('d1', 2, 'b', 20L, 1), ('d2', 3, NULL, 30L, 1)";
    String groupRows2 =
        "VALUES ('d1', 1, 'a2', 5L, 3), ('d1', 2, 'late', 7L, 0), ('d2', 3, 'c', NULL, NULL)";
    String groupRows3 = "VALUES ('d1', 1, 'a3', 1L, 2), ('d2', 3, 'c2', 2L, 2)";
    cells.addAll(
        writtenAndRetracted(
            kinds,
            "primary key, partial-update with sum and listagg inside a sequence group",
            "primary key, partial-update with aggregates in a group, Paimon retracts",
            aggregatedGroup,
            List.of(groupRows1, groupRows2, groupRows3),
            "VALUES ('d1', 1, 'x', 4L, 9), ('d1', 2, 'x', 1L, 0)"));
    // collect (plain and distinct) and merge_map, with writer compactions and a full one; in
    // the mixed cell Paimon retracts elements and map keys between Strata's writes.
    MatrixTable collections =
        keyTable(
            "dt STRING, id INT, tags ARRAY<STRING>, nums ARRAY<INT>, attrs MAP<STRING, INT>,"
                + " names ARRAY<STRING>",
            "aggregation",
            3,
            "fields.tags.aggregate-function",
            "collect",
            "fields.nums.aggregate-function",
            "collect",
            "fields.nums.distinct",
            "true",
            "fields.attrs.aggregate-function",
            "merge_map",
            "fields.names.aggregate-function",
            "collect",
            "fields.names.distinct",
            "true");
    String collected1 =
        "VALUES ('d1', 1, array('a', 'b'), array(30, 1), map('x', 1), array('zeta', 'a', 'é')),"
            + " ('d1', 2, NULL, array(5), map('y', 2), array('one'))";
    String collected2 =
        "VALUES ('d1', 1, array('b', 'c'), array(1, 1000, -7), map('x', 10, 'z', 3),"
            + " array('alpha', 'zeta', 'longer value')), ('d1', 2, array('q'), NULL, NULL, NULL)";
    String collected3 =
        "VALUES ('d1', 1, array('d'), array(30, 64), map('w', 4), array('b', 'abcdefg'))";
    cells.addAll(
        writtenAndRetracted(
            kinds,
            "primary key, aggregation collect and merge_map",
            "primary key, aggregation collect and merge_map, Paimon retracts",
            collections,
            List.of(collected1, collected2, collected3),
            "VALUES ('d1', 1, array('b', 'zz'), array(1000), map('x', 0), array('a'))"));
    // nested_update by a nested key (rows come out in Paimon's hash order of the key rows) and
    // without one under a count limit.
    MatrixTable nested =
        keyTable(
            "dt STRING, id INT, items ARRAY<STRUCT<k: INT, s: STRING>>,"
                + " log ARRAY<STRUCT<k: INT, s: STRING>>",
            "aggregation",
            3,
            "fields.items.aggregate-function",
            "nested_update",
            "fields.items.nested-key",
            "k",
            "fields.log.aggregate-function",
            "nested_update",
            "fields.log.count-limit",
            "4");
    String nested1 =
        "VALUES ('d1', 1, array(named_struct('k', 1, 's', 'a'), named_struct('k', 2, 's', 'b')),"
            + " array(named_struct('k', 1, 's', 'a')))";
    String nested2 =
        "VALUES ('d1', 1, array(named_struct('k', 2, 's', 'b2'), named_struct('k', 30, 's', 'c')),"
            + " array(named_struct('k', 2, 's', 'b'), named_struct('k', 3, 's', 'c')))";
    String nested3 =
        "VALUES ('d1', 1, array(named_struct('k', -4, 's', 'd')),"
            + " array(named_struct('k', 4, 's', 'd'), named_struct('k', 5, 's', 'e')))";
    cells.addAll(
        writtenAndRetracted(
            kinds,
            "primary key, aggregation nested_update",
            "primary key, aggregation nested_update, Paimon retracts",
            nested,
            List.of(nested1, nested2, nested3),
            "VALUES ('d1', 1, array(named_struct('k', 1, 's', 'x')),"
                + " array(named_struct('k', 2, 's', 'b')))"));
    // Bitmaps and sketches made by Paimon's own utilities; each engine unions them with its
    // library (Strata with those Spark ships), and the merged bytes must be the same.
    MatrixTable sketches =
        keyTable(
            "dt STRING, id INT, r32 BINARY, r64 BINARY, hll BINARY, theta BINARY",
            "aggregation",
            3,
            "fields.r32.aggregate-function",
            "rbm32",
            "fields.r64.aggregate-function",
            "rbm64",
            "fields.hll.aggregate-function",
            "hll_sketch",
            "fields.theta.aggregate-function",
            "theta_sketch");
    String sketches1 =
        "VALUES ('d1', 1, "
            + PaimonSketches.row(new int[] {1, 2, 3, 100}, new long[] {1, 1L << 40}, 0, 100)
            + "), ('d1', 2, "
            + PaimonSketches.row(new int[] {7}, new long[] {-2}, 5, 6)
            + ")";
    String sketches2 =
        "VALUES ('d1', 1, "
            + PaimonSketches.row(
                new int[] {3, 4, 5, 6, 7, 8, 70_000, -5}, new long[] {2, (1L << 40) + 1}, 50, 150)
            + "), ('d1', 2, NULL, NULL, NULL, NULL)";
    String sketches3 =
        "VALUES ('d1', 1, "
            + PaimonSketches.row(PaimonSketches.range(1000, 1300), new long[] {3}, 140, 6000)
            + ")";
    cells.addAll(
        twoWay(
            kinds,
            "primary key, aggregation rbm32, rbm64, hll_sketch and theta_sketch",
            sketches,
            insert(sketches1),
            insert(sketches2),
            insert(sketches3),
            tag("t1"),
            compact(),
            insert(sketches1)));
    // Paimon's lookup merge (changelog-producer 'lookup', 'force-lookup'): each compaction merges
    // the key's newest row above level 0 into its output, and a read takes that newest row and
    // level 0 only. Strata reads and writes such tables as Paimon merges them.
    for (String lookup : List.of("changelog-producer=lookup", "force-lookup=true")) {
      String[] option = lookup.split("=");
      for (String engine : List.of("aggregation", "partial-update")) {
        cells.addAll(
            twoWay(
                kinds,
                "primary key, " + engine + ", " + lookup,
                engine.equals("aggregation")
                    ? keyTable(
                        engine,
                        3,
                        option[0],
                        option[1],
                        "fields.v.aggregate-function",
                        "sum",
                        "fields.name.aggregate-function",
                        "listagg")
                    : keyTable(engine, 3, option[0], option[1]),
                insert(ROWS_1),
                insert(ROWS_2),
                insert(ROWS_3),
                tag("t1"),
                insert(ROWS_2),
                compact(),
                insert(ROWS_1),
                insert(ROWS_3)));
      }
    }
    // Both write one lookup table in turn: each one's compaction merges the row the other wrote.
    cells.add(
        tableCell(
            kinds,
            "primary key, aggregation, changelog-producer=lookup, writers alternate",
            MatrixCell.BOTH_WRITE,
            PAIMON,
            keyTable(
                "aggregation",
                3,
                "changelog-producer",
                "lookup",
                "fields.v.aggregate-function",
                "sum",
                "fields.name.aggregate-function",
                "listagg"),
            by(PAIMON, insert(ROWS_1)),
            by(STRATA, insert(ROWS_2)),
            by(PAIMON, insert(ROWS_3)),
            by(STRATA, insert(ROWS_1)),
            tag("t1"),
            by(STRATA, compact()),
            by(PAIMON, insert(ROWS_2)),
            by(STRATA, insert(ROWS_3))));
    // ignore-delete: writers drop deletes, whatever the engine, and a merge passes over those
    // written before; time travel reads older versions with the table's current options, as
    // Paimon does. Paimon refuses to change 'ignore-delete' itself, not its older keys.
    for (String engine : List.of("deduplicate", "partial-update")) {
      cells.addAll(
          twoWay(
              kinds,
              "primary key, " + engine + ", ignore-delete",
              keyTable(engine, 3, "ignore-delete", "true"),
              insert(ROWS_1),
              delete("id = 2"),
              insert(ROWS_2),
              compact(),
              delete("v > 40"),
              insert(ROWS_3)));
    }
    cells.addAll(
        twoWay(
            kinds,
            "primary key, deduplicate.ignore-delete set after deletes",
            keyTable("deduplicate", 3),
            insert(ROWS_1),
            delete("id = 2"),
            insert(ROWS_2),
            delete("v > 40"),
            tag("t0"),
            setOption("deduplicate.ignore-delete", "true"),
            insert(ROWS_3),
            delete("id IN (1, 5)"),
            tag("t1"),
            compact(),
            delete("id = 3")));
    // sequence.field.sort-order descending: Paimon 1.3.1 orders ascending all the same (its
    // comparator ignores the setting), and so does Strata, which refuses to create such a table.
    cells.add(
        tableCell(
            kinds,
            "primary key, sequence.field.sort-order descending",
            MatrixCell.PAIMON_WRITES,
            PAIMON,
            keyTable(
                "deduplicate", 3, "sequence.field", "v", "sequence.field.sort-order", "descending"),
            insert(ROWS_1),
            insert(ROWS_2),
            insert(ROWS_3),
            tag("t1"),
            compact(),
            insert("VALUES ('d1', 1, 'late-small', 1L), ('d2', 3, 'late-null', NULL)")));
    // data-file.path-directory: partitions and buckets under a subdirectory of the table.
    cells.addAll(
        twoWay(
            kinds,
            "primary key, data-file.path-directory",
            keyTable("deduplicate", 2, "data-file.path-directory", "data"),
            insert(ROWS_1),
            insert(ROWS_2),
            delete("id = 2"),
            tag("t1"),
            compact(),
            insert(ROWS_3),
            expireSnapshots(2)));
    // partition.legacy-name = false: date and timestamp partitions named as Paimon casts them.
    cells.addAll(
        twoWay(
            kinds,
            "partitions by DATE and TIMESTAMP, partition.legacy-name false",
            MatrixTable.of(
                "d DATE, ts TIMESTAMP_NTZ, id INT, v BIGINT",
                List.of("d", "ts"),
                "partition.legacy-name",
                "false"),
            insert(
                "VALUES (DATE '2023-12-01', TIMESTAMP_NTZ '2023-12-01 10:00:00.123', 1, 10L),"
                    + " (DATE '1969-12-31', TIMESTAMP_NTZ '1970-01-01 00:00:00', 2, 20L),"
                    + " (NULL, NULL, 3, 30L)"),
            insert("VALUES (DATE '2023-12-01', TIMESTAMP_NTZ '2023-12-01 10:00:00.123', 4, 40L)"),
            tag("t1"),
            insert(
                "VALUES (DATE '2026-12-02', TIMESTAMP_NTZ '2026-12-02 23:59:59.999999', 5, 5L)")));
    // rowkind.field: each inserted row's kind is its op column's value.
    cells.addAll(
        twoWay(
            kinds,
            "primary key, rowkind.field",
            keyTable(
                "dt STRING, id INT, name STRING, v BIGINT, op STRING",
                "deduplicate",
                3,
                "rowkind.field",
                "op"),
            insert(
                "VALUES ('d1', 1, 'a', 10L, '+I'), ('d1', 2, 'b', 20L, '+I'),"
                    + " ('d2', 3, 'c', 30L, '+I')"),
            insert("VALUES ('d1', 1, 'a', 10L, '-D'), ('d2', 3, 'c2', 31L, '+U')"),
            insert("VALUES ('d1', 1, 'again', 11L, '+i'), ('d1', 2, 'b', 20L, '-U')"),
            compact()));
    // bucket-function.type 'mod': both engines put a key in its value modulo 'bucket'.
    cells.add(
        tableCell(
            kinds,
            "primary key, bucket-function.type mod",
            MatrixCell.BOTH_WRITE,
            PAIMON,
            keyTable("deduplicate", 3, "bucket-function.type", "mod"),
            by(PAIMON, insert(ROWS_1)),
            by(STRATA, insert(ROWS_2)),
            by(PAIMON, delete("id = 4")),
            by(STRATA, compact()),
            by(STRATA, insert(ROWS_3)),
            by(PAIMON, compact())));
    // A DELETE under remove-record-on-delete, between compactions: the writers compact at two
    // sorted runs, so deletes go through compactions of their own.
    for (String engine : List.of("partial-update", "aggregation")) {
      cells.addAll(
          twoWay(
              kinds,
              "primary key, merge-engine " + engine + ", remove-record-on-delete",
              removingDeletes(engine),
              insert(ROWS_1),
              compact(),
              delete("id = 2"),
              insert(ROWS_2),
              tag("t1"),
              delete("v > 40"),
              insert(ROWS_3)));
    }
    // Strata's DELETE writes only the key, so its NOT NULL value columns carry neutral values
    // (zero here): Paimon, which starts a row deleted in the same merge from the DELETE's NOT NULL
    // columns, then sums the re-inserted key from zero, as Strata does. (Paimon's own DELETEs
    // carry the deleted row, whose values Paimon folds into the re-inserted one; see
    // docs/migrating-from-paimon.md.)
    cells.add(
        tableCell(
            kinds,
            "primary key, aggregation remove-record-on-delete, NOT NULL sum",
            MatrixCell.STRATA_WRITES,
            STRATA,
            MatrixTable.of(
                "dt STRING, id INT, name STRING, v BIGINT NOT NULL",
                BY_DT,
                "primary-key",
                "dt,id",
                "bucket",
                "1",
                "merge-engine",
                "aggregation",
                "num-sorted-run.compaction-trigger",
                "10",
                "aggregation.remove-record-on-delete",
                "true",
                "fields.v.aggregate-function",
                "sum",
                "fields.name.aggregate-function",
                "last_value"),
            insert("VALUES ('d1', 1, 'a', 10L), ('d1', 2, 'b', 20L)"),
            insert("VALUES ('d1', 1, 'a2', 1L)"),
            delete("id = 1"),
            insert("VALUES ('d1', 1, 'again', 5L), ('d1', 2, 'b2', 2L)"),
            compact()));
    List<MatrixOp> manyCommits = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      manyCommits.add(
          insert(
              "SELECT IF(id % 2 = 0, 'd1', 'd2'), CAST(id AS INT), 'r"
                  + i
                  + "', id * "
                  + i
                  + " FROM range("
                  + (i * 3)
                  + ", "
                  + (i * 3 + 8)
                  + ") AS r(id)"));
    }
    cells.addAll(
        twoWay(
            kinds,
            "primary key after automatic compaction (several levels)",
            MatrixTable.of(
                KV,
                BY_DT,
                "primary-key",
                "dt,id",
                "bucket",
                "1",
                "num-sorted-run.compaction-trigger",
                "2"),
            manyCommits.toArray(new MatrixOp[0])));
    cells.addAll(
        twoWay(
            kinds,
            "dynamic bucket",
            MatrixTable.of(
                KV,
                BY_DT,
                "primary-key",
                "dt,id",
                "bucket",
                "-1",
                "dynamic-bucket.target-row-num",
                "2"),
            insert(ROWS_1),
            insert(ROWS_2),
            tag("t1"),
            insert(ROWS_3)));
    // Strata writes straight into each partition's buckets; Paimon's batch writes through its Java
    // API leave the rows in bucket-postpone/, which neither engine reads until a compaction, here
    // Strata's (Paimon's own runs in Flink only): every snapshot before and after reads alike.
    cells.addAll(
        twoWay(
            kinds,
            "postponed bucket",
            MatrixTable.of(
                KV,
                BY_DT,
                "primary-key",
                "dt,id",
                "bucket",
                "-2",
                "postpone.default-bucket-num",
                "2"),
            insert(ROWS_1),
            insert(ROWS_2),
            tag("t1"),
            insert(ROWS_3),
            by(STRATA, compact())));
    // Paimon's bucket rescale: partition d1 is rewritten with the new count, d2 and d3 keep the
    // old one. Paimon's writers refuse to add to those two, so Strata does it in either cell.
    cells.addAll(
        twoWay(
            kinds,
            "rescaled bucket",
            MatrixTable.of(KV, BY_DT, "primary-key", "dt,id", "bucket", "2"),
            insert(ROWS_1),
            insert(ROWS_2),
            tag("t1"),
            setOption("bucket", "3"),
            overwritePartition("dt", "d1"),
            insert("VALUES ('d1', 2, NULL, 22L), ('d4', 7, 'g', 70L)"),
            by(STRATA, insert(ROWS_3)),
            by(STRATA, compact())));
    List<MatrixCell> dvAppend =
        twoWay(
            kinds,
            "deletion-vectors.enabled, append",
            MatrixTable.of(KV, BY_DT, "deletion-vectors.enabled", "true"),
            insert(ROWS_1),
            insert(ROWS_2),
            tag("t1"),
            MatrixDeletes.appendDelete("id", "3", 3),
            MatrixDeletes.appendDelete("name", "'e'", PaimonRows.str("e")));
    cells.add(dvAppend.get(0));
    cells.add(dvAppend.get(1));
    List<MatrixCell> dvKey =
        twoWay(
            kinds,
            "deletion-vectors.enabled, primary key",
            MatrixTable.of(
                KV,
                BY_DT,
                "primary-key",
                "dt,id",
                "bucket",
                "2",
                "deletion-vectors.enabled",
                "true"),
            insert(ROWS_1),
            insert(ROWS_2),
            delete("id = 4"),
            tag("t1"),
            insert(ROWS_3),
            compact());
    cells.add(dvKey.get(0));
    cells.add(dvKey.get(1));
    List<MatrixCell> thin =
        twoWay(
            kinds,
            "data-file.thin-mode",
            MatrixTable.of(
                KV, BY_DT, "primary-key", "dt,id", "bucket", "2", "data-file.thin-mode", "true"),
            insert(ROWS_1),
            insert(ROWS_2),
            delete("id = 1"),
            compact(),
            insert(ROWS_3));
    cells.addAll(thin);
    for (String format : List.of("orc", "avro")) {
      cells.addAll(
          twoWay(
              kinds,
              "file.format " + format + ", append",
              MatrixTable.of(KV, BY_DT, "file.format", format),
              insert(ROWS_1),
              insert(ROWS_2)));
      cells.addAll(
          twoWay(
              kinds,
              "file.format " + format + ", primary key",
              MatrixTable.of(
                  KV, BY_DT, "primary-key", "dt,id", "bucket", "2", "file.format", format),
              insert(ROWS_1),
              insert(ROWS_2),
              delete("id = 2"),
              compact(),
              insert(ROWS_3)));
    }
    return cells;
  }

  private static List<MatrixCell> shapes() {
    List<MatrixCell> cells = new ArrayList<>();
    String shapes = "shape (append)";
    cells.addAll(
        twoWay(
            shapes,
            "unpartitioned",
            MatrixTable.of("id INT, name STRING", List.of()),
            insert("VALUES (1, 'a'), (2, NULL)"),
            insert("VALUES (3, 'c')")));
    cells.addAll(
        twoWay(
            shapes,
            "two partition columns (string + int)",
            MatrixTable.of("id INT, region STRING, year INT", List.of("region", "year")),
            insert("VALUES (1, 'eu', 2024), (2, 'eu', 2025), (3, 'us', 2024)"),
            insert("VALUES (4, 'us', -1), (5, 'eu', 2024)")));
    cells.addAll(
        twoWay(
            shapes,
            "a date partition",
            MatrixTable.of("id INT, day DATE", List.of("day")),
            insert("VALUES (1, DATE '2024-02-29'), (2, DATE '1970-01-01'), (3, DATE '0001-01-01')"),
            insert("VALUES (4, DATE '9999-12-31'), (5, DATE '2024-02-29')")));
    cells.addAll(
        twoWay(
            shapes,
            "NULL and empty partition values",
            MatrixTable.of("id INT, s STRING, n INT", List.of("s", "n")),
            insert("VALUES (1, NULL, NULL), (2, '', 1), (3, NULL, 2), (4, '', NULL)"),
            insert("VALUES (5, 'x', NULL), (6, NULL, NULL)")));
    cells.addAll(
        twoWay(
            shapes,
            "partition values with / = % : and unicode",
            MatrixTable.of("id INT, p STRING", List.of("p")),
            insert(
                "VALUES (1, 'a/b'), (2, 'k=v'), (3, '100%'), (4, '12:30'), (5, 'ünïcødé 😀'),"
                    + " (6, 'a b/c=d%e:f')"),
            insert("VALUES (7, '%2F'), (8, 'ü:ñ=?#*[x]{y}^')")));
    return cells;
  }

  private static List<MatrixCell> types() {
    List<MatrixCell> cells = new ArrayList<>();
    String dim = "types";
    List<MatrixOp> appendRows = new ArrayList<>();
    for (String values : AllTypesFixture.SQL_INSERTS) {
      appendRows.add(insert("VALUES " + values));
    }
    MatrixTable appendTable =
        new MatrixTable(AllTypesFixture.SQL_COLUMNS, List.of("p_str", "p_int"), Map.of());
    cells.addAll(
        twoWay(
            dim,
            "every Spark type and nesting, append",
            appendTable,
            appendRows.toArray(new MatrixOp[0])));
    String names = String.join(", ", appendTable.sparkSchema().fieldNames());
    List<MatrixOp> keyRows = new ArrayList<>();
    int offset = 0;
    for (String values : AllTypesFixture.SQL_INSERTS) {
      // Keys overlap between the commits, so the second upserts rows of the first.
      keyRows.add(
          insert(
              "SELECT CAST(row_number() OVER (ORDER BY c_string NULLS FIRST, p_int NULLS FIRST) + "
                  + offset
                  + " AS INT), * FROM VALUES "
                  + values
                  + " AS v("
                  + names
                  + ")"));
      offset += 3;
    }
    cells.addAll(
        twoWay(
            dim,
            "every Spark type and nesting, primary key",
            new MatrixTable(
                "k INT, " + AllTypesFixture.SQL_COLUMNS,
                List.of(),
                Map.of("primary-key", "k", "bucket", "2")),
            keyRows.toArray(new MatrixOp[0])));
    cells.addAll(
        twoWay(
            dim,
            "CHAR, VARCHAR, DECIMAL(38, 10), BINARY, primary key on them",
            new MatrixTable(
                "c CHAR(5), vc VARCHAR(20), d DECIMAL(38, 10), b BINARY, s STRING",
                List.of(),
                Map.of("primary-key", "c,vc,d,b", "bucket", "3")),
            insert(
                "VALUES ('ab', 'x', 1.5BD, X'00FF', 'one'), ('', '', CAST('-9999999999999999999999999999.9999999999' AS DECIMAL(38,10)), X'', 'two')"),
            insert(
                "VALUES ('ab', 'x', 1.5BD, X'00FF', 'one again'), ('abcde', 'ü', 0BD, X'01', NULL)")));
    cells.add(
        new MatrixCell(
            dim,
            "TIMESTAMP(3)/(6)/(9), WITH LOCAL TIME ZONE (3)/(6), CHAR, VARCHAR, BINARY(4)",
            MatrixCell.PAIMON_WRITES,
            () -> MatrixTables.paimonPreciseTypes(spark, paimon, DB, nextTable("precise")),
            null));
    return cells;
  }

  private static List<MatrixCell> history() {
    List<MatrixCell> cells = new ArrayList<>();
    String dim = "history (primary key)";
    MatrixTable pk = MatrixTable.of(KV, BY_DT, "primary-key", "dt,id", "bucket", "2");
    cells.addAll(
        twoWay(
            dim,
            "time travel to every snapshot and tag",
            pk,
            insert(ROWS_1),
            tag("t1"),
            insert(ROWS_2),
            tag("t2"),
            compact(),
            insert(ROWS_3),
            tag("t3")));
    cells.addAll(
        twoWay(
            dim,
            "after snapshot expiration",
            pk,
            insert(ROWS_1),
            tag("t1"),
            insert(ROWS_2),
            delete("id = 4"),
            insert(ROWS_3),
            compact(),
            insert("VALUES ('d4', 9, 'z', 9L)"),
            expireSnapshots(2)));
    cells.addAll(
        twoWay(
            dim,
            "after partition expiration",
            pk,
            insert("VALUES ('2020-01-01', 1, 'old', 1L), ('2999-12-31', 2, 'new', 2L)"),
            insert("VALUES ('2020-01-02', 3, 'old', 3L), ('2999-12-31', 4, 'new', 4L)"),
            tag("t1"),
            expirePartitions(),
            insert("VALUES ('2999-12-30', 5, 'new', 5L)")));
    cells.addAll(
        twoWay(
            dim,
            "after tag deletion",
            pk,
            insert(ROWS_1),
            tag("t1"),
            insert(ROWS_2),
            tag("t2"),
            insert(ROWS_3),
            tag("t3"),
            deleteTag("t2")));
    cells.addAll(
        twoWay(
            dim,
            "after rollback",
            pk,
            insert(ROWS_1),
            tag("t1"),
            insert(ROWS_2),
            insert(ROWS_3),
            tag("t3"),
            rollback(2),
            insert("VALUES ('d9', 9, 'after rollback', 9L)")));
    cells.addAll(
        twoWay(
            dim,
            "after schema evolution",
            pk,
            insert(ROWS_1),
            tag("t1"),
            MatrixOp.addColumn("extra", "STRING"),
            insert("VALUES ('d1', 1, 'a3', 12L, 'x'), ('d5', 7, 'g', 70L, NULL)"),
            MatrixOp.renameColumn("name", "label"),
            insert("VALUES ('d1', 2, NULL, 22L, 'y'), ('d3', 6, 'f', 60L, NULL)")));
    return cells;
  }

  private static List<MatrixCell> mixedWriters() {
    List<MatrixCell> cells = new ArrayList<>();
    String dim = "mixed writers";
    cells.add(
        tableCell(
            dim,
            "partial-update remove-record-on-delete, Paimon deletes, Strata writes and compacts",
            MatrixCell.BOTH_WRITE,
            PAIMON,
            removingDeletes("partial-update"),
            by(PAIMON, insert(ROWS_1)),
            by(STRATA, compact()),
            by(PAIMON, delete("id = 2")),
            by(STRATA, insert(ROWS_2)),
            by(PAIMON, delete("v > 40")),
            by(STRATA, insert(ROWS_3)),
            by(STRATA, compact())));
    // Retractions that Paimon folds into aggregation columns (UPDATE_BEFORE, and DELETE without
    // remove-record-on-delete): both engines must undo them alike, function by function.
    cells.add(
        paimonRetractsCell(
            dim,
            "aggregation product and last_value, Paimon retracts, Strata writes and compacts",
            keyTable(
                "aggregation",
                3,
                "fields.v.aggregate-function",
                "product",
                "fields.name.aggregate-function",
                "last_value"),
            "VALUES ('d1', 1, 'x', 5L), ('d3', 5, NULL, NULL)",
            "id = 3"));
    cells.add(
        paimonRetractsCell(
            dim,
            "aggregation sum and last_non_null_value, Paimon retracts, Strata writes and compacts",
            keyTable("aggregation", 3, "fields.v.aggregate-function", "sum"),
            "VALUES ('d1', 1, NULL, 5L), ('d2', 3, 'c2', 30L)",
            "id = 4"));
    cells.add(
        tableCell(
            dim,
            "aggregation max and first_value ignoring retractions, Paimon retracts first",
            MatrixCell.BOTH_WRITE,
            PAIMON,
            keyTable(
                "aggregation",
                3,
                "fields.v.aggregate-function",
                "max",
                "fields.v.ignore-retract",
                "true",
                "fields.name.aggregate-function",
                "first_value",
                "fields.name.ignore-retract",
                "true"),
            by(PAIMON, paimonRetracts("VALUES ('d1', 1, 'gone', 99L), ('d5', 9, 'gone', 9L)")),
            by(STRATA, insert(ROWS_1)),
            by(PAIMON, delete("id = 2")),
            by(STRATA, compact()),
            by(PAIMON, insert(ROWS_2)),
            by(STRATA, insert("VALUES ('d5', 9, 'real', 1L)")),
            by(PAIMON, compact())));
    cells.add(
        tableCell(
            dim,
            "append, alternate commits, then each side expires",
            MatrixCell.BOTH_WRITE,
            STRATA,
            MatrixTable.of(KV, BY_DT),
            by(STRATA, insert(ROWS_1)),
            by(PAIMON, insert(ROWS_2)),
            by(STRATA, tag("t1")),
            by(STRATA, insert(ROWS_3)),
            by(PAIMON, insert(ROWS_1)),
            by(PAIMON, expireSnapshots(3)),
            by(STRATA, insert(ROWS_2)),
            by(PAIMON, tag("t2")),
            by(STRATA, expireSnapshots(2))));
    cells.add(
        tableCell(
            dim,
            "primary key, alternate commits and compactions, then each side expires",
            MatrixCell.BOTH_WRITE,
            PAIMON,
            MatrixTable.of(KV, BY_DT, "primary-key", "dt,id", "bucket", "2"),
            by(PAIMON, insert(ROWS_1)),
            by(STRATA, insert(ROWS_2)),
            by(PAIMON, delete("id = 1")),
            by(STRATA, compact()),
            by(PAIMON, tag("t1")),
            by(STRATA, insert(ROWS_3)),
            by(PAIMON, compact()),
            by(STRATA, delete("id = 6")),
            by(STRATA, expireSnapshots(4)),
            by(PAIMON, insert(ROWS_1)),
            by(PAIMON, expireSnapshots(3))));
    return cells;
  }

  /**
   * Two-way cells that insert {@code rows} (three queries), compact fully and insert the first
   * again; and a mixed cell where Paimon retracts {@code retracted} (UPDATE_BEFORE) between
   * Strata's writes, and each side compacts.
   */
  private static List<MatrixCell> writtenAndRetracted(
      String dim,
      String name,
      String retractingName,
      MatrixTable table,
      List<String> rows,
      String retracted) {
    List<MatrixCell> cells =
        new ArrayList<>(
            twoWay(
                dim,
                name,
                table,
                insert(rows.get(0)),
                insert(rows.get(1)),
                insert(rows.get(2)),
                tag("t1"),
                compact(),
                insert(rows.get(0))));
    cells.add(
        tableCell(
            dim,
            retractingName,
            MatrixCell.BOTH_WRITE,
            PAIMON,
            table,
            by(PAIMON, insert(rows.get(0))),
            by(STRATA, insert(rows.get(1))),
            by(PAIMON, paimonRetracts(retracted)),
            by(STRATA, compact()),
            by(STRATA, insert(rows.get(2))),
            by(PAIMON, compact())));
    return cells;
  }

  /**
   * A mixed cell on an aggregation table: Paimon inserts, retracts {@code retracted}
   * (UPDATE_BEFORE) and deletes (DELETE records folded as retractions) between Strata's inserts and
   * compactions.
   */
  private static MatrixCell paimonRetractsCell(
      String dim, String name, MatrixTable table, String retracted, String deleteCondition) {
    return tableCell(
        dim,
        name,
        MatrixCell.BOTH_WRITE,
        PAIMON,
        table,
        by(PAIMON, insert(ROWS_1)),
        by(STRATA, insert(ROWS_2)),
        by(PAIMON, paimonRetracts(retracted)),
        by(STRATA, compact()),
        by(PAIMON, delete(deleteCondition)),
        by(STRATA, insert(ROWS_3)),
        by(PAIMON, compact()));
  }

  // ---------------------------------------------------------------- running cells

  /** The cell both ways: every step by Strata, then (another table) every step by Paimon. */
  private static List<MatrixCell> twoWay(
      String dimension, String name, MatrixTable table, MatrixOp... steps) {
    return List.of(
        tableCell(dimension, name, MatrixCell.STRATA_WRITES, STRATA, table, steps),
        tableCell(dimension, name, MatrixCell.PAIMON_WRITES, PAIMON, table, steps));
  }

  private static MatrixCell tableCell(
      String dimension,
      String name,
      String direction,
      MatrixOp.Writer writer,
      MatrixTable table,
      MatrixOp... steps) {
    return new MatrixCell(
        dimension,
        name,
        direction,
        () -> {
          MatrixContext ctx = new MatrixContext(spark, paimon, DB, nextTable(name));
          create(table).run(writer, ctx);
          for (MatrixOp step : steps) {
            try {
              step.run(writer, ctx);
            } catch (Exception | AssertionError e) {
              throw new AssertionError(writer + " failed at step: " + step.describe(), e);
            }
            // The other side may have committed: Spark must not plan on a cached table.
            spark.catalog().refreshTable(ctx.sparkName());
          }
          MatrixReads.assertEveryVersionReadsAlike(ctx);
        },
        null);
  }

  private static synchronized String nextTable(String name) {
    tables++;
    return "t" + tables + "_" + name.replaceAll("[^A-Za-z0-9]+", "_").toLowerCase();
  }

  private static void run(MatrixCell cell) throws Throwable {
    long start = System.nanoTime();
    Throwable failure = null;
    try {
      cell.check().run();
    } catch (Throwable t) {
      failure = t;
    }
    long millis = (System.nanoTime() - start) / 1_000_000;
    MatrixCell.KnownGap gap = cell.gap();
    if (gap == null) {
      record(cell, failure == null ? MatrixResult.PASS : MatrixResult.FAIL, "", millis);
      if (failure != null) {
        throw failure;
      }
      return;
    }
    if (failure == null) {
      record(cell, MatrixResult.FAIL, "known gap passes now", millis);
      throw new AssertionError(
          "Known gap now passes: remove the gap from cell '"
              + cell.displayName()
              + "' in CompatibilityMatrixTest and regenerate "
              + CompatibilityDoc.PAGE);
    }
    if (!messages(failure).contains(gap.errorContains())) {
      record(cell, MatrixResult.FAIL, "unexpected error", millis);
      throw new AssertionError(
          "Known gap failed with another error than '" + gap.errorContains() + "'", failure);
    }
    record(cell, MatrixResult.GAP, gap.reason(), millis);
  }

  private static String messages(Throwable t) {
    StringBuilder all = new StringBuilder();
    for (Throwable c = t; c != null; c = c.getCause()) {
      all.append(c.getMessage()).append('\n');
    }
    return all.toString();
  }

  private static synchronized void record(
      MatrixCell cell, String result, String reason, long millis) {
    results.add(
        new MatrixResult(cell.dimension(), cell.name(), cell.direction(), result, reason, millis));
  }

  private static void checkPage() throws Exception {
    Path target = Path.of("target", "compatibility-matrix");
    Files.createDirectories(target);
    List<String> lines = new ArrayList<>();
    long total = 0;
    for (MatrixResult r : results) {
      lines.add(r.tsv());
      total += r.millis();
    }
    lines.add("# total millis\t" + total);
    Files.write(target.resolve("results.tsv"), lines, StandardCharsets.UTF_8);
    String page = CompatibilityDoc.markdown(results);
    Path file = CompatibilityDoc.repositoryRoot().resolve(CompatibilityDoc.PAGE);
    if (Boolean.getBoolean("strata.compat.regenerate")) {
      Files.writeString(file, page, StandardCharsets.UTF_8);
    }
    assertThat(file).as(CompatibilityDoc.PAGE + " is missing: run scripts/docs").exists();
    assertThat(Files.readString(file, StandardCharsets.UTF_8))
        .as(CompatibilityDoc.PAGE + " is stale: run scripts/docs and commit the result")
        .isEqualTo(page);
  }
}

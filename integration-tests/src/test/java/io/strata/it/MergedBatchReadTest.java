package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.spark.read.ReadPath;
import io.strata.spark.read.StrataScan;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.classic.SparkSession;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Primary-key splits that need a merge are merged from columnar batches ({@link
 * ReadPath#MERGED_BATCHES}) for every merge engine (field by field for {@code partial-update} and
 * {@code aggregation}, in {@code sequence.field} order): the rows equal a model of the writes and
 * the rows of table-core's row path ({@code read.columnar.enabled = false}), over several sorted
 * runs ({@code write-only}), deletes, buckets, partitions, a column added after the first runs,
 * composite string/int keys and long/decimal/date keys, and batches of 2 rows (so the winning
 * record's batch is often refilled).
 */
class MergedBatchReadTest {

  private static final String COLUMNAR = "spark.strata.read.columnar.enabled";
  private static final String BATCH_SIZE = "spark.sql.parquet.columnarReaderBatchSize";

  /** Strings whose UTF-8 order differs from their UTF-16 order ({@code \uFF21} vs a surrogate). */
  private static final String[] STRINGS = {"a", "ab", "", "é", "\uFF21", "\uD83D\uDE00"};

  private static SparkSession spark;

  @BeforeAll
  static void start() {
    spark = TestSpark$.MODULE$.session();
  }

  @AfterEach
  void resetConf() {
    spark.conf().unset(COLUMNAR);
    spark.conf().unset(BATCH_SIZE);
  }

  @Test
  void deduplicateMergesRunsDeletesAndFilesOfAnOlderSchema() {
    String t = "strata.default.merged_dedup";
    sql(
        "CREATE TABLE "
            + t
            + " (ks STRING, ki INT, v BIGINT, d DECIMAL(10,2)) TBLPROPERTIES"
            + " ('primary-key' = 'ks,ki', 'bucket' = '3', 'write-only' = 'true')");
    Map<String, String> model = new TreeMap<>();
    for (int r = 0; r < 4; r++) {
      upsert(t, model, r, r * 15, r * 15 + 40, null);
      if (r == 1) {
        sql("DELETE FROM " + t + " WHERE ki % 7 = 0");
        model.keySet().removeIf(k -> keyInt(k) % 7 == 0);
      }
    }
    sql("ALTER TABLE " + t + " ADD COLUMN extra STRING");
    upsert(t, model, 4, 30, 70, "x4");
    sql("DELETE FROM " + t + " WHERE ki % 11 = 3");
    model.keySet().removeIf(k -> keyInt(k) % 11 == 3);
    upsert(t, model, 5, 0, 20, "x5");

    assertThat(readPath("SELECT * FROM " + t)).isEqualTo(ReadPath.MERGED_BATCHES);
    assertThat(QueryRows.sorted(QueryRows.of(spark, "SELECT * FROM " + t)))
        .isEqualTo(QueryRows.sorted(new ArrayList<>(model.values())));
    assertSameOnBothPaths("SELECT * FROM " + t);
    assertSameOnBothPaths("SELECT extra, v, ks FROM " + t + " WHERE ki > 10 AND v > 2000");
    assertThat(QueryRows.of(spark, "SELECT count(*) FROM " + t))
        .containsExactly("[" + model.size() + "]");
    spark.conf().set(BATCH_SIZE, "2");
    assertSameOnBothPaths("SELECT * FROM " + t);
  }

  @Test
  void longDecimalAndDateKeysMergeWithinPartitionsBesideSplitsThatNeedNoMerge() {
    String t = "strata.default.merged_typed_keys";
    sql(
        "CREATE TABLE "
            + t
            + " (p STRING, kl BIGINT, kd DECIMAL(12,3), kdt DATE, v STRING) PARTITIONED BY (p)"
            + " TBLPROPERTIES ('primary-key' = 'p,kl,kd,kdt', 'bucket' = '2',"
            + " 'write-only' = 'true')");
    Map<String, String> model = new TreeMap<>();
    IntFunction<String[]> key =
        i -> {
          String p = i % 2 == 0 ? "a" : "b";
          long kl = (i % 9 - 4) * 1_000_000_000_000L;
          BigDecimal kd = BigDecimal.valueOf(i * 37L % 101 - 50, 3);
          LocalDate kdt = LocalDate.of(1969, 12, 25).plusDays(i % 13);
          return new String[] {p, Long.toString(kl), kd.toPlainString(), kdt.toString()};
        };
    for (int r = 0; r < 4; r++) {
      List<String> values = new ArrayList<>();
      for (int i = r * 10; i < r * 10 + 30; i++) {
        String[] k = key.apply(i);
        String v = "r" + r + "-" + i;
        values.add(String.format("('%s', %s, %s, DATE'%s', '%s')", k[0], k[1], k[2], k[3], v));
        model.put(String.join("|", k), "[" + String.join(",", k) + "," + v + "]");
      }
      sql("INSERT INTO " + t + " VALUES " + String.join(", ", values));
    }
    // One file in partition c: its split needs no merge and is read as batch rows.
    sql("INSERT INTO " + t + " VALUES ('c', 1, 1.000, DATE'2000-01-01', 'only')");
    model.put("c", "[c,1,1.000,2000-01-01,only]");

    assertThat(readPath("SELECT * FROM " + t)).isEqualTo(ReadPath.MERGED_BATCHES);
    assertThat(QueryRows.sorted(QueryRows.of(spark, "SELECT p, kl, kd, kdt, v FROM " + t)))
        .isEqualTo(QueryRows.sorted(new ArrayList<>(model.values())));
    assertSameOnBothPaths("SELECT * FROM " + t);
    assertSameOnBothPaths("SELECT v, p FROM " + t + " WHERE p = 'b'");
  }

  @Test
  void firstRowTablesNeedNoMergeAndKeepTheFirstRecordOfEachKey() {
    String t = "strata.default.merged_first_row";
    sql(
        "CREATE TABLE "
            + t
            + " (id BIGINT, v STRING) TBLPROPERTIES ('primary-key' = 'id', 'bucket' = '2',"
            + " 'merge-engine' = 'first-row')");
    Map<Long, String> model = new TreeMap<>();
    for (int r = 0; r < 4; r++) {
      List<String> values = new ArrayList<>();
      for (long id = r * 7L; id < r * 7L + 20; id++) {
        values.add("(" + id + ", 'r" + r + "')");
        model.putIfAbsent(id, "[" + id + ",r" + r + "]");
      }
      sql("INSERT INTO " + t + " VALUES " + String.join(", ", values));
    }
    // Readers skip level 0 of first-row tables and the levels above never overlap.
    assertThat(readPath("SELECT * FROM " + t)).isEqualTo(ReadPath.BATCHES);
    assertThat(QueryRows.of(spark, "SELECT * FROM " + t + " ORDER BY id"))
        .isEqualTo(new ArrayList<>(model.values()));
  }

  @Test
  void partialUpdateMergesOnBatches() {
    String t = "strata.default.merged_partial_update";
    sql(
        "CREATE TABLE "
            + t
            + " (id BIGINT, a STRING, b INT) TBLPROPERTIES ('primary-key' = 'id',"
            + " 'bucket' = '1', 'merge-engine' = 'partial-update', 'write-only' = 'true')");
    sql("INSERT INTO " + t + " VALUES (1, 'a1', NULL), (2, NULL, 20)");
    sql("INSERT INTO " + t + " VALUES (1, NULL, 10)");
    spark.conf().set(BATCH_SIZE, "1");
    assertThat(readPath("SELECT * FROM " + t)).isEqualTo(ReadPath.MERGED_BATCHES);
    assertThat(QueryRows.of(spark, "SELECT * FROM " + t + " ORDER BY id"))
        .containsExactly("[1,a1,10]", "[2,null,20]");
    assertSameOnBothPaths("SELECT b, id FROM " + t);
  }

  @Test
  void aggregationWithSequenceFieldMergesOnBatches() {
    String t = "strata.default.merged_aggregation";
    sql(
        "CREATE TABLE "
            + t
            + " (id INT, total BIGINT, top DOUBLE, names STRING, seq INT) TBLPROPERTIES"
            + " ('primary-key' = 'id', 'bucket' = '2', 'merge-engine' = 'aggregation',"
            + " 'sequence.field' = 'seq', 'fields.total.aggregate-function' = 'sum',"
            + " 'fields.top.aggregate-function' = 'max',"
            + " 'fields.names.aggregate-function' = 'listagg', 'write-only' = 'true')");
    for (int r = 0; r < 4; r++) {
      List<String> values = new ArrayList<>();
      for (int id = 0; id < 30; id++) {
        values.add(
            "("
                + id
                + ", "
                + (r + id)
                + ", "
                + (id * r % 7)
                + ".5, 'n"
                + r
                + "', "
                + (5 - r)
                + ")");
      }
      sql("INSERT INTO " + t + " VALUES " + String.join(", ", values));
    }
    spark.conf().set(BATCH_SIZE, "2");
    assertThat(QueryRows.of(spark, "SELECT * FROM " + t + " WHERE id = 3"))
        .containsExactly("[3,18,6.5,n3,n2,n1,n0,5]");
    assertSameOnBothPaths("SELECT * FROM " + t);
    assertSameOnBothPaths("SELECT names, total FROM " + t);
  }

  @Test
  void foldsWithoutABatchMergeStayOnTheRowPath() {
    String t = "strata.default.merged_partial_update_array";
    sql(
        "CREATE TABLE "
            + t
            + " (id BIGINT, a ARRAY<INT>) TBLPROPERTIES ('primary-key' = 'id',"
            + " 'bucket' = '1', 'merge-engine' = 'partial-update', 'write-only' = 'true')");
    sql("INSERT INTO " + t + " VALUES (1, array(1)), (2, NULL)");
    sql("INSERT INTO " + t + " VALUES (2, array(2, 3))");
    assertThat(readPath("SELECT * FROM " + t)).isEqualTo(ReadPath.ROWS);
    assertThat(QueryRows.of(spark, "SELECT * FROM " + t + " ORDER BY id"))
        .containsExactly("[1,ArraySeq(1)]", "[2,ArraySeq(2, 3)]");
  }

  /** Upserts keys {@code [from, to)} as run {@code r}; {@code extra} is null before the ALTER. */
  private static void upsert(
      String table, Map<String, String> model, int r, int from, int to, String extra) {
    List<String> values = new ArrayList<>();
    for (int i = from; i < to; i++) {
      String ks = STRINGS[i % STRINGS.length];
      long v = r * 1000L + i;
      BigDecimal d = BigDecimal.valueOf(r * 100L + i, 2);
      String row = "('" + ks + "', " + i + ", " + v + ", " + d;
      values.add(extra == null ? row + ")" : row + ", '" + extra + "')");
      String expected = "[" + ks + "," + i + "," + v + "," + d;
      model.put(ks + "|" + i, extra == null ? expected + ",null]" : expected + "," + extra + "]");
    }
    sql("INSERT INTO " + table + " VALUES " + String.join(", ", values));
  }

  private static int keyInt(String modelKey) {
    return Integer.parseInt(modelKey.substring(modelKey.lastIndexOf('|') + 1));
  }

  private static ReadPath readPath(String query) {
    Dataset<Row> df = spark.sql(query);
    df.collect();
    List<BatchScanExec> scans =
        SparkPlans.find(df.queryExecution().executedPlan(), BatchScanExec.class);
    assertThat(scans).hasSize(1);
    return ((StrataScan) scans.get(0).scan()).readPath();
  }

  /** The rows of {@code query} merged from batches equal those of table-core's row path. */
  private static void assertSameOnBothPaths(String query) {
    assertThat(readPath(query)).isEqualTo(ReadPath.MERGED_BATCHES);
    List<String> merged = QueryRows.sorted(QueryRows.of(spark, query));
    spark.conf().set(COLUMNAR, "false");
    assertThat(readPath(query)).isEqualTo(ReadPath.ROWS);
    List<String> rows = QueryRows.sorted(QueryRows.of(spark, query));
    spark.conf().unset(COLUMNAR);
    assertThat(merged).as(query).isNotEmpty().isEqualTo(rows);
  }

  private static void sql(String statement) {
    spark.sql(statement).collect();
  }
}

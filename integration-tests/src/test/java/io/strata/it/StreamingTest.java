package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.spark.StrataCatalog;
import io.strata.spark.StrataTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.spark.api.java.function.VoidFunction2;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.classic.SparkSession;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.streaming.DataStreamReader;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.Trigger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Strata table as a Structured Streaming source and sink, run with {@code Trigger.AvailableNow}
 * so every query ends when it has read what was committed when it started.
 */
class StreamingTest {

  private static SparkSession spark;

  @TempDir Path checkpoints;

  @BeforeAll
  static void start() {
    spark = TestSpark$.MODULE$.session();
  }

  private static void sql(String statement) {
    spark.sql(statement).collect();
  }

  private static void createTable(String name, String properties) {
    sql("DROP TABLE IF EXISTS " + name);
    sql(
        "CREATE TABLE "
            + name
            + " (id BIGINT NOT NULL, v STRING) TBLPROPERTIES ("
            + properties
            + ")");
  }

  /** What one AvailableNow run of a stream emitted, and in which batches. */
  record Run(List<String> rows, List<Long> batches) {}

  private Run stream(String table, String checkpoint, Map<String, String> options)
      throws Exception {
    List<String> rows = Collections.synchronizedList(new ArrayList<>());
    List<Long> batches = Collections.synchronizedList(new ArrayList<>());
    DataStreamReader reader = spark.readStream();
    options.forEach(reader::option);
    StreamingQuery query =
        reader
            .table(table)
            .writeStream()
            .option("checkpointLocation", checkpoints.resolve(checkpoint).toString())
            .trigger(Trigger.AvailableNow())
            .foreachBatch(
                (VoidFunction2<Dataset<Row>, Long>)
                    (batch, id) -> {
                      batches.add(id);
                      for (Row r : batch.collectAsList()) {
                        rows.add(r.getLong(0) + "=" + r.getString(1));
                      }
                    })
            .start();
    query.awaitTermination();
    assertThat(query.isActive()).as("AvailableNow stops at the end").isFalse();
    return new Run(rows, batches);
  }

  private static FileStoreTable fileStoreTable(String name) throws Exception {
    StrataCatalog catalog = (StrataCatalog) spark.sessionState().catalogManager().catalog("strata");
    return ((StrataTable) catalog.loadTable(Identifier.of(new String[] {"default"}, name)))
        .fileStoreTable();
  }

  @Test
  void aKeyTableStreamsItsSnapshotThenEveryChangeOnceAcrossRestarts() throws Exception {
    String t = "strata.default.stream_pk";
    createTable(t, "'primary-key' = 'id', 'bucket' = '2'");
    sql("INSERT INTO " + t + " VALUES (1, 'a'), (2, 'b'), (3, 'c')");
    Run first = stream(t, "pk", Map.of());
    assertThat(first.rows()).containsExactlyInAnyOrder("1=a", "2=b", "3=c");

    // 20 commits: upserts and new keys (emitted), deletes and a compaction and an overwrite (not).
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < 16; i++) {
      if (i % 5 == 4) {
        sql("DELETE FROM " + t + " WHERE id = " + (i % 3 + 1));
        continue;
      }
      long key = i % 2 == 0 ? i % 3 + 1 : 100 + i;
      sql("INSERT INTO " + t + " VALUES (" + key + ", 'v" + i + "')");
      expected.add(key + "=v" + i);
    }
    sql("CALL strata.sys.compact(table => 'default.stream_pk')");
    sql("INSERT OVERWRITE " + t + " VALUES (7, 'overwritten')");
    sql("INSERT INTO " + t + " VALUES (8, 'after'), (9, 'after')");
    expected.add("8=after");
    expected.add("9=after");
    sql("DELETE FROM " + t + " WHERE id = 8");
    assertThat(fileStoreTable("stream_pk").snapshotManager().latestId().getAsLong())
        .isGreaterThanOrEqualTo(21);

    Run resumed = stream(t, "pk", Map.of());
    assertThat(resumed.rows()).containsExactlyInAnyOrderElementsOf(expected);
    assertThat(resumed.batches()).doesNotContainAnyElementsOf(first.batches());
    // Nothing new: a third run emits nothing.
    assertThat(stream(t, "pk", Map.of()).rows()).isEmpty();
  }

  /** Every row an AvailableNow run emits, rendered by {@code render}. */
  private List<String> streamRendered(
      String table, String checkpoint, Map<String, String> options, Function<Row, String> render)
      throws Exception {
    List<String> rows = Collections.synchronizedList(new ArrayList<>());
    DataStreamReader reader = spark.readStream();
    options.forEach(reader::option);
    StreamingQuery query =
        reader
            .table(table)
            .writeStream()
            .option("checkpointLocation", checkpoints.resolve(checkpoint).toString())
            .trigger(Trigger.AvailableNow())
            .foreachBatch(
                (VoidFunction2<Dataset<Row>, Long>)
                    (batch, id) -> batch.collectAsList().forEach(r -> rows.add(render.apply(r))))
            .start();
    query.awaitTermination();
    return rows;
  }

  private static String withKind(Row r) {
    return r.getString(0) + " " + r.getLong(1) + "=" + r.getString(2);
  }

  @Test
  void theAuditLogStreamsEveryChangeWithItsRowKind() throws Exception {
    String t = "strata.default.stream_audit";
    createTable(t, "'primary-key' = 'id', 'bucket' = '2'");
    sql("INSERT INTO " + t + " VALUES (1, 'a'), (2, 'b'), (3, 'c')");
    String audit = "strata.default.`stream_audit$audit_log`";
    assertThat(spark.readStream().table(audit).schema().fieldNames())
        .containsExactly("rowkind", "id", "v");
    assertThat(streamRendered(audit, "audit", Map.of(), StreamingTest::withKind))
        .containsExactlyInAnyOrder("+I 1=a", "+I 2=b", "+I 3=c");

    sql("INSERT INTO " + t + " VALUES (2, 'b2'), (4, 'd')");
    sql("DELETE FROM " + t + " WHERE id = 3");
    sql("UPDATE " + t + " SET v = 'a2' WHERE id = 1");
    // Strata's UPDATE writes +U records; its DELETE writes -D records that carry only the key.
    assertThat(streamRendered(audit, "audit", Map.of(), StreamingTest::withKind))
        .containsExactlyInAnyOrder("+I 2=b2", "+I 4=d", "-D 3=null", "+U 1=a2");
    // The plain table stream shows the same changes without the delete.
    assertThat(
            stream(t, "plain", Map.of("scan.mode", "from-snapshot", "scan.snapshot-id", "2"))
                .rows())
        .containsExactlyInAnyOrder("2=b2", "4=d", "1=a2");
  }

  @Test
  void aStreamFromATagReadsItsSnapshotWholeThenFollowsTheChanges() throws Exception {
    String t = "strata.default.stream_tag";
    createTable(t, "'primary-key' = 'id', 'bucket' = '1'");
    sql("INSERT INTO " + t + " VALUES (1, 'a'), (2, 'b')");
    sql("CALL strata.sys.create_tag(table => 'default.stream_tag', tag => 'v1')");
    sql("INSERT INTO " + t + " VALUES (2, 'b2')");
    sql("INSERT INTO " + t + " VALUES (3, 'c')");
    Run run = stream(t, "tag", Map.of("scan.tag-name", "v1"));
    assertThat(run.rows()).containsExactlyInAnyOrder("1=a", "2=b", "2=b2", "3=c");
    assertThatThrownBy(() -> stream(t, "no-tag", Map.of("scan.tag-name", "v9")))
        .hasMessageContaining("Tag 'v9' doesn't exist. Existing tags: v1.");
  }

  @Test
  void readLimitsSplitTheBacklogIntoBatchesAndScanModesChooseTheStart() throws Exception {
    String t = "strata.default.stream_append";
    createTable(t, "'bucket' = '-1'");
    for (int i = 1; i <= 3; i++) {
      sql("INSERT INTO " + t + " SELECT /*+ REPARTITION(1) */ " + i + ", 'r" + i + "'");
    }
    Run limited =
        stream(
            t,
            "limited",
            Map.of(
                "scan.mode",
                "from-snapshot",
                "scan.snapshot-id",
                "2",
                "read.stream.maxFilesPerTrigger",
                "1"));
    assertThat(limited.rows()).containsExactly("2=r2", "3=r3");
    assertThat(limited.batches()).hasSize(2);

    assertThat(stream(t, "rows", Map.of("read.stream.maxRowsPerTrigger", "2")).batches())
        .hasSize(1); // the whole snapshot is one split: a batch takes at least one split
    assertThat(stream(t, "full", Map.of("scan.mode", "latest-full")).rows())
        .containsExactlyInAnyOrder("1=r1", "2=r2", "3=r3");
    assertThat(stream(t, "latest", Map.of("scan.mode", "latest")).rows()).isEmpty();
    sql("INSERT INTO " + t + " VALUES (4, 'r4')");
    assertThat(stream(t, "latest", Map.of("scan.mode", "latest")).rows()).containsExactly("4=r4");
    // Starting points no batch read can see: before the first commit, after the latest.
    assertThat(
            stream(
                    t,
                    "timestamp",
                    Map.of("scan.mode", "from-timestamp", "scan.timestamp-millis", "0"))
                .rows())
        .containsExactly("1=r1", "2=r2", "3=r3", "4=r4");
    Map<String, String> future = Map.of("scan.mode", "from-snapshot", "scan.snapshot-id", "6");
    assertThat(stream(t, "future", future).rows()).isEmpty();
    sql("INSERT INTO " + t + " VALUES (5, 'r5')");
    sql("INSERT INTO " + t + " VALUES (6, 'r6')");
    assertThat(stream(t, "future", future).rows()).containsExactly("6=r6");
    assertThat(
            stream(
                    t,
                    "snapshot-full",
                    Map.of("scan.mode", "from-snapshot-full", "scan.snapshot-id", "1"))
                .rows())
        .containsExactlyInAnyOrder("1=r1", "2=r2", "3=r3", "4=r4", "5=r5", "6=r6");
  }

  @Test
  void aBatchMayEndInsideASnapshotAndTheNextResumesThere() throws Exception {
    String t = "strata.default.stream_buckets";
    createTable(t, "'primary-key' = 'id', 'bucket' = '2'");
    sql("INSERT INTO " + t + " SELECT id, CAST(id AS STRING) FROM range(20)");
    // Two buckets: two splits of the whole snapshot, one per batch.
    Run run = stream(t, "buckets", Map.of("read.stream.maxFilesPerTrigger", "1"));
    assertThat(run.batches()).hasSize(2);
    assertThat(run.rows()).hasSize(20).doesNotHaveDuplicates();
    sql("INSERT INTO " + t + " VALUES (0, 'new')");
    assertThat(stream(t, "buckets", Map.of("read.stream.maxFilesPerTrigger", "1")).rows())
        .containsExactly("0=new");
  }

  @Test
  void aConsumerKeepsTheSnapshotsItHasNotReadFromExpiration() throws Exception {
    String t = "strata.default.stream_consumer";
    createTable(t, "'snapshot.num-retained.min' = '1', 'snapshot.num-retained.max' = '1'");
    sql("INSERT INTO " + t + " VALUES (1, 'a')");
    Map<String, String> consumer = Map.of("consumer-id", "reader1");
    assertThat(stream(t, "consumer", consumer).rows()).containsExactly("1=a");
    // Spark confirms a batch only when it starts the next one: the consumer holds the start of
    // the last batch, snapshot 1, read whole.
    assertThat(consumerNext()).containsExactly(1L);

    sql("INSERT INTO " + t + " VALUES (2, 'b')");
    sql("INSERT INTO " + t + " VALUES (3, 'c')");
    sql("INSERT INTO " + t + " VALUES (4, 'd')");
    // Expiration keeps one snapshot, but not those the consumer still reads.
    assertThat(fileStoreTable("stream_consumer").snapshotManager().earliestId()).hasValue(1);
    assertThat(stream(t, "consumer", consumer).rows()).containsExactly("2=b", "3=c", "4=d");
    assertThat(consumerNext()).containsExactly(2L);
    sql("INSERT INTO " + t + " VALUES (5, 'e')");
    assertThat(fileStoreTable("stream_consumer").snapshotManager().earliestId()).hasValue(2);
    assertThat(stream(t, "consumer", consumer).rows()).containsExactly("5=e");
    assertThat(consumerNext()).containsExactly(5L);
  }

  private static List<Long> consumerNext() {
    return spark
        .sql("SELECT next_snapshot_id FROM strata.default.`stream_consumer$consumers`")
        .collectAsList()
        .stream()
        .map(r -> r.getLong(0))
        .toList();
  }

  @Test
  void aStreamWhoseNextSnapshotExpiredFailsNamingItAndTheFix() throws Exception {
    String t = "strata.default.stream_expired";
    createTable(t, "'snapshot.num-retained.min' = '1', 'snapshot.num-retained.max' = '1'");
    sql("INSERT INTO " + t + " VALUES (1, 'a')");
    assertThat(stream(t, "expired", Map.of()).rows()).containsExactly("1=a");
    sql("INSERT INTO " + t + " VALUES (2, 'b')");
    sql("INSERT INTO " + t + " VALUES (3, 'c')");
    assertThatThrownBy(() -> stream(t, "expired", Map.of()))
        .hasMessageContaining(
            "Cannot continue the streaming read of stream_expired: snapshot 2, the next one it"
                + " reads, has expired (the earliest snapshot is 3).")
        .hasMessageContaining("'consumer-id'");
  }

  @Test
  void theSinkCommitsEachBatchOnceEvenWhenABatchIsReplayed() throws Exception {
    String source = "strata.default.sink_source";
    String sink = "strata.default.sink_append";
    createTable(source, "'bucket' = '-1'");
    createTable(sink, "'bucket' = '-1'");
    sql("INSERT INTO " + source + " VALUES (1, 'a'), (2, 'b')");
    Path checkpoint = checkpoints.resolve("sink");
    StreamingQuery first = toTable(source, sink, checkpoint);
    sql("INSERT INTO " + source + " VALUES (3, 'c')");
    toTable(source, sink, checkpoint);
    assertThat(rows(sink)).containsExactlyInAnyOrder("1=a", "2=b", "3=c");
    Snapshot last = fileStoreTable("sink_append").snapshotManager().latest();
    assertThat(last.commitUser()).isEqualTo(first.id().toString());
    assertThat(last.commitIdentifier()).isEqualTo(1);

    // Killed after the table commit of batch 1 but before Spark recorded it: the restart runs
    // batch 1 again, and its commit finds batch 1 already committed.
    deleteCommitLog(checkpoint, 1);
    StreamingQuery replay = toTable(source, sink, checkpoint);
    assertThat(replay.recentProgress())
        .extracting(p -> p.batchId() + ":" + p.numInputRows())
        .contains("1:1");
    assertThat(rows(sink)).containsExactlyInAnyOrder("1=a", "2=b", "3=c");
    assertThat(fileStoreTable("sink_append").snapshotManager().latestId()).hasValue(last.id());
  }

  @Test
  void aKeyTableSinkUpsertsWhatTheStreamEmits() throws Exception {
    String source = "strata.default.upsert_source";
    String sink = "strata.default.upsert_sink";
    createTable(source, "'primary-key' = 'id', 'bucket' = '2'");
    createTable(sink, "'primary-key' = 'id', 'bucket' = '2'");
    sql("INSERT INTO " + source + " VALUES (1, 'a'), (2, 'b')");
    Path checkpoint = checkpoints.resolve("upsert");
    toTable(source, sink, checkpoint);
    sql("INSERT INTO " + source + " VALUES (2, 'b2'), (3, 'c')");
    toTable(source, sink, checkpoint);
    assertThat(rows(sink)).containsExactlyInAnyOrder("1=a", "2=b2", "3=c");
    assertThat(rows(sink)).containsExactlyInAnyOrderElementsOf(rows(source));
  }

  @Test
  void aTableWrittenByPaimonStreamsToo() throws Exception {
    Path golden = Path.of(System.getProperty("strata.golden.dir"), "warehouse/golden.db/pk_levels");
    Path db = TestSpark$.MODULE$.warehouse().resolve("stream_golden.db");
    if (!Files.exists(db.resolve("pk_levels"))) {
      GoldenTables.copyTree(golden, db.resolve("pk_levels"));
    }
    String t = "strata.stream_golden.pk_levels";
    List<Row> batch = spark.sql("SELECT * FROM " + t).collectAsList();
    List<Row> streamed = Collections.synchronizedList(new ArrayList<>());
    StreamingQuery query =
        spark
            .readStream()
            .table(t)
            .writeStream()
            .option("checkpointLocation", checkpoints.resolve("golden").toString())
            .trigger(Trigger.AvailableNow())
            .foreachBatch(
                (VoidFunction2<Dataset<Row>, Long>) (b, id) -> streamed.addAll(b.collectAsList()))
            .start();
    query.awaitTermination();
    assertThat(batch).isNotEmpty();
    assertThat(streamed).containsExactlyInAnyOrderElementsOf(batch);
  }

  private static StreamingQuery toTable(String source, String sink, Path checkpoint)
      throws Exception {
    StreamingQuery query =
        spark
            .readStream()
            .table(source)
            .writeStream()
            .option("checkpointLocation", checkpoint.toString())
            .trigger(Trigger.AvailableNow())
            .toTable(sink);
    query.awaitTermination();
    return query;
  }

  private static List<String> rows(String table) {
    return spark.sql("SELECT id, v FROM " + table).collectAsList().stream()
        .map(r -> r.getLong(0) + "=" + r.getString(1))
        .toList();
  }

  private static void deleteCommitLog(Path checkpoint, long batch) throws IOException {
    Files.delete(checkpoint.resolve("commits").resolve(String.valueOf(batch)));
    Files.deleteIfExists(checkpoint.resolve("commits").resolve("." + batch + ".crc"));
  }
}

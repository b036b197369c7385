package io.strata.it.compact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.compact.CompactionOrder;
import io.strata.core.compact.OrderStrategy;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.it.TestSpark$;
import io.strata.spark.sort.SortCompaction;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.classic.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code CALL sys.compact} with {@code order_strategy}: the rows stay the same, the selected
 * partitions' files are replaced by fewer, sorted ones in one COMPACT snapshot written by Spark
 * tasks, and bad arguments fail before anything is written.
 */
class SortCompactionTest {

  private static SparkSession spark;

  @BeforeAll
  static void start() {
    spark = TestSpark$.MODULE$.session();
  }

  /** Six inserts into two partitions; each insert spreads a and b over the whole range. */
  private static void create(String name, String properties) {
    sql("DROP TABLE IF EXISTS strata.default." + name);
    sql(
        "CREATE TABLE strata.default."
            + name
            + " (a INT, b BIGINT, v STRING, dt STRING) PARTITIONED BY (dt)"
            + properties);
    for (int round = 0; round < 6; round++) {
      sql(
          "INSERT INTO strata.default."
              + name
              + " SELECT CAST(id * 6 + "
              + round
              + " AS INT), (id * 37 + "
              + round
              + ") % 100, concat('v', id), IF(id % 2 = 0, 'x', 'y') FROM range(0, 200)");
    }
  }

  private static List<Row> sql(String statement) {
    return spark.sql(statement).collectAsList();
  }

  private static List<String> rows(String name) {
    return sql("SELECT * FROM strata.default." + name + " ORDER BY a, b, v, dt").stream()
        .map(Row::toString)
        .toList();
  }

  private static long latestId(String name) {
    return DistributedCompactionTest.load(name, TaskSideFileIO.counting())
        .snapshotManager()
        .latest()
        .id();
  }

  /** The live files as partition:file name. */
  private static Set<String> files(String name) {
    return sql("SELECT partition, file_path FROM strata.default.`" + name + "$files`").stream()
        .map(r -> r.getString(0) + ":" + r.getString(1))
        .collect(Collectors.toSet());
  }

  private static long fileCount(String name, String partition) {
    return files(name).stream().filter(f -> f.startsWith(partition + ":")).count();
  }

  @Test
  void zorderRewritesEveryPartitionIntoFewerFilesKeepingTheRows() {
    create("sc_z", "");
    List<String> before = rows("sc_z");
    long latest = latestId("sc_z");
    assertThat(fileCount("sc_z", "dt=x")).as("two write tasks per insert").isEqualTo(12);

    sql("CALL sys.compact(table => 'default.sc_z', order_strategy => 'zorder', order_by => 'a,b')");

    spark.sql("REFRESH TABLE strata.default.sc_z").collect();
    assertThat(rows("sc_z")).isEqualTo(before).hasSize(1200);
    assertThat(fileCount("sc_z", "dt=x")).isEqualTo(1);
    assertThat(fileCount("sc_z", "dt=y")).isEqualTo(1);
    Snapshot compacted =
        DistributedCompactionTest.load("sc_z", TaskSideFileIO.counting())
            .snapshotManager()
            .latest();
    assertThat(compacted.id()).as("one snapshot").isEqualTo(latest + 1);
    assertThat(compacted.commitKind()).isEqualTo(CommitKind.COMPACT);
    assertThat(compacted.totalRecordCount()).isEqualTo(1200);
  }

  @Test
  void theDriverPlansAndCommitsWhileTasksReadAndWriteTheFiles() {
    create("sc_driver", "");
    List<String> before = rows("sc_driver");
    TaskSideFileIO.reset();
    FileStoreTable table = DistributedCompactionTest.load("sc_driver", TaskSideFileIO.counting());
    CompactionOrder order =
        CompactionOrder.of("sc_driver", table.schema(), OrderStrategy.ZORDER, "b,a");

    Snapshot compacted = SortCompaction.run(spark, table, null, order, "sort-compact");

    assertThat(TaskSideFileIO.DRIVER_OPENS.get()).as("data files opened by the driver").isZero();
    assertThat(TaskSideFileIO.TASK_OPENS.get())
        .as("the 24 files read (sampled and sorted) and the 2 written, in tasks")
        .isGreaterThanOrEqualTo(24 + 2);
    assertThat(compacted.commitKind()).isEqualTo(CommitKind.COMPACT);
    spark.sql("REFRESH TABLE strata.default.sc_driver").collect();
    assertThat(rows("sc_driver")).isEqualTo(before);
  }

  @Test
  void rowsAppendedWhileSortingStayLive() {
    create("sc_append", "");
    List<String> before = rows("sc_append");
    FileStoreTable table =
        DistributedCompactionTest.load(
            "sc_append",
            new ConcurrentCommitFileIO(
                "sc_append", fileNames("sc_append"), ConcurrentCommitFileIO.Commit.APPEND));
    long latest = table.snapshotManager().latest().id();
    CompactionOrder order =
        CompactionOrder.of("sc_append", table.schema(), OrderStrategy.ORDER, "a");

    Snapshot compacted = SortCompaction.run(spark, table, null, order, "sort-compact");

    assertThat(compacted.id()).as("after the concurrent append").isEqualTo(latest + 2);
    spark.sql("REFRESH TABLE strata.default.sc_append").collect();
    List<String> after = rows("sc_append");
    assertThat(after).hasSize(before.size() + 1).containsAll(before);
    assertThat(after.get(0)).isEqualTo("[-1,-1,concurrent,x]");
    assertThat(fileCount("sc_append", "dt=x"))
        .as("the sorted file and the appended one")
        .isEqualTo(2);
  }

  @Test
  void aConcurrentCompactionOfTheFilesReadMakesTheSortFailAndDeleteItsFiles() {
    create("sc_race", "");
    Set<String> names = fileNames("sc_race");
    FileStoreTable table =
        DistributedCompactionTest.load(
            "sc_race",
            new ConcurrentCommitFileIO("sc_race", names, ConcurrentCommitFileIO.Commit.COMPACT));
    long latest = table.snapshotManager().latest().id();
    CompactionOrder order =
        CompactionOrder.of("sc_race", table.schema(), OrderStrategy.ZORDER, "a,b");

    assertThatThrownBy(() -> SortCompaction.run(spark, table, null, order, "sort-compact"))
        .hasMessageContaining("that this write replaces was removed by a concurrent commit");

    assertThat(table.snapshotManager().latest().id())
        .as("only the concurrent compaction committed")
        .isEqualTo(latest + 1);
    Set<String> onDisk = DistributedCompactionTest.dataFiles(table);
    Set<String> live =
        files("sc_race").stream()
            .map(f -> f.substring(f.lastIndexOf('/', f.lastIndexOf('/') - 1) + 1))
            .collect(Collectors.toSet());
    assertThat(onDisk)
        .as("the sort's own files were deleted: only the old and the concurrent ones remain")
        .allMatch(f -> names.contains(f.substring(f.indexOf('/') + 1)) || live.contains(f));
    assertThat(rows("sc_race")).hasSize(1200);
  }

  private static Set<String> fileNames(String name) {
    return files(name).stream()
        .map(f -> f.substring(f.lastIndexOf('/') + 1))
        .collect(Collectors.toSet());
  }

  @Test
  void orderLeavesFilesWithDisjointRangesOfTheOrderColumn() {
    create("sc_order", "");
    List<String> before = rows("sc_order");
    assertThat(overlaps(ranges("sc_order", "dt=x"))).as("files before").isTrue();

    sql(
        "CALL sys.compact(table => 'default.sc_order', order_strategy => 'order', order_by => 'a',"
            + " options => 'target-file-size=1kb')");

    spark.sql("REFRESH TABLE strata.default.sc_order").collect();
    assertThat(rows("sc_order")).isEqualTo(before);
    List<long[]> after = ranges("sc_order", "dt=x");
    assertThat(after.size()).as("files rolled at the small target size").isGreaterThan(1);
    assertThat(overlaps(after)).as("files after").isFalse();
    assertThat(after.stream().mapToLong(r -> r[1] - r[0]).sum())
        .as("summed ranges of a, narrower than one file's before")
        .isLessThan(1200);
  }

  @Test
  void partitionsAndWhereRewriteOnlyTheSelectedPartitions() {
    create("sc_part", "");
    List<String> before = rows("sc_part");
    Set<String> yFiles =
        files("sc_part").stream().filter(f -> f.startsWith("dt=y:")).collect(Collectors.toSet());

    sql(
        "CALL sys.compact(table => 'default.sc_part', partitions => 'dt=x', order_strategy =>"
            + " 'order', order_by => 'b')");

    assertThat(fileCount("sc_part", "dt=x")).isEqualTo(1);
    assertThat(files("sc_part")).containsAll(yFiles).hasSize(1 + yFiles.size());

    sql(
        "CALL sys.compact(table => 'default.sc_part', where => 'dt = \\'y\\'', order_strategy =>"
            + " 'zorder', order_by => 'a,v')");

    assertThat(fileCount("sc_part", "dt=y")).isEqualTo(1);
    spark.sql("REFRESH TABLE strata.default.sc_part").collect();
    assertThat(rows("sc_part")).isEqualTo(before);
  }

  @Test
  void badArgumentsFailBeforeAnythingIsWritten() {
    create("sc_bad", "");
    create("sc_pk", " TBLPROPERTIES ('primary-key' = 'a,dt', 'bucket' = '2')");
    create("sc_fixed", " TBLPROPERTIES ('bucket' = '2', 'bucket-key' = 'a')");
    long bad = latestId("sc_bad");
    Set<String> files = files("sc_bad");

    assertFails(
        "sc_bad",
        "order_strategy => 'sorted', order_by => 'a'",
        "CALL sys.compact: order_strategy 'sorted' is not one of none, order, zorder.");
    assertFails(
        "sc_bad",
        "order_strategy => 'hilbert', order_by => 'a'",
        "CALL sys.compact: order_strategy 'hilbert' is not supported by Strata; use 'zorder'");
    assertFails(
        "sc_bad",
        "order_strategy => 'zorder', order_by => 'a,nope'",
        "CALL sys.compact: order_by column 'nope' does not exist; columns are [a, b, v, dt].");
    assertFails(
        "sc_bad",
        "order_strategy => 'order', order_by => 'dt'",
        "CALL sys.compact: order_by column 'dt' is a partition column, constant within each"
            + " partition a sort compaction rewrites; sort by the other columns [a, b, v].");
    assertFails(
        "sc_bad",
        "order_strategy => 'order'",
        "CALL sys.compact: order_strategy 'order' needs the columns to sort by");
    assertFails(
        "sc_bad", "order_by => 'a'", "CALL sys.compact: order_by => 'a' needs an order_strategy");
    assertFails(
        "sc_bad",
        "compact_strategy => 'minor', order_strategy => 'order', order_by => 'a'",
        "CALL sys.compact: compact_strategy 'minor' cannot be combined with order_strategy");
    assertFails(
        "sc_bad",
        "compact_strategy => 'medium'",
        "CALL sys.compact: compact_strategy 'medium' is not one of full, minor.");
    assertThat(latestId("sc_bad")).isEqualTo(bad);
    assertThat(files("sc_bad")).isEqualTo(files);

    long pk = latestId("sc_pk");
    assertFails(
        "sc_pk",
        "order_strategy => 'zorder', order_by => 'b'",
        "CALL sys.compact: order_strategy applies only to append tables with 'bucket' = -1, but"
            + " default.sc_pk has a primary key");
    assertThat(latestId("sc_pk")).isEqualTo(pk);
    long fixed = latestId("sc_fixed");
    assertFails(
        "sc_fixed",
        "order_strategy => 'order', order_by => 'b'",
        "but default.sc_fixed has 'bucket' = 2, whose rows must stay in their hash buckets");
    assertThat(latestId("sc_fixed")).isEqualTo(fixed);
  }

  private static void assertFails(String table, String arguments, String message) {
    assertThatThrownBy(
            () -> sql("CALL sys.compact(table => 'default." + table + "', " + arguments + ")"))
        .hasMessageContaining(message);
  }

  /** The [min, max] of column a of each file in {@code partition}, by min. */
  private static List<long[]> ranges(String name, String partition) {
    Pattern a = Pattern.compile("\\ba=(-?\\d+)");
    List<long[]> ranges = new ArrayList<>();
    for (Row r :
        sql(
            "SELECT min_value_stats, max_value_stats FROM strata.default.`"
                + name
                + "$files` WHERE partition = '"
                + partition
                + "'")) {
      Matcher min = a.matcher(r.getString(0));
      Matcher max = a.matcher(r.getString(1));
      assertThat(min.find() && max.find()).as("stats of a in %s", r).isTrue();
      ranges.add(new long[] {Long.parseLong(min.group(1)), Long.parseLong(max.group(1))});
    }
    ranges.sort((x, y) -> Long.compare(x[0], y[0]));
    return ranges;
  }

  private static boolean overlaps(List<long[]> byMin) {
    for (int i = 0; i + 1 < byMin.size(); i++) {
      if (byMin.get(i)[1] >= byMin.get(i + 1)[0]) {
        return true;
      }
    }
    return false;
  }
}

package io.strata.it.compact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.io.FileIO;
import io.strata.core.levels.CompactStrategy;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.scan.FileStoreScan;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.it.TestSpark$;
import io.strata.spark.compact.DistributedCompaction;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.classic.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code CALL sys.compact}'s Spark job: the driver plans from manifests and opens no data file, the
 * tasks' result equals the serial path's, and a failed task leaves the table as it was.
 */
class DistributedCompactionTest {

  private static SparkSession spark;

  @BeforeAll
  static void start() {
    spark = TestSpark$.MODULE$.session();
  }

  /** Two partitions of four buckets, three upserting inserts: eight buckets of three files. */
  static void create(String name) {
    spark.sql("DROP TABLE IF EXISTS strata.default." + name).collect();
    spark
        .sql(
            "CREATE TABLE strata.default."
                + name
                + " (id BIGINT, v STRING, dt STRING) PARTITIONED BY (dt) TBLPROPERTIES"
                + " ('primary-key' = 'dt,id', 'bucket' = '4')")
        .collect();
    for (int round = 0; round < 3; round++) {
      spark
          .sql(
              "INSERT INTO strata.default."
                  + name
                  + " SELECT id, 'r"
                  + round
                  + "', IF(id % 2 = 0, 'a', 'b') FROM range("
                  + round * 50
                  + ", "
                  + (round * 50 + 200)
                  + ")")
          .collect();
    }
  }

  static FileStoreTable load(String name, FileIO io) {
    WarehouseCatalog catalog =
        new WarehouseCatalog(
            io,
            new org.apache.hadoop.fs.Path(TestSpark$.MODULE$.warehouse().toUri()),
            Clock.systemUTC());
    return catalog.loadTable(new Identifier("default", name));
  }

  static List<String> rows(String name) {
    return spark
        .sql("SELECT * FROM strata.default." + name + " ORDER BY dt, id")
        .collectAsList()
        .stream()
        .map(Row::toString)
        .toList();
  }

  /** Each live file as partition/bucket@level:rows. */
  static List<String> layout(FileStoreTable t) {
    List<ManifestEntry> live =
        new FileStoreScan(t.manifestFiles(), t.schema().partitionType())
            .liveEntries(t.snapshotManager().latest());
    return live.stream()
        .map(
            e ->
                e.partition().hashCode()
                    + "/"
                    + e.bucket()
                    + "@"
                    + e.file().level()
                    + ":"
                    + e.file().rowCount())
        .sorted()
        .toList();
  }

  static Set<String> dataFiles(FileStoreTable t) {
    try (Stream<Path> files = Files.walk(Path.of(t.root().toUri()))) {
      return files
          .filter(p -> p.getFileName().toString().startsWith("data-"))
          .map(p -> p.getParent().getFileName() + "/" + p.getFileName())
          .collect(Collectors.toSet());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void tasksRewriteTheBucketsTheDriverOpensNoDataFile() {
    create("dc_spark");
    create("dc_serial");
    FileStoreTable serial = load("dc_serial", TaskSideFileIO.counting());
    serial.newCommit("serial").compact(null, CompactStrategy.FULL);

    TaskSideFileIO.reset();
    FileStoreTable table = load("dc_spark", TaskSideFileIO.counting());
    Snapshot compacted =
        DistributedCompaction.run(spark, table, null, CompactStrategy.FULL, "spark-compact");

    assertThat(TaskSideFileIO.DRIVER_OPENS.get()).as("data files opened by the driver").isZero();
    assertThat(TaskSideFileIO.TASK_OPENS.get())
        .as("every input file read and every output file written in a task")
        .isGreaterThanOrEqualTo(8 * 3 + 8);
    assertThat(compacted.commitKind()).isEqualTo(CommitKind.COMPACT);
    assertThat(compacted.id()).as("one snapshot for all eight buckets").isEqualTo(4);
    spark.sql("REFRESH TABLE strata.default.dc_spark").collect();
    assertThat(rows("dc_spark")).isEqualTo(rows("dc_serial")).hasSize(300);
    assertThat(layout(table)).isEqualTo(layout(serial)).hasSize(8);
    assertThat(layout(table)).allMatch(f -> f.contains("@5:"));
  }

  @Test
  void aFailedTaskDeletesWhatEveryTaskWroteAndCommitsNothing() {
    create("dc_fail");
    FileStoreTable before = load("dc_fail", TaskSideFileIO.counting());
    Set<String> files = dataFiles(before);
    Set<String> names =
        files.stream().map(f -> f.substring(f.indexOf('/') + 1)).collect(Collectors.toSet());
    long latest = before.snapshotManager().latest().id();
    FileStoreTable failing = load("dc_fail", TaskSideFileIO.failingAfterWriting("bucket-1", names));

    assertThatThrownBy(
            () ->
                DistributedCompaction.run(
                    spark, failing, null, CompactStrategy.FULL, "spark-compact"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("CALL sys.compact of dc_fail: 2 task(s) failed")
        .hasMessageContaining("nothing was committed and the files the tasks wrote were deleted")
        .rootCause()
        .hasMessageContaining("injected: task fails after writing data-");
    assertThat(dataFiles(before)).as("data files after the failure").isEqualTo(files);
    assertThat(before.snapshotManager().latest().id()).isEqualTo(latest);
    assertThat(rows("dc_fail")).hasSize(300);
  }
}

package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.classic.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code CALL sys.remove_orphan_files} lists a table with many directories in Spark tasks (and a
 * small one in the driver), and finds and deletes the same orphans either way, never a referenced
 * file.
 */
class RemoveOrphanFilesTest {

  /** The job group of the procedure's listing jobs. */
  private static final String LISTING_JOBS = "strata-remove-orphan-files";

  private static final long TWO_DAYS_MILLIS = 2 * 24 * 3600 * 1000L;

  private static SparkSession spark;

  @BeforeAll
  static void start() {
    spark = TestSpark$.MODULE$.session();
  }

  /** A table of {@code partitions} partitions, two rows each, and old orphans in three of them. */
  private static List<Path> tableWithOrphans(String name, int partitions) throws IOException {
    spark.sql("DROP TABLE IF EXISTS strata.default." + name).collect();
    spark
        .sql("CREATE TABLE strata.default." + name + " (id BIGINT, p INT) PARTITIONED BY (p)")
        .collect();
    spark
        .sql(
            "INSERT INTO strata.default."
                + name
                + " SELECT id, CAST(id % "
                + partitions
                + " AS INT) FROM range("
                + 2 * partitions
                + ")")
        .collect();
    Path root = TestSpark$.MODULE$.warehouse().resolve("default.db").resolve(name);
    List<Path> orphans = new ArrayList<>();
    for (String rel :
        List.of(
            "p=0/bucket-0/data-orphan-1.parquet",
            "p=1/bucket-0/nested/data-orphan-2.parquet",
            "manifest/manifest-orphan-3")) {
      orphans.add(plant(root.resolve(rel), System.currentTimeMillis() - TWO_DAYS_MILLIS));
    }
    plant(root.resolve("p=0/bucket-0/data-in-flight.parquet"), System.currentTimeMillis());
    return orphans;
  }

  private static Path plant(Path file, long mtime) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, "orphan");
    Files.setLastModifiedTime(file, FileTime.fromMillis(mtime));
    return file;
  }

  private static Row call(String name, String extraArgs) {
    return spark
        .sql(
            "CALL strata.sys.remove_orphan_files(table => 'default." + name + "'" + extraArgs + ")")
        .collectAsList()
        .get(0);
  }

  private static int listingJobs() {
    return spark.sparkContext().statusTracker().getJobIdsForGroup(LISTING_JOBS).length;
  }

  private static long rows(String name) {
    return spark.sql("SELECT * FROM strata.default." + name).count();
  }

  @Test
  void aTableWithManyDirectoriesIsListedInSparkTasks() throws IOException {
    List<Path> orphans = tableWithOrphans("orphans_many", 40);
    int jobsBefore = listingJobs();

    Row dryRun = call("orphans_many", ", dry_run => true");
    assertThat(dryRun.getLong(0)).isEqualTo(3);
    assertThat(dryRun.getLong(1)).isEqualTo(3 * "orphan".length());
    assertThat(orphans).allMatch(Files::exists);
    assertThat(listingJobs()).isEqualTo(jobsBefore + 1);

    Row removed = call("orphans_many", "");
    assertThat(removed.getLong(0)).isEqualTo(3);
    assertThat(orphans).noneMatch(Files::exists);
    assertThat(listingJobs()).isEqualTo(jobsBefore + 2);
    assertThat(
            TestSpark$.MODULE$
                .warehouse()
                .resolve("default.db/orphans_many/p=0/bucket-0/data-in-flight.parquet"))
        .exists();
    assertThat(rows("orphans_many")).isEqualTo(80);
  }

  @Test
  void aSmallTableIsListedInTheDriverUnlessDistributedIsAsked() throws IOException {
    List<Path> orphans = tableWithOrphans("orphans_few", 2);
    int jobsBefore = listingJobs();

    assertThat(call("orphans_few", ", dry_run => true").getLong(0)).isEqualTo(3);
    assertThat(listingJobs()).isEqualTo(jobsBefore);
    assertThat(
            call("orphans_few", ", dry_run => true, mode => 'distributed', parallelism => 2")
                .getLong(0))
        .isEqualTo(3);
    assertThat(listingJobs()).isEqualTo(jobsBefore + 1);

    assertThat(call("orphans_few", ", mode => 'LOCAL'").getLong(0)).isEqualTo(3);
    assertThat(listingJobs()).isEqualTo(jobsBefore + 1);
    assertThat(orphans).noneMatch(Files::exists);
    assertThat(rows("orphans_few")).isEqualTo(4);
  }

  @Test
  void anUnknownModeIsRefused() throws IOException {
    tableWithOrphans("orphans_mode", 1);
    assertThatThrownBy(() -> call("orphans_mode", ", mode => 'cluster'"))
        .hasMessageContaining(
            "Invalid mode 'cluster' of remove_orphan_files: expected 'local' (list in the driver)"
                + " or 'distributed' (list in Spark tasks); omit it to choose by the number of"
                + " directories.");
    assertThatThrownBy(() -> call("orphans_mode", ", parallelism => 0"))
        .hasMessageContaining("parallelism must be at least 1, got 0");
  }
}

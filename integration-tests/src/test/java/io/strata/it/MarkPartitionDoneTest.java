package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.paimon.fs.local.LocalFileIO;
import org.apache.paimon.partition.file.SuccessFile;
import org.junit.jupiter.api.Test;

/**
 * {@code CALL sys.mark_partition_done} writes the {@code _SUCCESS} file that Apache Paimon 1.3.1's
 * own reader of it parses, in the directory Paimon names the partition by.
 */
class MarkPartitionDoneTest extends SparkSessionSuite {

  @Test
  void paimonReadsTheSuccessFileAndMarkingAgainKeepsItsCreationTime() throws Exception {
    spark.sql("CREATE DATABASE IF NOT EXISTS strata.mark_done");
    spark.sql(
        "CREATE TABLE strata.mark_done.t (id BIGINT, dt STRING, hh INT) PARTITIONED BY (dt, hh)");
    spark.sql("INSERT INTO strata.mark_done.t VALUES (1, 'a/b', 7)");
    String call =
        "CALL strata.sys.mark_partition_done(table => 'mark_done.t', partitions => 'dt=a/b,hh=7')";
    spark.sql(call);
    Path file = warehouse.resolve("mark_done.db/t/dt=a%2Fb/hh=7/_SUCCESS");
    assertThat(file).exists();

    SuccessFile first =
        SuccessFile.safelyFromPath(
            LocalFileIO.create(), new org.apache.paimon.fs.Path(file.toUri()));
    assertThat(first.creationTime()).isPositive().isEqualTo(first.modificationTime());
    Thread.sleep(5);
    spark.sql(call);
    SuccessFile second = SuccessFile.fromJson(Files.readString(file));
    assertThat(second.creationTime()).isEqualTo(first.creationTime());
    assertThat(second.modificationTime()).isGreaterThan(first.modificationTime());
    assertThat(spark.sql("SELECT * FROM strata.mark_done.t").count()).isEqualTo(1);
  }
}

package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.SparkEnv;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.classic.SparkSession;
import org.apache.spark.util.Utils;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Spark write tasks whose write buffer is much smaller than their data spill sorted runs to Spark's
 * local directory and still write one sorted run (one file) per bucket, leaving no spilled file
 * behind.
 */
class SpillingWriteSparkTest {

  private static SparkSession spark;

  @BeforeAll
  static void start() {
    spark = TestSpark$.MODULE$.session();
    spark.sql("CREATE DATABASE IF NOT EXISTS strata.spill").collect();
  }

  private static List<String> rows(String query) {
    List<String> rows = new ArrayList<>();
    for (Row row : spark.sql(query).collectAsList()) {
      rows.add(row.toString());
    }
    return rows;
  }

  @Test
  void aSmallBufferSpillsAndWritesOneFilePerBucket() throws IOException {
    spark
        .sql(
            "CREATE TABLE strata.spill.t (id BIGINT NOT NULL, v BIGINT, s STRING) TBLPROPERTIES"
                + " ('primary-key' = 'id', 'bucket' = '2', 'write-buffer-size' = '64 kb')")
        .collect();
    // 30,000 upserts of 20,000 shuffled keys: ~2 MB serialized per task, 64 kb of buffer.
    spark
        .sql(
            "INSERT INTO strata.spill.t SELECT id * 7919 % 20000, id, concat('value-', id)"
                + " FROM range(30000)")
        .collect();

    assertThat(
            rows(
                "SELECT bucket, count(*), sum(record_count) FROM strata.spill.`t$files`"
                    + " GROUP BY bucket ORDER BY bucket"))
        .as("one file per bucket holding every key once")
        .hasSize(2)
        .allSatisfy(r -> assertThat(r).matches("\\[\\d,1,\\d+\\]"));
    assertThat(rows("SELECT count(*), count(DISTINCT id), max(v) FROM strata.spill.t"))
        .containsExactly("[20000,20000,29999]");
    // The latest upsert of each key wins: keys 0..9,999 were written twice.
    assertThat(rows("SELECT v FROM strata.spill.t WHERE id = 7919 % 20000"))
        .containsExactly("[20001]");

    Path spillDir = Path.of(Utils.getLocalDir(SparkEnv.get().conf()), "strata-spill");
    assertThat(spillDir).as("the tasks spilled here").isDirectory();
    try (Stream<Path> left = Files.list(spillDir)) {
      assertThat(left).as("spilled files are deleted").isEmpty();
    }
  }
}

package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.classic.SparkSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Many small splits share Spark tasks: a task reads its splits one after another, on the columnar
 * and on the row path, and for primary-key buckets that need a merge.
 */
class TaskPackingReadTest {

  private static final String CONF = "spark.strata.read.columnar.enabled";
  private static SparkSession spark;

  @BeforeAll
  static void start() {
    spark = TestSpark$.MODULE$.session();
    spark.sql("DROP TABLE IF EXISTS strata.default.packed_append").collect();
    spark.sql("DROP TABLE IF EXISTS strata.default.packed_pk").collect();
    spark
        .sql("CREATE TABLE strata.default.packed_append (id BIGINT, p INT) PARTITIONED BY (p)")
        .collect();
    spark
        .sql(
            "CREATE TABLE strata.default.packed_pk (id BIGINT, v BIGINT) TBLPROPERTIES"
                + " ('primary-key' = 'id', 'bucket' = '8')")
        .collect();
    for (int round = 0; round < 2; round++) {
      spark
          .sql(
              "INSERT INTO strata.default.packed_append SELECT id, CAST(id % 20 AS INT) FROM"
                  + " range("
                  + round * 1000
                  + ", "
                  + (round + 1) * 1000
                  + ")")
          .collect();
      spark
          .sql("INSERT INTO strata.default.packed_pk SELECT id, id + " + round + " FROM range(500)")
          .collect();
    }
  }

  @AfterEach
  void resetConf() {
    spark.conf().unset(CONF);
  }

  @Test
  void fortySmallSplitsReadInAboutAsManyTasksAsCores() {
    for (String columnar : new String[] {"true", "false"}) {
      spark.conf().set(CONF, columnar);
      Dataset<Row> df = spark.sql("SELECT * FROM strata.default.packed_append");
      // Ordered packing against total / cores: two tasks, or three when sizes do not divide evenly.
      assertThat(df.rdd().getNumPartitions()).as("columnar=%s", columnar).isBetween(2, 3);
      Row r =
          spark
              .sql("SELECT count(*), sum(id), count(DISTINCT id) FROM strata.default.packed_append")
              .first();
      assertThat(r.getLong(0)).isEqualTo(2000);
      assertThat(r.getLong(1)).isEqualTo(1999L * 2000 / 2);
      assertThat(r.getLong(2)).isEqualTo(2000);
    }
  }

  @Test
  void mergeSplitsOfManyBucketsShareTasksAndStillMerge() {
    Dataset<Row> df = spark.sql("SELECT * FROM strata.default.packed_pk");
    assertThat(df.rdd().getNumPartitions()).isLessThan(8);
    Row r = spark.sql("SELECT count(*), sum(v) FROM strata.default.packed_pk").first();
    // Keys 0..499, written twice; the last write of key k is v = k + 1.
    assertThat(r.getLong(0)).isEqualTo(500);
    assertThat(r.getLong(1)).isEqualTo(500L * 501 / 2);
  }
}

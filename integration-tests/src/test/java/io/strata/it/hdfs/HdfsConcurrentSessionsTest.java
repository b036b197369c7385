package io.strata.it.hdfs;

import io.strata.it.ConcurrentSessionsTest;
import org.apache.spark.sql.classic.SparkSession;

/**
 * {@link ConcurrentSessionsTest} with the warehouse on HDFS, where rename never overwrites; fewer
 * INSERTs per session, since every commit costs several HDFS round trips.
 */
class HdfsConcurrentSessionsTest extends ConcurrentSessionsTest {

  @Override
  protected int inserts() {
    return 3;
  }

  @Override
  protected SparkSession newSession() {
    return TestHdfs.newSparkSession();
  }
}

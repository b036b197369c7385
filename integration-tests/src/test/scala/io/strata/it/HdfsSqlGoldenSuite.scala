package io.strata.it

import io.strata.it.hdfs.TestHdfs
import org.apache.spark.sql.classic.SparkSession

/**
 * A representative subset of the SQL golden files — DDL, append and primary-key writes, DELETE,
 * compaction, time travel and tags, snapshot expiration, procedures — run with the warehouse on an
 * in-JVM HDFS ([[TestHdfs]]), compared with the very same `.sql.out` files as the local run.
 *
 * Each file's session is a new session of the shared SparkSession whose `strata` catalog points
 * at the HDFS warehouse (catalogs are created per session from its conf), so statements and the
 * catalog names in the expected output stay the same. HDFS rename does not replace its target,
 * which is what the commit relies on there; `-Dstrata.hdfs.sql.files=a,b` picks other files.
 */
class HdfsSqlGoldenSuite extends GoldenSqlRunner {

  override protected def selects(name: String): Boolean = HdfsSqlGoldenSuite.files.contains(name)

  override protected def regenerates: Boolean = false

  override protected def newSession(): SparkSession = {
    assume(TestSpark.catalog == "strata", "needs the strata catalog")
    SqlGoldenSuite.registerWarehouse(TestHdfs.warehouse())
    TestHdfs.newSparkSession()
  }
}

object HdfsSqlGoldenSuite {

  /**
   * DDL; append writes; primary-key writes with DELETE, compaction, tags and expiration (seed 002);
   * time travel by version, tag and options; procedures. About 3x their local time on HDFS.
   */
  private val Default = Seq(
    "ddl_create",
    "insert_append",
    "seed002_dml_expire",
    "time_travel_tags",
    "procedures")

  val files: Set[String] = sys.props
    .get("strata.hdfs.sql.files")
    .map(_.split(",").map(_.trim).filter(_.nonEmpty).toSeq)
    .getOrElse(Default)
    .toSet

}

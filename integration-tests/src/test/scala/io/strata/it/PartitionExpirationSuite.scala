package io.strata.it

import java.nio.file.{Files, Path}

import scala.jdk.CollectionConverters._

import org.scalatest.funsuite.AnyFunSuite

/**
 * Seed 000 on disk: partition expiration only marks files deleted in an OVERWRITE snapshot; the
 * data files stay until snapshot expiration removes them.
 */
class PartitionExpirationSuite extends AnyFunSuite {

  private def dataFiles(table: Path): Seq[String] = {
    val stream = Files.walk(table)
    try stream.iterator().asScala
      .filter(p => p.getFileName.toString.startsWith("data-"))
      .map(p => table.relativize(p).toString)
      .toSeq
      .sorted
    finally stream.close()
  }

  test("expired partitions keep their data files until snapshot expiration") {
    assume(TestSpark.catalog == "strata", "needs the strata catalog")
    val spark = TestSpark.session.newSession()
    spark.sql("CREATE DATABASE partexp_files")
    try {
      spark.sql(
        """CREATE TABLE partexp_files.expire_test (id BIGINT, v STRING, dt STRING)
          |PARTITIONED BY (dt)
          |TBLPROPERTIES ('bucket'='2','bucket-key'='id','partition.expiration-time'='1 min',
          |  'partition.expiration-check-interval'='0 s',
          |  'partition.timestamp-formatter'='yyyyMMddHH')""".stripMargin)
      spark.sql(
        """INSERT INTO partexp_files.expire_test VALUES
          |(1, 'a', '2020010100'), (2, 'b', '2020010200'), (3, 'c', '2099120100')""".stripMargin)
      val table = TestSpark.warehouse.resolve("partexp_files.db").resolve("expire_test")

      val kinds = spark
        .sql("SELECT commit_kind FROM partexp_files.`expire_test$snapshots` ORDER BY snapshot_id")
        .collect()
        .map(_.getString(0))
      assert(kinds.toSeq == Seq("APPEND", "OVERWRITE"))
      assert(spark.sql("SELECT * FROM partexp_files.expire_test").count() == 1)
      val files = dataFiles(table)
      assert(files.size == 3, files)
      assert(files.count(_.startsWith("dt=2020010100/")) == 1, files)
      assert(files.count(_.startsWith("dt=2020010200/")) == 1, files)

      spark.sql("CALL sys.expire_snapshots(table => 'partexp_files.expire_test', retain_min => 1, retain_max => 1)")
      val left = dataFiles(table)
      assert(left.size == 1 && left.head.startsWith("dt=2099120100/"), left)
      assert(spark.sql("SELECT * FROM partexp_files.expire_test").count() == 1)
    } finally spark.sql("DROP DATABASE partexp_files CASCADE")
  }
}

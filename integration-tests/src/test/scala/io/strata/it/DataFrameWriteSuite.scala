package io.strata.it

import java.nio.file.{Files, Path}
import java.util.Comparator

import scala.jdk.CollectionConverters._

import com.fasterxml.jackson.databind.ObjectMapper
import org.apache.spark.sql.{AnalysisException, Row}
import org.apache.spark.sql.classic.{DataFrame, SparkSession}
import org.apache.spark.sql.functions.col
import org.scalatest.BeforeAndAfterAll
import org.scalatest.funsuite.AnyFunSuite

/**
 * The DataFrame API against Strata tables: `writeTo(...)` appends, overwrites and creates,
 * `spark.table(...)` reads and the statistics the optimizer sees, and what a read reports when
 * the table directory disappeared behind Spark's back.
 */
class DataFrameWriteSuite extends AnyFunSuite with BeforeAndAfterAll {

  private val Db = "dataframe_write"
  private lazy val spark: SparkSession = TestSpark.session.newSession()

  import DataFrameWriteSuite._

  override def beforeAll(): Unit = {
    super.beforeAll()
    spark.sql(s"CREATE DATABASE strata.$Db")
  }

  override def afterAll(): Unit = {
    try spark.sql(s"DROP DATABASE IF EXISTS strata.$Db CASCADE")
    finally super.afterAll()
  }

  private def table(name: String): String = s"strata.$Db.$name"

  private def tableDir(name: String): Path = TestSpark.warehouse.resolve(s"$Db.db").resolve(name)

  private def events(rows: (Int, String, String)*): DataFrame = {
    val session = spark
    import session.implicits._
    rows.toSeq.toDF("id", "v", "dt")
  }

  private def createEvents(name: String): String = {
    val t = table(name)
    spark.sql(s"CREATE TABLE $t (id INT, v STRING, dt STRING) PARTITIONED BY (dt)")
    t
  }

  private def rows(t: String): Seq[Row] = spark.table(t).orderBy("id").collect().toSeq

  test("writeTo append adds rows and spark.table reads them") {
    val t = createEvents("append")
    events((1, "a", "x"), (2, "b", "y")).writeTo(t).append()
    events((3, "c", "x")).writeTo(t).append()
    assert(rows(t) === Seq(Row(1, "a", "x"), Row(2, "b", "y"), Row(3, "c", "x")))
    assert(spark.table(t).where(col("dt") === "x").count() === 2)
    assert(spark.table(t).select("v").where(col("id") > 1).orderBy("v").collect().toSeq ===
      Seq(Row("b"), Row("c")))
  }

  test("writeTo append resolves columns by name like INSERT INTO BY NAME") {
    val t = createEvents("append_schema")
    val extra = intercept[AnalysisException] {
      events((1, "a", "x")).withColumn("extra", col("id")).writeTo(t).append()
    }
    assert(extra.getMessage.contains("TOO_MANY_DATA_COLUMNS"), extra.getMessage)
    assert(extra.getMessage.contains("extra"), extra.getMessage)
    assert(spark.table(t).count() === 0)

    // Columns left out are NULL, as for INSERT INTO t (id, v) with Spark's default values.
    events((1, "a", "x")).select("v", "id").writeTo(t).append()
    assert(rows(t) === Seq(Row(1, "a", null)))
  }

  test("overwritePartitions replaces only the partitions written") {
    val t = createEvents("overwrite_partitions")
    events((1, "a", "x"), (2, "b", "y"), (3, "c", "z")).writeTo(t).append()
    events((10, "new", "x"), (11, "new", "w")).writeTo(t).overwritePartitions()
    assert(rows(t) === Seq(Row(2, "b", "y"), Row(3, "c", "z"), Row(10, "new", "x"),
      Row(11, "new", "w")))
  }

  test("overwrite by a partition condition replaces the matching partitions") {
    val t = createEvents("overwrite_filter")
    events((1, "a", "x"), (2, "b", "y"), (3, "c", "z")).writeTo(t).append()
    events((10, "new", "x")).writeTo(t).overwrite(col("dt") === "x")
    assert(rows(t) === Seq(Row(2, "b", "y"), Row(3, "c", "z"), Row(10, "new", "x")))

    events((20, "in", "y"), (21, "in", "q")).writeTo(t).overwrite(col("dt").isin("y", "z"))
    assert(rows(t) === Seq(Row(10, "new", "x"), Row(20, "in", "y"), Row(21, "in", "q")))
  }

  test("overwrite by a condition on a data column fails clearly and changes nothing") {
    val t = createEvents("overwrite_bad_filter")
    events((1, "a", "x")).writeTo(t).append()
    val e = intercept[Exception] {
      events((2, "b", "x")).writeTo(t).overwrite(col("id") === 1)
    }
    assert(e.getMessage.contains("by condition"), e.getMessage)
    assert(e.getMessage.contains("partition columns [dt]"), e.getMessage)
    assert(rows(t) === Seq(Row(1, "a", "x")))
  }

  test("writeTo create, createOrReplace and replace") {
    val t = table("created")
    events((1, "a", "x"), (2, "b", "y"))
      .writeTo(t)
      .partitionedBy(col("dt"))
      .tableProperty("file.compression", "snappy")
      .create()
    assert(rows(t) === Seq(Row(1, "a", "x"), Row(2, "b", "y")))
    val created = spark.sql(s"SHOW TBLPROPERTIES $t").collect().map(r => r.getString(0) -> r.getString(1))
    assert(created.toMap === Map("file.compression" -> "snappy"))
    assert(spark.sql(s"DESCRIBE $t").collect().map(_.getString(0)).contains("# Partition Information"))

    val exists = intercept[AnalysisException](events((3, "c", "z")).writeTo(t).create())
    assert(exists.getMessage.contains("TABLE_OR_VIEW_ALREADY_EXISTS"), exists.getMessage)

    events((3, "c", "z")).writeTo(t).createOrReplace()
    assert(rows(t) === Seq(Row(3, "c", "z")))
    events((4, "d", "w")).select("id", "v").writeTo(t).replace()
    assert(spark.table(t).columns.toSeq === Seq("id", "v"))
    assert(rows(t) === Seq(Row(4, "d")))

    val missing = intercept[AnalysisException](events((5, "e", "v")).writeTo(table("nope")).replace())
    assert(missing.getMessage.contains("TABLE_OR_VIEW_NOT_FOUND"), missing.getMessage)
  }

  test("writeTo create of a primary-key table keeps the latest row per key") {
    val t = table("created_pk")
    events((1, "a", "x"), (2, "b", "x"))
      .writeTo(t)
      .tableProperty("primary-key", "id")
      .tableProperty("bucket", "2")
      .create()
    events((1, "a2", "x")).writeTo(t).append()
    assert(rows(t) === Seq(Row(1, "a2", "x"), Row(2, "b", "x")))
    assert(spark.table(t).schema("id").nullable === false)
  }

  test("writeTo create with a bad option fails and leaves no table") {
    val t = table("created_bad")
    val e = intercept[AnalysisException] {
      events((1, "a", "x")).writeTo(t).tableProperty("bucket", "x").create()
    }
    assert(e.getMessage === "Invalid value 'x' for table option 'bucket': expected an integer.")
    assert(!spark.catalog.tableExists(t))
    assert(!Files.exists(tableDir("created_bad")))
  }

  test("write.insertInto and saveAsTable in append mode go through the catalog") {
    val t = createEvents("v1_writer")
    events((1, "a", "x")).write.insertInto(t)
    events((2, "b", "y")).write.mode("append").saveAsTable(t)
    assert(rows(t) === Seq(Row(1, "a", "x"), Row(2, "b", "y")))
  }

  test("spark.table reports row count and size to the optimizer") {
    val t = createEvents("stats")
    val empty = spark.table(t).queryExecution.optimizedPlan.stats
    assert(empty.rowCount === Some(BigInt(0)))

    events((1, "a", "x"), (2, "b", "y"), (3, "c", "y")).writeTo(t).append()
    events((4, "d", "z")).writeTo(t).append()
    val stats = spark.table(t).queryExecution.optimizedPlan.stats
    assert(stats.rowCount === Some(BigInt(4)))
    assert(stats.sizeInBytes > 0)
    val dataBytes = dataFiles(tableDir("stats")).map(Files.size).sum
    assert(stats.sizeInBytes === BigInt(dataBytes))

    // Partition filters prune before the statistics are computed.
    val pruned =
      spark.table(t).where(col("dt") === "y").queryExecution.optimizedPlan.collectLeaves().head.stats
    assert(pruned.rowCount.exists(_ <= 2), pruned)
    assert(pruned.sizeInBytes < stats.sizeInBytes)
  }

  test("TBLPROPERTIES become schema options and 'primary-key' becomes the schema's primary key") {
    val t = table("schema_json")
    spark.sql(s"CREATE TABLE $t (id BIGINT COMMENT 'key', v STRING, dt STRING) PARTITIONED BY (dt) " +
      "COMMENT 'kv' TBLPROPERTIES ('primary-key' = 'dt,id', 'bucket' = '2', 'my.option' = 'x')")
    val json = new ObjectMapper().readTree(tableDir("schema_json").resolve("schema/schema-0").toFile)
    assert(json.get("primaryKeys").elements().asScala.map(_.asText).toSeq === Seq("dt", "id"))
    assert(json.get("partitionKeys").elements().asScala.map(_.asText).toSeq === Seq("dt"))
    val options = json.get("options").fields().asScala.map(e => e.getKey -> e.getValue.asText).toMap
    assert(options === Map("bucket" -> "2", "my.option" -> "x"))
    assert(json.get("comment").asText === "kv")
    val fields = json.get("fields").elements().asScala.toSeq
    assert(fields.map(f => f.get("type").asText) === Seq("BIGINT NOT NULL", "STRING", "STRING NOT NULL"))
    assert(fields.head.get("description").asText === "key")
  }

  test("a primary-key table lays out buckets as Paimon does") {
    // FORMAT.md section 6: PK (dt, order_id), 2 buckets; 1..3 on one day and 4, 5 on the next.
    val t = table("orders")
    spark.sql(s"CREATE TABLE $t (dt STRING, order_id BIGINT, amount INT) PARTITIONED BY (dt) " +
      "TBLPROPERTIES ('primary-key' = 'dt,order_id', 'bucket' = '2')")
    val session = spark
    import session.implicits._
    Seq(("2026-09-24", 1L, 10), ("2026-09-24", 2L, 20), ("2026-09-24", 3L, 30),
      ("2026-09-25", 4L, 40), ("2026-09-25", 5L, 50))
      .toDF("dt", "order_id", "amount")
      .writeTo(t)
      .append()
    val dir = tableDir("orders")
    val buckets = dataFiles(dir).map(f => dir.relativize(f.getParent).toString).toSet
    assert(buckets === Set("dt=2026-09-24/bucket-0", "dt=2026-09-24/bucket-1",
      "dt=2026-09-25/bucket-0"))
    assert(spark.table(t).count() === 5)
  }

  test("reading a table whose directory was deleted outside Spark names the directory") {
    val t = createEvents("deleted")
    events((1, "a", "x")).writeTo(t).append()
    val df = spark.table(t)
    val dir = tableDir("deleted")
    deleteRecursively(dir)

    val e = intercept[IllegalStateException](df.collect())
    assert(e.getMessage === s"Table directory $dir no longer exists (dropped or moved outside" +
      " Spark); recreate the table or REFRESH TABLE.")

    val fresh = intercept[AnalysisException](spark.table(t))
    assert(fresh.getMessage.contains("TABLE_OR_VIEW_NOT_FOUND"), fresh.getMessage)
    assert(!spark.sql(s"SHOW TABLES IN strata.$Db").collect().map(_.getString(1)).contains("deleted"))
  }

  test("re-running a query planned before the directory was deleted names the directory") {
    val t = createEvents("deleted_planned")
    events((1, "a", "x")).writeTo(t).append()
    val df = spark.table(t)
    assert(df.collect().length === 1)
    val dir = tableDir("deleted_planned")
    deleteRecursively(dir)
    val e = intercept[Exception](df.collect())
    val message = messages(e)
    assert(message.contains(dir.toString), message)
    assert(message.contains("no longer exists"), message)
  }

  test("a write into a table whose directory was deleted fails and creates nothing") {
    val t = createEvents("deleted_write")
    val dir = tableDir("deleted_write")
    deleteRecursively(dir)
    val e = intercept[AnalysisException](events((1, "a", "x")).writeTo(t).append())
    assert(e.getMessage.contains("TABLE_OR_VIEW_NOT_FOUND"), e.getMessage)
    assert(!Files.exists(dir))
  }
}

object DataFrameWriteSuite {

  /** Every data file under a table directory. */
  def dataFiles(dir: Path): Seq[Path] = {
    val stream = Files.walk(dir)
    try stream.iterator().asScala.filter(p => p.getFileName.toString.startsWith("data-")).toSeq
    finally stream.close()
  }

  def deleteRecursively(dir: Path): Unit = {
    val stream = Files.walk(dir)
    try stream.sorted(Comparator.reverseOrder[Path]()).iterator().asScala.foreach(Files.delete)
    finally stream.close()
  }

  /** The messages of an exception and its causes, one per line. */
  def messages(e: Throwable): String =
    Iterator.iterate(e)(_.getCause).takeWhile(_ != null).map(String.valueOf(_)).mkString("\n")
}

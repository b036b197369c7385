package io.strata.it

import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{Files, Path, Paths}

import scala.jdk.CollectionConverters._
import scala.util.control.NonFatal

import io.strata.spark.StrataAnalysisException
import org.apache.spark.{SparkException, SparkThrowable}
import org.apache.spark.sql.AnalysisException
import org.apache.spark.sql.classic.SparkSession
import org.apache.spark.sql.execution.{HiveResult, SQLExecution}
import org.scalatest.funsuite.AnyFunSuite

/**
 * Runs every `src/test/resources/sql/NAME.sql` and compares with `NAME.sql.out` beside it.
 *
 * Input: statements end with `;` at the end of a line; whole-line `--` comments are skipped.
 * Each file runs in its own session (so `SET` does not leak) and its own database `NAME`:
 * `CREATE DATABASE NAME; USE NAME` before, `DROP DATABASE NAME CASCADE` after.
 *
 * Output, per statement:
 * {{{
 * -- !query
 * SELECT * FROM t ORDER BY id
 * -- !query output
 * 1	a
 * }}}
 * Rows are tab-separated as the spark-sql CLI prints them (NULL as `NULL`), trailing blanks
 * trimmed, in Spark's order: add ORDER BY where the order is not fixed. A failing statement
 * gives `-- !query error` and `<exception class>: <first line of the message>`. The warehouse
 * directories are written as `$WAREHOUSE`.
 *
 * Regenerate the expected files (into src/test/resources, not target) with
 * `-Dstrata.golden.regenerate=true`; run against Spark's built-in catalog with
 * `-Dstrata.it.catalog=spark_catalog`; run only some files with `-Dstrata.sql.files=a,b`.
 */
class SqlGoldenSuite extends GoldenSqlRunner {
  override protected def newSession(): SparkSession = TestSpark.session.newSession()
}

/**
 * Registers one test per selected `.sql` file of [[SqlGoldenSuite.sqlDir]] and runs it as
 * [[SqlGoldenSuite]] describes, in the sessions [[newSession]] gives: suites differ only in where
 * the tables live.
 */
abstract class GoldenSqlRunner extends AnyFunSuite {
  import SqlGoldenSuite._

  /** A fresh session for one file, so `SET` does not leak into the next. */
  protected def newSession(): SparkSession

  /** Whether this suite runs the file of this base name; `-Dstrata.sql.files` narrows it further. */
  protected def selects(name: String): Boolean = true

  /** Whether `-Dstrata.golden.regenerate=true` rewrites the expected files from this suite. */
  protected def regenerates: Boolean = true

  for (file <- sqlFiles(sqlDir) if selects(baseName(file)) && requested(baseName(file))) {
    test(file.getFileName.toString) {
      val actual = render(runFile(file))
      val outFile = file.resolveSibling(file.getFileName.toString + ".out")
      if (regenerate && regenerates) {
        Files.writeString(outFile, actual, UTF_8)
      } else {
        assert(Files.exists(outFile), s"$outFile is missing; run with -Dstrata.golden.regenerate=true")
        checkSame(file, Files.readString(outFile, UTF_8), actual)
      }
    }
  }

  private def runFile(file: Path): Seq[QueryResult] = {
    val spark = newSession()
    val db = "`" + baseName(file).replace("`", "``") + "`"
    spark.sql(s"CREATE DATABASE $db")
    spark.sql(s"USE $db")
    try splitStatements(Files.readString(file, UTF_8)).map(runStatement(spark, _))
    finally spark.sql(s"DROP DATABASE $db CASCADE")
  }

  /** Writes the actual output to target/ and fails naming the first statement that differs. */
  private def checkSame(file: Path, expected: String, actual: String): Unit = {
    if (expected != actual) {
      val dump = Paths.get("target", "sql-golden-actual", getClass.getSimpleName,
        file.getFileName.toString + ".out")
      Files.createDirectories(dump.getParent)
      Files.writeString(dump, actual, UTF_8)
      val (e, a) = (blocks(expected), blocks(actual))
      val firstDiff = e.zipAll(a, "<none>", "<none>").find { case (x, y) => x != y }
      val detail = firstDiff
        .map { case (x, y) => s"expected:\n$x\nactual:\n$y" }
        .getOrElse("only blank lines differ")
      fail(s"${file.getFileName} differs from its .sql.out (actual output in ${dump.toAbsolutePath});" +
        s" first difference:\n$detail")
    }
  }
}

object SqlGoldenSuite {

  val regenerate: Boolean = sys.props.get("strata.golden.regenerate").contains("true")

  /** `-Dstrata.sql.files`: base names to run, or all when unset, empty or `*`. */
  private val only: Option[Set[String]] = sys.props
    .get("strata.sql.files")
    .map(_.trim)
    .filter(f => f.nonEmpty && f != "*")
    .map(_.split(",").map(_.trim).toSet)

  def requested(name: String): Boolean = only.forall(_.contains(name))

  /** Warehouses besides [[TestSpark]]'s whose paths print as `$WAREHOUSE` (e.g. on HDFS). */
  private val otherWarehouses = new java.util.concurrent.CopyOnWriteArrayList[String]()

  def registerWarehouse(uri: String): Unit = otherWarehouses.addIfAbsent(uri)

  /** One statement and what it gave: result rows, or the error line. */
  final case class QueryResult(sql: String, output: Either[String, Seq[String]])

  val Header = "-- Automatically generated by SqlGoldenSuite; regenerate with -Dstrata.golden.regenerate=true\n"

  /** The .sql directory: `strata.sql.dir`, else src/test/resources/sql from the module or repo root. */
  def sqlDir: Path = sys.props.get("strata.sql.dir").map(Paths.get(_)).getOrElse {
    Seq("src/test/resources/sql", "integration-tests/src/test/resources/sql")
      .map(Paths.get(_))
      .find(Files.isDirectory(_))
      .getOrElse(throw new IllegalStateException("set -Dstrata.sql.dir to the directory of .sql files"))
  }

  def sqlFiles(dir: Path): Seq[Path] = {
    val stream = Files.list(dir)
    try stream.iterator().asScala.filter(_.getFileName.toString.endsWith(".sql")).toSeq.sortBy(_.toString)
    finally stream.close()
  }

  def baseName(file: Path): String = file.getFileName.toString.stripSuffix(".sql")

  /** Statements end with `;` at the end of a line; whole-line `--` comments are dropped. */
  def splitStatements(text: String): Seq[String] = {
    val statements = Seq.newBuilder[String]
    val current = new StringBuilder
    def flush(): Unit = {
      val sql = current.toString.trim
      if (sql.nonEmpty) statements += sql
      current.clear()
    }
    for (line <- text.linesIterator if !line.trim.startsWith("--")) {
      val trimmed = line.replaceAll("\\s+$", "")
      if (trimmed.endsWith(";")) {
        current.append(trimmed.dropRight(1)).append('\n')
        flush()
      } else {
        current.append(trimmed).append('\n')
      }
    }
    flush()
    statements.result()
  }

  def runStatement(spark: SparkSession, sql: String): QueryResult = {
    val output =
      try {
        val df = spark.sql(sql)
        val rows = SQLExecution.withNewExecutionId(df.queryExecution, Some(sql)) {
          HiveResult.hiveResultString(df.queryExecution.executedPlan)
        }
        Right(rows.map(r => normalize(r).replaceAll("\\s+$", "")))
      } catch {
        case NonFatal(e) => Left(errorLine(e))
      }
    QueryResult(sql, output)
  }

  /** `<class>: <first message line>`, with Spark's wrappers of a known error removed. */
  def errorLine(e: Throwable): String = {
    val cause = e match {
      case s: SparkException if s.getCause.isInstanceOf[SparkThrowable] => s.getCause
      // A task's error: the stage and task numbers depend on the queries run before.
      case s: SparkException
          if s.getCause != null && String.valueOf(s.getMessage).startsWith("Job aborted due to stage failure") =>
        s.getCause
      case other => other
    }
    // Spark raises analysis errors as a subclass that only adds the plan; name the public one.
    // Strata's errors reach Spark as analysis errors naming the type Strata raised: name that.
    val className = cause match {
      case a: AnalysisException
          if a.getMessageParameters.containsKey(StrataAnalysisException.ERROR_TYPE) =>
        a.getMessageParameters.get(StrataAnalysisException.ERROR_TYPE)
      case _ => cause.getClass.getName match {
        case "org.apache.spark.sql.catalyst.ExtendedAnalysisException" => classOf[AnalysisException].getName
        case other => other
      }
    }
    val message =
      Option(cause.getMessage).getOrElse("").linesIterator.find(_.trim.nonEmpty).getOrElse("").trim
    normalize(s"$className: $message").replaceAll("\\s+$", "")
  }

  /** DESCRIBE ... EXTENDED rows whose value changes with every run or Spark version. */
  private val Volatile = Seq("Created Time", "Last Access", "Created By")

  /** Replaces the temporary warehouse paths and run-dependent DESCRIBE values. */
  def normalize(s: String): String = {
    val paths =
      Seq(TestSpark.warehouse, TestSpark.sparkWarehouse).map(_.toString) ++ otherWarehouses.asScala
    val text = paths.foldLeft(s)((acc, dir) => acc.replace(dir, "$WAREHOUSE"))
    Volatile.find(k => text.startsWith(k + " ") || text.startsWith(k + "\t")) match {
      case Some(key) => s"$key\t[not included in comparison]"
      case None => text
    }
  }

  def render(results: Seq[QueryResult]): String = {
    val out = new StringBuilder(Header)
    for (r <- results) {
      out.append("\n-- !query\n").append(r.sql).append('\n')
      r.output match {
        case Right(rows) => out.append("-- !query output\n").append(rows.map(_ + "\n").mkString)
        case Left(error) => out.append("-- !query error\n").append(error).append('\n')
      }
    }
    out.toString
  }

  /** Splits a rendered file at each `-- !query` header, for naming the first difference. */
  def blocks(rendered: String): Seq[String] =
    rendered.split("(?m)^(?=-- !query\n)").toSeq.map(_.trim)
}

package io.strata.it

import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{Files, Path, Paths}

import scala.jdk.CollectionConverters._

import org.scalatest.BeforeAndAfterAll
import org.scalatest.funsuite.AnyFunSuite

import SqlGoldenSuite._

/**
 * Every statement of `bad-inputs/bad_inputs.sql` runs against the tables of `setup.sql` and must
 * fail with a precise message (never a bare NullPointerException or an empty message) and leave
 * every file of the database as it was: same files, same sizes, same latest snapshots. The
 * messages themselves are kept in `bad_inputs.sql.out` for review (regenerate with
 * `-Dstrata.golden.regenerate=true`).
 */
class BadInputSuite extends AnyFunSuite with BeforeAndAfterAll {

  private val dir: Path = Seq("src/test/resources/bad-inputs", "integration-tests/src/test/resources/bad-inputs")
    .map(Paths.get(_))
    .find(Files.isDirectory(_))
    .getOrElse(throw new IllegalStateException("bad-inputs directory not found"))
  private val badFile = dir.resolve("bad_inputs.sql")
  private val statements = splitStatements(Files.readString(badFile, UTF_8))
  private val regenerate = sys.props.get("strata.golden.regenerate").contains("true")
  private val database = "bad_inputs"
  private lazy val spark = TestSpark.session.newSession()
  private val results = Seq.newBuilder[QueryResult]

  override def beforeAll(): Unit = {
    spark.sql(s"CREATE DATABASE $database")
    spark.sql(s"USE $database")
    for (sql <- splitStatements(Files.readString(dir.resolve("setup.sql"), UTF_8))) {
      spark.sql(sql).collect()
    }
  }

  override def afterAll(): Unit = spark.sql(s"DROP DATABASE $database CASCADE")

  /** Every file under the database directory with its size: what a bad input must not change. */
  private def listing(): Seq[String] = {
    val root = TestSpark.warehouse.resolve(database + ".db")
    val stream = Files.walk(root)
    try stream.iterator().asScala.filter(Files.isRegularFile(_))
      .map(p => s"${root.relativize(p)} ${Files.size(p)}").toSeq.sorted
    finally stream.close()
  }

  test(s"bad_inputs.sql holds at least 100 statements (${statements.size})") {
    assert(statements.size >= 100)
  }

  for ((sql, i) <- statements.zipWithIndex) {
    test(f"bad input ${i + 1}%03d: ${sql.linesIterator.next().take(90)}") {
      val before = listing()
      val result = runStatement(spark, sql)
      results += result
      result.output match {
        case Right(rows) => fail(s"succeeded, but must fail: $sql\nrows: ${rows.mkString("\n")}")
        case Left(error) =>
          assert(!error.contains("NullPointerException"), error)
          assert(error.split(": ", 2).lift(1).exists(_.trim.length > 10), s"no message: $error")
      }
      assert(listing() == before, s"files changed by: $sql")
    }
  }

  test("the error messages match bad_inputs.sql.out") {
    val actual = render(results.result()).replaceAll("\\[1\\d{12}\\]", "[<epoch millis>]")
    val outFile = badFile.resolveSibling("bad_inputs.sql.out")
    if (regenerate) Files.writeString(outFile, actual, UTF_8)
    else {
      assert(Files.exists(outFile), s"$outFile is missing; run with -Dstrata.golden.regenerate=true")
      val expected = Files.readString(outFile, UTF_8)
      val firstDiff = blocks(expected).zipAll(blocks(actual), "<none>", "<none>").find { case (x, y) => x != y }
      assert(firstDiff.isEmpty, s"first difference:\n${firstDiff.map { case (x, y) => s"expected:\n$x\nactual:\n$y" }.getOrElse("")}")
    }
  }
}

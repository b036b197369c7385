package io.strata.it

import java.io.IOException
import java.nio.file.{FileVisitResult, Files, Path, SimpleFileVisitor}
import java.nio.file.attribute.BasicFileAttributes

import org.apache.spark.sql.classic.SparkSession

/**
 * The one SparkSession of a test JVM, created on first use and stopped at JVM exit.
 *
 * The `strata` catalog points at a fresh temporary warehouse ([[warehouse]]) and is the default
 * catalog. With `-Dstrata.it.catalog=spark_catalog` the built-in session catalog is the default
 * instead, so SQL suites can be checked against plain Spark.
 */
object TestSpark {

  /** Catalog the tests run in: `strata` (default) or e.g. `spark_catalog`. */
  val catalog: String = sys.props.getOrElse("strata.it.catalog", "strata")

  val CatalogClass = "io.strata.spark.StrataCatalog"
  val ExtensionsClass = "io.strata.spark.extensions.StrataSparkSessionExtensions"

  /** Warehouse of the `strata` catalog: a fresh temporary directory, deleted at JVM exit. */
  lazy val warehouse: Path = tempDir("strata-it-warehouse")

  /** `spark.sql.warehouse.dir`, used by the built-in catalog; deleted at JVM exit. */
  lazy val sparkWarehouse: Path = tempDir("strata-it-spark-warehouse")

  lazy val session: SparkSession = {
    val builder = SparkSession
      .builder()
      .master("local[2]")
      .appName("strata-integration-tests")
      .config("spark.ui.enabled", "false")
      .config("spark.sql.shuffle.partitions", "2")
      .config("spark.sql.session.timeZone", "UTC")
      .config("spark.sql.warehouse.dir", sparkWarehouse.toString)
      .config("spark.sql.catalog.strata", CatalogClass)
      .config("spark.sql.catalog.strata.warehouse", warehouse.toString)
      .config("spark.sql.defaultCatalog", catalog)
    // Against the strata catalog the extensions are required; against the built-in catalog
    // (while the extensions may not exist yet) they are added only when on the classpath.
    if (catalog == "strata" || classExists(ExtensionsClass)) {
      builder.config("spark.sql.extensions", ExtensionsClass)
    }
    val spark = builder.getOrCreate()
    sys.addShutdownHook(spark.stop())
    spark
  }

  private def tempDir(prefix: String): Path = {
    val dir = Files.createTempDirectory(prefix).toRealPath()
    sys.addShutdownHook(deleteRecursively(dir))
    dir
  }

  private def classExists(name: String): Boolean =
    try { Class.forName(name, false, getClass.getClassLoader); true }
    catch { case _: ClassNotFoundException => false }

  /** Best effort: Spark's own shutdown hooks may still be writing when this one runs. */
  private def deleteRecursively(root: Path): Unit =
    try walkAndDelete(root)
    catch { case _: IOException => () }

  private def walkAndDelete(root: Path): Unit = {
    if (Files.exists(root)) {
      Files.walkFileTree(
        root,
        new SimpleFileVisitor[Path] {
          override def visitFile(file: Path, attrs: BasicFileAttributes): FileVisitResult = {
            Files.delete(file); FileVisitResult.CONTINUE
          }
          override def postVisitDirectory(dir: Path, e: IOException): FileVisitResult = {
            Files.delete(dir); FileVisitResult.CONTINUE
          }
        })
    }
  }
}

package io.strata.bench;

import java.nio.file.Path;
import org.apache.spark.sql.SparkSession;

/**
 * The one SparkSession of {@link ReadBench}: Strata, Apache Iceberg and Delta Lake side by side.
 *
 * <p>{@code strata} is Strata's catalog with its SQL extensions; {@code iceberg} is Iceberg's
 * Hadoop catalog in a directory of the run; Delta Lake needs its extension and the session catalog
 * ({@code spark_catalog}) replaced by its own, and is used through path tables. Each injected
 * parser hands what it does not know to the one before it, so Strata's statements (the merge case's
 * {@code CALL strata.sys.compact}) still parse with Delta's parser installed after it. Broadcast
 * joins are off so that the bucketed join case compares shuffles with storage-partitioned joins,
 * never with a broadcast.
 */
final class PeerSession {

  static final String ICEBERG_CATALOG = "org.apache.iceberg.spark.SparkCatalog";
  static final String DELTA_CATALOG = "org.apache.spark.sql.delta.catalog.DeltaCatalog";
  static final String EXTENSIONS =
      "io.strata.spark.extensions.StrataSparkSessionExtensions,"
          + "io.delta.sql.DeltaSparkSessionExtension";

  private PeerSession() {}

  /** A {@code local[2]} session whose catalogs keep their tables under {@code dir}. */
  static SparkSession create(Path dir) {
    return SparkSession.builder()
        .master("local[2]")
        .appName("strata-read-bench")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "4")
        .config("spark.sql.session.timeZone", "UTC")
        .config("spark.sql.autoBroadcastJoinThreshold", "-1")
        .config("spark.sql.warehouse.dir", dir.resolve("spark-warehouse").toString())
        .config("spark.sql.extensions", EXTENSIONS)
        .config("spark.sql.catalog.strata", "io.strata.spark.StrataCatalog")
        .config("spark.sql.catalog.strata.warehouse", dir.resolve("strata").toString())
        .config("spark.sql.catalog.iceberg", ICEBERG_CATALOG)
        .config("spark.sql.catalog.iceberg.type", "hadoop")
        .config("spark.sql.catalog.iceberg.warehouse", dir.resolve("iceberg").toString())
        .config("spark.sql.catalog.spark_catalog", DELTA_CATALOG)
        .getOrCreate();
  }
}

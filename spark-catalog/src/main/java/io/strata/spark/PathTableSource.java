package io.strata.spark;

import io.strata.core.catalog.Identifier;
import io.strata.core.io.HadoopFileIO;
import io.strata.core.paths.TablePaths;
import io.strata.core.schema.SchemaManager;
import io.strata.core.schema.TableSchema;
import io.strata.core.table.FileStoreTable;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.catalog.SupportsCatalogOptions;
import org.apache.spark.sql.connector.catalog.SupportsV1OverwriteWithSaveAsTable;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The {@code paimon} data source: a table by its directory, as Paimon's Spark connector offers it,
 * so that {@code spark.read.format("paimon").load(path)} and {@code
 * df.write.format("paimon").mode("append").save(path)} run unchanged. The table must exist (create
 * it through a catalog); it reads and writes as through the catalog, with the read and write
 * options given to the reader or writer.
 *
 * <p>As a {@link SupportsV1OverwriteWithSaveAsTable}, it has Spark mark {@code
 * df.write.format("paimon").mode("overwrite").saveAsTable(t)} so that the SQL extensions overwrite
 * the table's rows rather than replace the table, as without a format.
 */
public final class PathTableSource
    implements TableProvider,
        DataSourceRegister,
        SupportsCatalogOptions,
        SupportsV1OverwriteWithSaveAsTable {

  /** Paimon's name for its data source, which Strata's tables also report as their provider. */
  public static final String NAME = TableProperties.PROVIDER;

  private static final String PATH = "path";

  @Override
  public String shortName() {
    return NAME;
  }

  @Override
  public StructType inferSchema(CaseInsensitiveStringMap options) {
    return load(path(options)).schema();
  }

  @Override
  public Transform[] inferPartitioning(CaseInsensitiveStringMap options) {
    return load(path(options)).partitioning();
  }

  @Override
  public Table getTable(
      StructType schema, Transform[] partitioning, Map<String, String> properties) {
    return load(path(new CaseInsensitiveStringMap(properties)));
  }

  /**
   * The table's directory, qualified, as the name of the table in {@link PathCatalog}: Spark then
   * reads and writes it through that catalog, which resolves the functions Strata's writes cluster
   * by and applies {@code versionAsOf} and {@code timestampAsOf}.
   */
  @Override
  public org.apache.spark.sql.connector.catalog.Identifier extractIdentifier(
      CaseInsensitiveStringMap options) {
    return org.apache.spark.sql.connector.catalog.Identifier.of(new String[0], path(options));
  }

  /** {@code versionAsOf} (or the key {@code spark.sql.timeTravelVersionKey} names): a tag or id. */
  @Override
  public java.util.Optional<String> extractTimeTravelVersion(CaseInsensitiveStringMap options) {
    return java.util.Optional.ofNullable(
        options.get(SQLConf.get().getConfString("spark.sql.timeTravelVersionKey", "versionAsOf")));
  }

  /** {@code timestampAsOf} (or the key {@code spark.sql.timeTravelTimestampKey} names). */
  @Override
  public java.util.Optional<String> extractTimeTravelTimestamp(CaseInsensitiveStringMap options) {
    return java.util.Optional.ofNullable(
        options.get(
            SQLConf.get().getConfString("spark.sql.timeTravelTimestampKey", "timestampAsOf")));
  }

  /** Registers {@link PathCatalog} in the session (once) and names it. */
  @Override
  public String extractCatalog(CaseInsensitiveStringMap options) {
    String key = "spark.sql.catalog." + PathCatalog.NAME;
    SparkSession.getActiveSession()
        .foreach(
            session -> {
              if (!session.conf().contains(key)) {
                session.conf().set(key, PathCatalog.class.getName());
              }
              return null;
            });
    return PathCatalog.NAME;
  }

  /** The qualified directory the options name. */
  private static String path(CaseInsensitiveStringMap options) {
    String location = options.get(PATH);
    if (location == null || location.isBlank()) {
      throw SparkErrors.surface(SparkErrors.pathSourceNeedsPath());
    }
    Path given = new Path(location);
    try {
      return fileIO().fileSystem(given).makeQualified(given).toString();
    } catch (java.io.IOException | RuntimeException e) {
      throw SparkErrors.surface(SparkErrors.unreadablePathTable(location, e));
    }
  }

  private static HadoopFileIO fileIO() {
    return new HadoopFileIO(StrataCatalog.hadoopConf());
  }

  /** The table at {@code location}; an error says where it looked and how to create one. */
  static StrataTable load(String location) {
    StrataTable table = loadOrNull(location);
    if (table == null) {
      throw SparkErrors.surface(SparkErrors.noTableAtPath(location));
    }
    return table;
  }

  /** The table at {@code location}, or null when there is none. */
  static StrataTable loadOrNull(String location) {
    HadoopFileIO fileIO = fileIO();
    Path root = new Path(location);
    TableSchema schema;
    try {
      schema = new SchemaManager(fileIO, new TablePaths(root)).latest();
    } catch (RuntimeException e) {
      throw SparkErrors.surface(SparkErrors.unreadablePathTable(location, e));
    }
    if (schema == null) {
      return null;
    }
    FileStoreTable table = new FileStoreTable(fileIO, root, schema);
    return new StrataTable(NAME, identifier(root), table);
  }

  /** A name for the table in plans and errors: its directory's, in its database's (x.db). */
  private static Identifier identifier(Path root) {
    Path parent = root.getParent();
    String database =
        parent != null && parent.getName().endsWith(".db")
            ? parent.getName().substring(0, parent.getName().length() - 3)
            : "default";
    return new Identifier(database, root.getName());
  }
}

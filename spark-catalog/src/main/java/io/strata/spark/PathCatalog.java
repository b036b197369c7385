package io.strata.spark;

import io.strata.core.scan.SnapshotSelector;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import java.util.Map;
import java.util.function.Function;
import org.apache.spark.sql.catalyst.analysis.NoSuchFunctionException;
import org.apache.spark.sql.catalyst.analysis.NoSuchNamespaceException;
import org.apache.spark.sql.catalyst.analysis.NoSuchTableException;
import org.apache.spark.sql.connector.catalog.Column;
import org.apache.spark.sql.connector.catalog.FunctionCatalog;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableCatalog;
import org.apache.spark.sql.connector.catalog.TableChange;
import org.apache.spark.sql.connector.catalog.functions.UnboundFunction;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The catalog behind the {@code paimon} data source ({@link PathTableSource}): its tables are named
 * by their directories (an identifier without namespace whose name is the path). Spark reads and
 * writes a source's tables through such a catalog, which also resolves the functions Strata's
 * writes cluster by and applies {@code versionAsOf} / {@code timestampAsOf}. The source registers
 * it in the session as {@value #NAME}; it only loads tables and refuses every other change.
 */
public final class PathCatalog implements TableCatalog, FunctionCatalog {

  /** The name the source registers this catalog under. */
  public static final String NAME = "strata_paths";

  private String name = NAME;

  @Override
  public void initialize(String name, CaseInsensitiveStringMap options) {
    this.name = name;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Table loadTable(Identifier ident) throws NoSuchTableException {
    return load(ident, null);
  }

  @Override
  public Table loadTable(Identifier ident, String version) throws NoSuchTableException {
    return load(ident, selector -> selector.byVersion(version));
  }

  @Override
  public Table loadTable(Identifier ident, long timestampMicros) throws NoSuchTableException {
    long millis = Math.floorDiv(timestampMicros, 1000);
    return load(ident, selector -> selector.byTimestamp(millis));
  }

  private Table load(Identifier ident, Function<SnapshotSelector, Snapshot> timeTravel)
      throws NoSuchTableException {
    // A missing table is explained (where it looked, how to create one), not Spark's generic
    // "cannot be found"; tableExists asks without failing.
    StrataTable table = PathTableSource.load(ident.name());
    if (timeTravel == null) {
      return table;
    }
    return SparkErrors.surfaced(
        () -> {
          FileStoreTable files = table.fileStoreTable();
          Snapshot snapshot = timeTravel.apply(new SnapshotSelector(files));
          return new StrataTable(
              PathTableSource.NAME,
              table.identifier(),
              StrataCatalog.readAt(files, snapshot),
              snapshot);
        });
  }

  @Override
  public boolean tableExists(Identifier ident) {
    return PathTableSource.loadOrNull(ident.name()) != null;
  }

  @Override
  public Identifier[] listTables(String[] namespace) {
    return new Identifier[0];
  }

  @Override
  public Table createTable(
      Identifier ident, Column[] columns, Transform[] partitions, Map<String, String> properties) {
    throw refused("create a table at " + ident.name() + "; create it in a catalog");
  }

  @Override
  @SuppressWarnings("deprecation")
  public Table createTable(
      Identifier ident, StructType schema, Transform[] partitions, Map<String, String> properties) {
    throw refused("create a table at " + ident.name() + "; create it in a catalog");
  }

  @Override
  public Table alterTable(Identifier ident, TableChange... changes) {
    throw refused("alter the table at " + ident.name() + "; alter it through its catalog");
  }

  @Override
  public boolean dropTable(Identifier ident) {
    throw refused("drop the table at " + ident.name() + "; drop it through its catalog");
  }

  @Override
  public void renameTable(Identifier oldIdent, Identifier newIdent) {
    throw refused("rename the table at " + oldIdent.name() + "; rename it through its catalog");
  }

  private static RuntimeException refused(String what) {
    return SparkErrors.surface(SparkErrors.pathSourceRefuses(what));
  }

  @Override
  public Identifier[] listFunctions(String[] namespace) throws NoSuchNamespaceException {
    return namespace.length == 0 ? StrataFunctions.list(namespace) : new Identifier[0];
  }

  @Override
  public UnboundFunction loadFunction(Identifier ident) throws NoSuchFunctionException {
    return StrataFunctions.load(ident);
  }
}

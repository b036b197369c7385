package io.strata.spark;

import io.strata.core.catalog.CatalogException;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.io.HadoopFileIO;
import io.strata.core.manifest.ManifestCache;
import io.strata.core.options.CatalogOptions;
import io.strata.core.options.Options;
import io.strata.core.scan.SnapshotSelector;
import io.strata.core.schema.SchemaChange;
import io.strata.core.schema.SchemaFactory;
import io.strata.core.schema.TableSchema;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.system.GlobalSystemTable;
import io.strata.core.system.SystemTables;
import io.strata.core.table.FileStoreTable;
import io.strata.spark.extensions.StrataTableCatalog;
import io.strata.spark.procedures.Procedures;
import io.strata.spark.read.ReadMode;
import io.strata.spark.system.BinlogSystemTable;
import io.strata.spark.system.DataSystemTable;
import io.strata.spark.system.GlobalSystemSparkTable;
import io.strata.spark.system.RowTrackingSystemTable;
import io.strata.spark.system.StrataSystemTable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.analysis.NamespaceAlreadyExistsException;
import org.apache.spark.sql.catalyst.analysis.NoSuchFunctionException;
import org.apache.spark.sql.catalyst.analysis.NoSuchNamespaceException;
import org.apache.spark.sql.catalyst.analysis.NoSuchTableException;
import org.apache.spark.sql.catalyst.analysis.NonEmptyNamespaceException;
import org.apache.spark.sql.catalyst.analysis.TableAlreadyExistsException;
import org.apache.spark.sql.connector.catalog.Column;
import org.apache.spark.sql.connector.catalog.FunctionCatalog;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.connector.catalog.NamespaceChange;
import org.apache.spark.sql.connector.catalog.ProcedureCatalog;
import org.apache.spark.sql.connector.catalog.StagedTable;
import org.apache.spark.sql.connector.catalog.StagingTableCatalog;
import org.apache.spark.sql.connector.catalog.SupportsNamespaces;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableCatalog;
import org.apache.spark.sql.connector.catalog.TableChange;
import org.apache.spark.sql.connector.catalog.functions.UnboundFunction;
import org.apache.spark.sql.connector.catalog.procedures.UnboundProcedure;
import org.apache.spark.sql.connector.expressions.IdentityTransform;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * Spark catalog of Strata tables in a warehouse directory ({@code spark.sql.catalog.<name>.
 * warehouse}). Databases are one-level namespaces; tables are Paimon-format directories.
 */
public class StrataCatalog
    implements TableCatalog,
        StagingTableCatalog,
        StrataTableCatalog,
        SupportsNamespaces,
        ProcedureCatalog,
        FunctionCatalog {

  /** Catalog option naming the warehouse root (any Hadoop file system URI or local path). */
  public static final String WAREHOUSE = "warehouse";

  private static final List<String> HADOOP_PREFIXES = List.of("fs.", "dfs.", "hadoop.", "io.file");

  private String name;
  private WarehouseCatalog catalog;

  /**
   * The options the catalog was configured with, secrets masked, for {@code sys.catalog_options}.
   */
  private Map<String, String> catalogOptions = Map.of();

  private Procedures procedures;

  @Override
  public void initialize(String name, CaseInsensitiveStringMap options) {
    this.name = name;
    String warehouse = options.get(WAREHOUSE);
    if (warehouse == null || warehouse.isBlank()) {
      throw SparkErrors.missingWarehouse(name);
    }
    this.catalog = new WarehouseCatalog(new HadoopFileIO(hadoopConf()), new Path(warehouse));
    this.catalogOptions = GlobalSystemSparkTable.masked(options.asCaseSensitiveMap());
    configureManifestCache(options);
    this.procedures = new Procedures(name, catalog);
  }

  /** Catalog options that size the driver's shared manifest cache; unset ones change nothing. */
  private static void configureManifestCache(CaseInsensitiveStringMap options) {
    Map<String, String> cache = new HashMap<>();
    for (Map.Entry<String, String> e : options.entrySet()) {
      String key = e.getKey().toLowerCase(java.util.Locale.ROOT);
      if (key.equals(CatalogOptions.CACHE_ENABLED.key()) || key.startsWith("cache.manifest.")) {
        cache.put(key, e.getValue());
      }
    }
    if (!cache.isEmpty()) {
      ManifestCache.shared().configure(ManifestCache.Settings.of(new Options(cache)));
    }
  }

  // ---- procedures ----

  @Override
  public UnboundProcedure loadProcedure(Identifier ident) {
    if (ident.namespace().length != 1
        || !ident.namespace()[0].equalsIgnoreCase(Procedures.NAMESPACE)) {
      throw SparkErrors.noSuchProcedure(
          String.join(".", ident.namespace())
              + (ident.namespace().length == 0 ? "" : ".")
              + ident.name(),
          Procedures.NAMESPACE,
          procedures.names());
    }
    return procedures.get(ident.name());
  }

  @Override
  public Identifier[] listProcedures(String[] namespace) {
    return procedures.names().stream()
        .map(n -> Identifier.of(new String[] {Procedures.NAMESPACE}, n))
        .toArray(Identifier[]::new);
  }

  /** The Hadoop settings that locate and open file systems, small enough to ship to tasks. */
  static Map<String, String> hadoopConf() {
    Map<String, String> conf = new HashMap<>();
    SparkSession.getActiveSession()
        .foreach(
            session -> {
              for (Map.Entry<String, String> e : session.sessionState().newHadoopConf()) {
                if (HADOOP_PREFIXES.stream().anyMatch(p -> e.getKey().startsWith(p))) {
                  conf.put(e.getKey(), e.getValue());
                }
              }
              return null;
            });
    return conf;
  }

  @Override
  public String name() {
    return name;
  }

  WarehouseCatalog warehouse() {
    return catalog;
  }

  @Override
  public String[] defaultNamespace() {
    return new String[] {WarehouseCatalog.DEFAULT_DATABASE};
  }

  // ---- namespaces ----

  @Override
  public String[][] listNamespaces() {
    return catalog.listDatabases().stream().map(db -> new String[] {db}).toArray(String[][]::new);
  }

  @Override
  public String[][] listNamespaces(String[] namespace) throws NoSuchNamespaceException {
    if (namespace.length == 0) {
      return listNamespaces();
    }
    database(namespace);
    return new String[0][];
  }

  @Override
  public boolean namespaceExists(String[] namespace) {
    return namespace.length == 1 && catalog.databaseExists(namespace[0]);
  }

  @Override
  public Map<String, String> loadNamespaceMetadata(String[] namespace)
      throws NoSuchNamespaceException {
    String db = database(namespace);
    Map<String, String> metadata = new LinkedHashMap<>();
    metadata.put(SupportsNamespaces.PROP_LOCATION, catalog.databasePath(db).toString());
    return metadata;
  }

  @Override
  public void createNamespace(String[] namespace, Map<String, String> metadata)
      throws NamespaceAlreadyExistsException {
    if (namespace.length != 1) {
      throw SparkErrors.nestedNamespace(String.join(".", namespace));
    }
    try {
      catalog.createDatabase(namespace[0]);
    } catch (CatalogException e) {
      throw new NamespaceAlreadyExistsException(namespace);
    }
  }

  @Override
  public void alterNamespace(String[] namespace, NamespaceChange... changes) {
    throw SparkErrors.namespaceProperties(String.join(".", namespace));
  }

  @Override
  public boolean dropNamespace(String[] namespace, boolean cascade)
      throws NoSuchNamespaceException, NonEmptyNamespaceException {
    String db = database(namespace);
    if (!cascade && !catalog.listTables(db).isEmpty()) {
      throw new NonEmptyNamespaceException(namespace);
    }
    catalog.dropDatabase(
        db, cascade ? WarehouseCatalog.DropMode.CASCADE : WarehouseCatalog.DropMode.RESTRICT);
    return true;
  }

  private String database(String[] namespace) throws NoSuchNamespaceException {
    if (namespace.length != 1 || !catalog.databaseExists(namespace[0])) {
      throw new NoSuchNamespaceException(namespace);
    }
    return namespace[0];
  }

  // ---- tables ----

  @Override
  public Identifier[] listTables(String[] namespace) throws NoSuchNamespaceException {
    if (isSystemDatabase(namespace)) {
      return SystemTables.globalTables().stream()
          .map(t -> Identifier.of(namespace, t.name()))
          .toArray(Identifier[]::new);
    }
    String db = database(namespace);
    return catalog.listTables(db).stream()
        .map(t -> Identifier.of(namespace, t))
        .toArray(Identifier[]::new);
  }

  @Override
  public Table loadTable(Identifier ident) throws NoSuchTableException {
    return SparkErrors.surfaced(() -> load(ident, null));
  }

  /** VERSION AS OF: a tag name (wins) or a snapshot id. */
  @Override
  public Table loadTable(Identifier ident, String version) throws NoSuchTableException {
    return SparkErrors.surfaced(() -> load(ident, selector -> selector.byVersion(version)));
  }

  /** TIMESTAMP AS OF: Spark passes microseconds since the epoch. */
  @Override
  public Table loadTable(Identifier ident, long timestampMicros) throws NoSuchTableException {
    long millis = Math.floorDiv(timestampMicros, 1000);
    return SparkErrors.surfaced(() -> load(ident, selector -> selector.byTimestamp(millis)));
  }

  /** {@code table} as a read of {@code snapshot} sees it: with the snapshot's columns. */
  static FileStoreTable readAt(FileStoreTable table, Snapshot snapshot) {
    return snapshot.schemaId() == table.schema().id()
        ? table
        : table.withSchema(SnapshotSelector.schemaAt(table, snapshot));
  }

  /** Refuses {@code action} on a table of the {@code sys} database, which is read-only. */
  private static void refuseSystemDatabase(String action, Identifier ident) {
    if (isSystemDatabase(ident.namespace())) {
      throw SparkErrors.surface(
          SparkErrors.systemDatabaseReadOnly(
              action, String.join(".", ident.namespace()) + "." + ident.name()));
    }
  }

  /** Whether {@code namespace} is Paimon's {@code sys} database of catalog-wide tables. */
  private static boolean isSystemDatabase(String[] namespace) {
    return namespace.length == 1 && io.strata.core.paths.Names.isSystemDatabase(namespace[0]);
  }

  private Table load(
      Identifier ident, java.util.function.Function<SnapshotSelector, Snapshot> timeTravel)
      throws NoSuchTableException {
    if (isSystemDatabase(ident.namespace())) {
      if (timeTravel != null) {
        throw SparkErrors.systemTableNotVersioned(ident.toString());
      }
      GlobalSystemTable global =
          SystemTables.globalTable(ident.name()).orElseThrow(() -> new NoSuchTableException(ident));
      return new GlobalSystemSparkTable(ident.toString(), global, catalog, catalogOptions);
    }
    String name = ident.name();
    io.strata.core.catalog.Identifier named = toCore(ident);
    io.strata.core.catalog.Identifier id = named.withoutSuffixes();
    FileStoreTable table;
    try {
      table = catalog.loadTable(id);
    } catch (CatalogException e) {
      throw new NoSuchTableException(ident);
    }
    if (named.branch() != null) {
      table = table.switchToBranch(named.branch());
    }
    Snapshot snapshot = null;
    if (timeTravel != null) {
      snapshot = timeTravel.apply(new SnapshotSelector(table));
      table = readAt(table, snapshot);
    }
    if (named.systemTable() == null) {
      return new StrataTable(this.name, named, table, snapshot);
    }
    String systemName = named.systemTable().toLowerCase(java.util.Locale.ROOT);
    if (snapshot != null && !SystemTables.supportsTimeTravel(systemName)) {
      throw SparkErrors.systemTableNotVersioned(name);
    }
    if (systemName.equals("binlog")) {
      return new BinlogSystemTable(ident.toString(), table, snapshot);
    }
    if (systemName.equals("row_tracking")) {
      return new RowTrackingSystemTable(ident.toString(), table, snapshot);
    }
    if (SystemTables.DATA_TABLES.contains(systemName)) {
      ReadMode mode = systemName.equals("ro") ? ReadMode.READ_OPTIMIZED : ReadMode.AUDIT_LOG;
      return new DataSystemTable(ident.toString(), table, snapshot, mode);
    }
    FileStoreTable finalTable = table;
    Snapshot finalSnapshot = snapshot;
    return SystemTables.metadataTable(systemName)
        .map(t -> (Table) new StrataSystemTable(ident.toString(), finalTable, t, finalSnapshot))
        .orElseThrow(() -> SystemTables.unknown(named.withoutSystemTable().toString(), systemName));
  }

  @Override
  public Table createTable(
      Identifier ident, Column[] columns, Transform[] partitions, Map<String, String> properties)
      throws TableAlreadyExistsException, NoSuchNamespaceException {
    return createTable(
        ident,
        org.apache.spark.sql.connector.catalog.CatalogV2Util.v2ColumnsToStructType(columns),
        partitions,
        properties);
  }

  @Override
  @SuppressWarnings("deprecation")
  public Table createTable(
      Identifier ident, StructType schema, Transform[] partitions, Map<String, String> properties)
      throws TableAlreadyExistsException, NoSuchNamespaceException {
    try {
      return create(ident, schema, partitions, properties);
    } catch (IllegalArgumentException | UnsupportedOperationException e) {
      throw SparkErrors.surface(e);
    }
  }

  private Table create(
      Identifier ident, StructType schema, Transform[] partitions, Map<String, String> properties)
      throws TableAlreadyExistsException, NoSuchNamespaceException {
    refuseSystemDatabase("create", ident);
    io.strata.core.catalog.Identifier id = toCore(ident);
    database(ident.namespace());
    TableSchema tableSchema = newSchema(schema, partitions, properties);
    try {
      FileStoreTable table = catalog.createTable(id, tableSchema);
      return new StrataTable(this.name, id, table);
    } catch (CatalogException e) {
      if (e.reason() == CatalogException.Reason.TABLE_ALREADY_EXISTS) {
        throw new TableAlreadyExistsException(ident);
      }
      throw e;
    }
  }

  /** The first schema of a table Spark creates. */
  private TableSchema newSchema(
      StructType schema, Transform[] partitions, Map<String, String> properties) {
    TableProperties.Create props = TableProperties.fromCreate(properties);
    return SchemaFactory.create(
        SparkTypes.toRowType(schema),
        partitionColumns(partitions),
        List.of(),
        props.options(),
        props.comment(),
        catalog.clock().millis());
  }

  // ---- staged creates and replaces (CREATE [OR REPLACE] TABLE ... AS SELECT, REPLACE TABLE) ----

  /**
   * A CTAS creates its table at once and Spark drops it when the write fails, as without staging:
   * writing it aside would cost a directory rename, which object stores do by copying every file.
   */
  @Override
  public StagedTable stageCreate(
      Identifier ident, Column[] columns, Transform[] partitions, Map<String, String> properties)
      throws TableAlreadyExistsException, NoSuchNamespaceException {
    StrataTable created = (StrataTable) createTable(ident, columns, partitions, properties);
    return new StagedStrataTable(
        this.name, toCore(ident), created.fileStoreTable(), () -> {}, () -> dropTable(ident));
  }

  /**
   * The new table is written aside ({@link WarehouseCatalog#stageTable}) and put in the place of
   * the old one only when its write commits: a failed query leaves the old table as it was, where
   * Spark would otherwise drop it before writing the new one.
   */
  @Override
  public StagedTable stageReplace(
      Identifier ident, Column[] columns, Transform[] partitions, Map<String, String> properties)
      throws NoSuchNamespaceException, NoSuchTableException {
    if (!tableExists(ident)) {
      throw new NoSuchTableException(ident);
    }
    return staged(ident, columns, partitions, properties);
  }

  @Override
  public StagedTable stageCreateOrReplace(
      Identifier ident, Column[] columns, Transform[] partitions, Map<String, String> properties)
      throws NoSuchNamespaceException {
    return staged(ident, columns, partitions, properties);
  }

  private StagedTable staged(
      Identifier ident, Column[] columns, Transform[] partitions, Map<String, String> properties)
      throws NoSuchNamespaceException {
    refuseSystemDatabase("replace", ident);
    io.strata.core.catalog.Identifier id = toCore(ident);
    database(ident.namespace());
    try {
      FileStoreTable staged =
          catalog.stageTable(
              id,
              newSchema(
                  org.apache.spark.sql.connector.catalog.CatalogV2Util.v2ColumnsToStructType(
                      columns),
                  partitions,
                  properties));
      return new StagedStrataTable(
          this.name,
          id,
          staged,
          () -> catalog.installStaged(staged, id, true),
          () -> catalog.dropStaged(staged, id));
    } catch (IllegalArgumentException | UnsupportedOperationException e) {
      throw SparkErrors.surface(e);
    }
  }

  private static List<String> partitionColumns(Transform[] partitions) {
    List<String> columns = new ArrayList<>();
    for (Transform t : partitions) {
      if (!(t instanceof IdentityTransform identity)) {
        throw SparkErrors.partitionTransform(t.describe());
      }
      String[] parts = identity.ref().fieldNames();
      if (parts.length != 1) {
        throw SparkErrors.nestedPartition(String.join(".", parts));
      }
      columns.add(parts[0]);
    }
    return columns;
  }

  @Override
  public Table alterTable(Identifier ident, TableChange... changes) throws NoSuchTableException {
    return SparkErrors.surfaced(() -> alter(ident, changes));
  }

  private Table alter(Identifier ident, TableChange... changes) throws NoSuchTableException {
    refuseSystemDatabase("alter", ident);
    io.strata.core.catalog.Identifier id = toCore(ident);
    if (!(loadTable(ident) instanceof StrataTable current)) {
      throw SparkErrors.alterSystemTable(String.valueOf(ident));
    }
    List<SchemaChange> schemaChanges =
        SparkSchemaChanges.convert(current.fileStoreTable().schema(), changes);
    if (schemaChanges.isEmpty()) {
      return current;
    }
    return new StrataTable(this.name, id, catalog.alterTable(id, schemaChanges));
  }

  @Override
  public boolean dropTable(Identifier ident) {
    refuseSystemDatabase("drop", ident);
    io.strata.core.catalog.Identifier id = toCore(ident);
    if (id.branch() != null || id.systemTable() != null) {
      throw SparkErrors.dropBranchOrSystemTable(
          id.toString(), id.withoutSuffixes().toString(), id.branch());
    }
    try {
      catalog.dropTable(id);
      return true;
    } catch (CatalogException e) {
      return false;
    }
  }

  @Override
  public boolean purgeTable(Identifier ident) {
    return dropTable(ident);
  }

  @Override
  public void renameTable(Identifier oldIdent, Identifier newIdent)
      throws NoSuchTableException, TableAlreadyExistsException {
    refuseSystemDatabase("rename", oldIdent);
    refuseSystemDatabase("rename a table to", newIdent);
    io.strata.core.catalog.Identifier to = toCore(renameTarget(oldIdent, newIdent));
    try {
      catalog.renameTable(toCore(oldIdent), to);
    } catch (CatalogException e) {
      switch (e.reason()) {
        case TABLE_NOT_FOUND -> throw new NoSuchTableException(oldIdent);
        case TABLE_ALREADY_EXISTS -> throw new TableAlreadyExistsException(newIdent);
        default -> throw e;
      }
    }
  }

  /**
   * RENAME TO accepts 't2' (same database), 'db.t2' and 'catalog.db.t2' (this catalog only: a table
   * cannot move between catalogs).
   */
  private Identifier renameTarget(Identifier oldIdent, Identifier newIdent) {
    String[] ns = newIdent.namespace();
    if (ns.length == 0) {
      return Identifier.of(oldIdent.namespace(), newIdent.name());
    }
    if (ns.length == 2 && ns[0].equals(name)) {
      return Identifier.of(new String[] {ns[1]}, newIdent.name());
    }
    return newIdent;
  }

  // ---- functions ----

  /** The catalog's own functions ({@link StrataFunctions}) live in the empty namespace. */
  @Override
  public Identifier[] listFunctions(String[] namespace) throws NoSuchNamespaceException {
    if (namespace.length == 0) {
      return StrataFunctions.list(namespace);
    }
    database(namespace);
    return new Identifier[0];
  }

  @Override
  public UnboundFunction loadFunction(Identifier ident) throws NoSuchFunctionException {
    return StrataFunctions.load(ident);
  }

  static io.strata.core.catalog.Identifier toCore(Identifier ident) {
    if (ident.namespace().length != 1) {
      throw SparkErrors.notDatabaseTable(
          String.join(".", ident.namespace())
              + (ident.namespace().length == 0 ? "" : ".")
              + ident.name());
    }
    return new io.strata.core.catalog.Identifier(ident.namespace()[0], ident.name());
  }
}

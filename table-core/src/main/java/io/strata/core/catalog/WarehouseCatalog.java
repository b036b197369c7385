package io.strata.core.catalog;

import io.strata.core.errors.CoreErrors;
import io.strata.core.io.FileIO;
import io.strata.core.paths.NameKind;
import io.strata.core.paths.Names;
import io.strata.core.paths.PathContainment;
import io.strata.core.paths.TablePaths;
import io.strata.core.schema.SchemaChange;
import io.strata.core.schema.SchemaEvolution;
import io.strata.core.schema.SchemaManager;
import io.strata.core.schema.TableSchema;
import io.strata.core.table.FileStoreTable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Databases and tables as directories of a warehouse: {@code <warehouse>/<db>.db/<table>/}. A
 * directory is a table when it holds at least one schema file.
 */
public final class WarehouseCatalog {

  public static final String DEFAULT_DATABASE = "default";
  private static final String DB_SUFFIX = ".db";

  /** Where tables are written before they are put in place, inside a database's directory. */
  public static final String STAGING_DIR = ".strata-staging";

  private static final Logger LOG = LoggerFactory.getLogger(WarehouseCatalog.class);

  private final FileIO fileIO;
  private final Path warehouse;
  private final Clock clock;

  /** Opens a warehouse on the system clock in the JVM's zone. */
  public WarehouseCatalog(FileIO fileIO, Path warehouse) {
    this(fileIO, warehouse, Clock.systemDefaultZone());
  }

  /**
   * Opens a warehouse; nothing is written until something is created (it may be read-only).
   *
   * @param clock the one clock of every table it loads: commit and schema times, expiration
   */
  public WarehouseCatalog(FileIO fileIO, Path warehouse, Clock clock) {
    this.fileIO = fileIO;
    this.warehouse = warehouse;
    this.clock = clock;
  }

  /** "Now" for this warehouse's tables, in the zone whose wall-clock time partitions use. */
  public Clock clock() {
    return clock;
  }

  public FileIO fileIO() {
    return fileIO;
  }

  public Path warehouse() {
    return warehouse;
  }

  /** The directory of database {@code db}; refuses names that could leave the warehouse. */
  public Path databasePath(String db) {
    return new Path(warehouse, NameKind.DATABASE.component(Names.database(db)));
  }

  /** The directory of a table; refuses names that could leave the database directory. */
  public Path tablePath(Identifier id) {
    return new Path(databasePath(id.database()), NameKind.TABLE.component(Names.table(id.table())));
  }

  public List<String> listDatabases() {
    List<String> dbs = new ArrayList<>();
    dbs.add(DEFAULT_DATABASE);
    for (FileIO.FileStatusInfo f : list(warehouse)) {
      String name = f.path().getName();
      if (f.isDirectory() && name.endsWith(DB_SUFFIX)) {
        String db = name.substring(0, name.length() - DB_SUFFIX.length());
        if (!db.equals(DEFAULT_DATABASE)) {
          dbs.add(db);
        }
      }
    }
    dbs.sort(null);
    return dbs;
  }

  /** The default database always exists; its directory appears with its first table. */
  public boolean databaseExists(String db) {
    if (Names.isSystemDatabase(db)) {
      return false; // procedures live there; it never holds tables
    }
    Path dir = databasePath(db);
    return db.equals(DEFAULT_DATABASE) || exists(dir);
  }

  public void createDatabase(String db) {
    if (databaseExists(db)) {
      throw CatalogException.databaseAlreadyExists(db);
    }
    try {
      fileIO.mkdirs(databasePath(db));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot create database " + db, e);
    }
  }

  /** Drops a database; without {@code cascade} it must hold no tables. */
  public void dropDatabase(String db, DropMode mode) {
    if (!databaseExists(db)) {
      throw CatalogException.databaseNotFound(db);
    }
    if (db.equals(DEFAULT_DATABASE)) {
      throw CoreErrors.dropDefaultDatabase(db);
    }
    List<String> tables = listTables(db);
    if (!tables.isEmpty() && mode == DropMode.RESTRICT) {
      throw CatalogException.databaseNotEmpty(db, tables);
    }
    for (String table : tables) {
      dropTable(new Identifier(db, table));
    }
    Path dir = PathContainment.requireInside(warehouse, databasePath(db), "drop the database");
    try {
      fileIO.deleteRecursively(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot drop database " + db, e);
    }
  }

  /** Whether dropping a database may also drop its tables. */
  public enum DropMode {
    RESTRICT,
    CASCADE
  }

  public List<String> listTables(String db) {
    if (!databaseExists(db)) {
      throw CatalogException.databaseNotFound(db);
    }
    List<String> tables = new ArrayList<>();
    for (FileIO.FileStatusInfo f : list(databasePath(db))) {
      if (f.isDirectory() && exists(new Path(f.path(), "schema"))) {
        tables.add(f.path().getName());
      }
    }
    tables.sort(null);
    return tables;
  }

  public boolean tableExists(Identifier id) {
    return schemaManager(id).latest() != null;
  }

  /**
   * The table {@code id} names, as its branch {@code t$branch_<name>} sees it when it names one.
   */
  public FileStoreTable loadTable(Identifier id) {
    if (id.branch() != null && id.systemTable() == null) {
      return loadTable(id.withoutSuffixes()).switchToBranch(id.branch());
    }
    TableSchema schema = schemaManager(id).latest();
    if (schema == null) {
      if (!databaseExists(id.database())) {
        throw CatalogException.databaseNotFound(id.database());
      }
      throw CatalogException.tableNotFound(id);
    }
    return new FileStoreTable(fileIO, tablePath(id), schema, clock);
  }

  /** Creates a table from a validated first schema (id 0). */
  public FileStoreTable createTable(Identifier id, TableSchema schema) {
    Path dir = tablePath(id);
    if (!databaseExists(id.database())) {
      throw CatalogException.databaseNotFound(id.database());
    }
    if (!schemaManager(id).tryCommit(schema)) {
      throw CatalogException.tableAlreadyExists(id);
    }
    return new FileStoreTable(fileIO, dir, schema, clock);
  }

  /**
   * Drops a table the catalog really holds: its directory must lie inside the database's and its
   * latest schema must parse, so no name or stray directory can make DROP delete anything else.
   */
  public void dropTable(Identifier id) {
    Path dir = tablePath(id);
    if (!schemaParses(id)) {
      throw CatalogException.tableNotFound(id);
    }
    PathContainment.requireInside(databasePath(id.database()), dir, "drop the table");
    try {
      fileIO.deleteRecursively(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot drop table " + id, e);
    }
  }

  public void renameTable(Identifier from, Identifier to) {
    if (!tableExists(from)) {
      throw CatalogException.tableNotFound(from);
    }
    if (!databaseExists(to.database())) {
      throw CatalogException.databaseNotFound(to.database());
    }
    if (exists(tablePath(to))) {
      throw CatalogException.tableAlreadyExists(to);
    }
    try {
      if (!fileIO.rename(tablePath(from), tablePath(to))) {
        throw new IOException("rename returned false");
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot rename table " + from + " to " + to, e);
    }
  }

  /**
   * A new table for {@code id} written aside, in a directory of its own under the database's
   * staging directory ({@value #STAGING_DIR}, never listed as a table), until {@link
   * #installStaged} puts it in the place of {@code id} or {@link #dropStaged} deletes it. A table
   * may be replaced this way without being gone while its new rows are written.
   */
  public FileStoreTable stageTable(Identifier id, TableSchema schema) {
    Path target = tablePath(id);
    if (!databaseExists(id.database())) {
      throw CatalogException.databaseNotFound(id.database());
    }
    Path dir =
        new Path(
            new Path(databasePath(id.database()), STAGING_DIR),
            target.getName() + "-" + UUID.randomUUID());
    if (!new SchemaManager(fileIO, new TablePaths(dir)).tryCommit(schema)) {
      throw new IllegalStateException("The staging directory " + dir + " already holds a table");
    }
    return new FileStoreTable(fileIO, dir, schema, clock);
  }

  /**
   * Puts a staged table in the place of {@code id}. With {@code replace} an existing table is first
   * moved aside (then deleted once the staged one is in place); without it, an existing table
   * refuses the install. Either way the staged table is in place, or it stays where it was and the
   * existing table with it. (A crash between moving the old table aside and putting the new one in
   * place leaves both under the staging directory, the old one named {@code <staged>-replaced}.)
   */
  public void installStaged(FileStoreTable staged, Identifier id, boolean replace) {
    Path stagedDir = requireStaged(staged, id);
    Path target = tablePath(id);
    Path replaced = null;
    if (exists(target)) {
      if (!replace || !tableExists(id)) {
        throw CatalogException.tableAlreadyExists(id);
      }
      replaced = new Path(stagedDir.getParent(), stagedDir.getName() + "-replaced");
      rename(target, replaced, "move table " + id + " aside");
    }
    try {
      rename(stagedDir, target, "put the new table " + id + " in place");
    } catch (RuntimeException e) {
      if (replaced != null) {
        try {
          rename(replaced, target, "put table " + id + " back");
        } catch (RuntimeException back) {
          e.addSuppressed(back);
        }
      }
      throw e;
    }
    if (replaced != null) {
      try {
        fileIO.deleteRecursively(replaced);
      } catch (IOException | RuntimeException e) {
        // The replace has happened; what is left is garbage under the staging directory.
        LOG.warn("Replaced table {}, but could not delete its former files at {}", id, replaced, e);
      }
    }
  }

  /** Deletes a staged table that will not be installed. */
  public void dropStaged(FileStoreTable staged, Identifier id) {
    Path dir = requireStaged(staged, id);
    try {
      fileIO.deleteRecursively(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot delete the staged table " + dir, e);
    }
  }

  /** The directory of a table {@link #stageTable} made for {@code id}. */
  private Path requireStaged(FileStoreTable staged, Identifier id) {
    Path dir = staged.root();
    Path staging = new Path(databasePath(id.database()), STAGING_DIR);
    if (dir.getParent() == null || !dir.getParent().equals(staging)) {
      throw CoreErrors.notStaged(dir.toString(), id.toString());
    }
    return PathContainment.requireInside(staging, dir, "install or drop a staged table");
  }

  private void rename(Path from, Path to, String what) {
    try {
      if (!fileIO.rename(from, to)) {
        throw new IOException("rename returned false");
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot " + what + " (" + from + " to " + to + ")", e);
    }
  }

  /**
   * Applies schema changes as one new schema version on top of the latest (see {@link
   * SchemaEvolution}); a concurrent change that takes the version first makes them apply again.
   */
  public FileStoreTable alterTable(Identifier id, List<SchemaChange> changes) {
    return alterTable(id, changes, clock);
  }

  /** {@link #alterTable(Identifier, List)} stamping the new schema with {@code clock}. */
  public FileStoreTable alterTable(Identifier id, List<SchemaChange> changes, Clock clock) {
    if (id.branch() != null && id.systemTable() == null) {
      FileStoreTable branch = loadTable(id);
      TableSchema next = branch.schemaManager().commitChanges(changes, clock);
      return new FileStoreTable(fileIO, branch.paths(), next, this.clock);
    }
    if (!tableExists(id)) {
      throw CatalogException.tableNotFound(id);
    }
    TableSchema next = schemaManager(id).commitChanges(changes, clock);
    return new FileStoreTable(fileIO, tablePath(id), next, this.clock);
  }

  /** Whether the table's latest schema exists and parses; a garbled one refuses the drop. */
  private boolean schemaParses(Identifier id) {
    try {
      return schemaManager(id).latest() != null;
    } catch (RuntimeException e) {
      throw CoreErrors.unparsableTableOnDrop(id.toString(), tablePath(id).toString(), e);
    }
  }

  private SchemaManager schemaManager(Identifier id) {
    return new SchemaManager(fileIO, new TablePaths(tablePath(id)));
  }

  private List<FileIO.FileStatusInfo> list(Path dir) {
    try {
      return fileIO.list(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list " + dir, e);
    }
  }

  private boolean exists(Path p) {
    try {
      return fileIO.exists(p);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot access " + p, e);
    }
  }
}

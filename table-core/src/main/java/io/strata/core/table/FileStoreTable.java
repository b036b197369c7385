package io.strata.core.table;

import io.strata.core.branch.BranchManager;
import io.strata.core.errors.CoreErrors;
import io.strata.core.io.FileIO;
import io.strata.core.options.Options;
import io.strata.core.paths.Names;
import io.strata.core.paths.TablePaths;
import io.strata.core.read.TableRead;
import io.strata.core.scan.TableScan;
import io.strata.core.schema.SchemaManager;
import io.strata.core.schema.TableSchema;
import io.strata.core.store.FileStore;
import io.strata.core.write.TableWriter;
import io.strata.core.write.WriteStart;
import java.time.Clock;
import org.apache.hadoop.fs.Path;

/**
 * A table as of one schema and the factory of every operation on it: scans, reads, writes and
 * commits all get the same confined file IO and the same clock.
 */
public final class FileStoreTable extends FileStore {

  private static final long serialVersionUID = 1L;

  /** A table at {@code root} on the system clock in the JVM's zone. */
  public FileStoreTable(FileIO fileIO, Path root, TableSchema schema) {
    this(fileIO, root, schema, Clock.systemDefaultZone());
  }

  /**
   * A table at {@code root}; its file IO may change files only below {@code root}.
   *
   * @param clock "now" for commit times and expiration, in the zone whose wall-clock time partition
   *     values use
   */
  public FileStoreTable(FileIO fileIO, Path root, TableSchema schema, Clock clock) {
    super(fileIO, root, schema, clock);
  }

  /** The table at {@code paths.root()} as seen from the branch {@code paths} names. */
  public FileStoreTable(FileIO fileIO, TablePaths paths, TableSchema schema, Clock clock) {
    super(fileIO, paths, schema, clock);
  }

  /**
   * The same table as seen from branch {@code name}, as of that branch's latest schema; {@code
   * main} is the table's own metadata.
   */
  public FileStoreTable switchToBranch(String name) {
    TablePaths branchPaths = paths().forBranch(Names.branch(name));
    if (branchPaths.equals(paths())) {
      return this;
    }
    TableSchema latest = new SchemaManager(fileIO(), branchPaths).latest();
    if (latest == null) {
      throw CoreErrors.branchNotFound(root().getName(), name, new BranchManager(this).branches());
    }
    return new FileStoreTable(fileIO(), branchPaths, latest, clock());
  }

  /** A scan of the latest snapshot with the table's own options. */
  public TableScan newScan() {
    return new TableScan(this, new Options(java.util.Map.of()));
  }

  public TableRead newRead() {
    return new TableRead(this);
  }

  /**
   * A writer whose buckets continue the sequence numbers of the latest snapshot, so its records
   * order after existing ones, and which compacts the key buckets it writes; its files and
   * compactions are committed by {@link #newCommit}.
   */
  public TableWriter newWrite() {
    return new TableWriter(this, WriteStart.latest(this));
  }

  /** The one way to commit to this table: commit, post-commit maintenance, or abort. */
  public TableCommit newCommit(String commitUser) {
    return new TableCommit(this, commitUser);
  }

  @Override
  public FileStoreTable withSchema(TableSchema newSchema) {
    return new FileStoreTable(fileIO(), paths(), newSchema, clock());
  }

  /** The same table on another clock (tests, or a caller with its own notion of now). */
  public FileStoreTable withClock(Clock newClock) {
    return new FileStoreTable(fileIO(), paths(), schema(), newClock);
  }
}

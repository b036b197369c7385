package io.strata.core.store;

import io.strata.core.deletion.DeletionVectorIndexFile;
import io.strata.core.io.FileIO;
import io.strata.core.manifest.ManifestCache;
import io.strata.core.manifest.ManifestFiles;
import io.strata.core.options.Options;
import io.strata.core.options.TableOptions;
import io.strata.core.paths.ContainedFileIO;
import io.strata.core.paths.DataFilePaths;
import io.strata.core.paths.IndexFilePaths;
import io.strata.core.paths.TablePaths;
import io.strata.core.schema.SchemaManager;
import io.strata.core.schema.TableSchema;
import io.strata.core.snapshot.ConsumerManager;
import io.strata.core.snapshot.SnapshotManager;
import io.strata.core.snapshot.TagManager;
import java.time.Clock;
import org.apache.hadoop.fs.Path;

/**
 * What every operation on one table needs, wired once: its confined file IO, paths, schema, the
 * managers of its metadata files, and the clock that stamps and ages them.
 *
 * <p>It sits below scans, reads, writes and commits so that they all take it without depending on
 * {@code FileStoreTable}, which sits on top of them as their factory.
 */
public class FileStore implements java.io.Serializable {

  private static final long serialVersionUID = 1L;

  private final FileIO fileIO;
  private final TablePaths paths;
  private final TableSchema schema;
  private final Clock clock;
  private final SchemaManager schemaManager;
  private final SnapshotManager snapshotManager;
  private final TagManager tagManager;
  private final ConsumerManager consumerManager;

  /**
   * A table at {@code root}; its file IO may change files only below {@code root}.
   *
   * @param clock "now" for commit times and expiration, in the zone whose wall-clock time partition
   *     values use
   */
  protected FileStore(FileIO fileIO, Path root, TableSchema schema, Clock clock) {
    this(fileIO, new TablePaths(root), schema, clock);
  }

  /** The table at {@code paths.root()} as seen from the branch {@code paths} name. */
  protected FileStore(FileIO fileIO, TablePaths paths, TableSchema schema, Clock clock) {
    this.fileIO = ContainedFileIO.of(fileIO, paths.root());
    this.paths = paths;
    this.schema = schema;
    this.clock = clock;
    this.schemaManager = new SchemaManager(this.fileIO, paths);
    this.snapshotManager = new SnapshotManager(this.fileIO, paths);
    this.tagManager = new TagManager(this.fileIO, paths);
    this.consumerManager = new ConsumerManager(this.fileIO, paths);
  }

  /** A store at {@code root} for operations that need no factory (tests, tools). */
  public static FileStore of(FileIO fileIO, Path root, TableSchema schema, Clock clock) {
    return new FileStore(fileIO, root, schema, clock);
  }

  public FileIO fileIO() {
    return fileIO;
  }

  public TablePaths paths() {
    return paths;
  }

  public Path root() {
    return paths.root();
  }

  /** The branch this store reads and commits: {@code main} unless switched to another. */
  public String branch() {
    return paths.branch();
  }

  public TableSchema schema() {
    return schema;
  }

  public Options options() {
    return new Options(schema.options());
  }

  public Clock clock() {
    return clock;
  }

  public SchemaManager schemaManager() {
    return schemaManager;
  }

  public SnapshotManager snapshotManager() {
    return snapshotManager;
  }

  public TagManager tagManager() {
    return tagManager;
  }

  public ConsumerManager consumerManager() {
    return consumerManager;
  }

  /** Reader and writer of this table's manifests and manifest lists, with its options. */
  public ManifestFiles manifestFiles() {
    Options options = options();
    return new ManifestFiles(
        fileIO,
        paths,
        schema.partitionType(),
        options.get(TableOptions.MANIFEST_COMPRESSION),
        options.get(TableOptions.MANIFEST_TARGET_FILE_SIZE),
        ManifestCache.shared());
  }

  /** Where this table's data files live. */
  public DataFilePaths dataFilePaths() {
    return new DataFilePaths(
        fileIO,
        paths,
        schema.partitionType(),
        options().get(TableOptions.PARTITION_DEFAULT_NAME),
        options().get(TableOptions.DATA_FILE_PATH_DIRECTORY),
        options().get(TableOptions.PARTITION_LEGACY_NAME));
  }

  /**
   * This table's deletion-vector index files: read in either bitmap width, written in the one
   * {@code deletion-vectors.bitmap64} asks for.
   */
  public DeletionVectorIndexFile deletionVectorIndexFile() {
    return new DeletionVectorIndexFile(
        fileIO(), indexFilePaths(), options().get(TableOptions.DELETION_VECTORS_BITMAP64));
  }

  /** Where this table's deletion-vector and hash index files live. */
  public IndexFilePaths indexFilePaths() {
    return options().get(TableOptions.INDEX_FILE_IN_DATA_FILE_DIR)
        ? IndexFilePaths.inBucketDirectories(dataFilePaths())
        : IndexFilePaths.inIndexDirectory(paths);
  }

  /**
   * This table as its main branch sees it, as of main's latest schema: for work on the files every
   * branch shares, such as orphan removal.
   */
  public FileStore mainBranch() {
    if (paths.isMainBranch()) {
      return this;
    }
    TablePaths main = paths.forBranch(TablePaths.MAIN_BRANCH);
    return new FileStore(fileIO, main, new SchemaManager(fileIO, main).latest(), clock);
  }

  /** The same table as of {@code newSchema}. */
  public FileStore withSchema(TableSchema newSchema) {
    return new FileStore(fileIO, paths, newSchema, clock);
  }
}

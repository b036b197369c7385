package io.strata.core.table;

import io.strata.core.io.FileIO;
import io.strata.core.options.Options;
import io.strata.core.paths.ContainedFileIO;
import io.strata.core.schema.SchemaManager;
import io.strata.core.schema.TableSchema;
import io.strata.core.snapshot.SnapshotManager;
import io.strata.core.tag.TagManager;
import org.apache.hadoop.fs.Path;

/** A table as of one schema: where it is, how to reach its files, and its options. */
public final class FileStoreTable implements java.io.Serializable {

  private static final long serialVersionUID = 1L;

  private final FileIO fileIO;
  private final TablePaths paths;
  private final TableSchema schema;
  private final SchemaManager schemaManager;
  private final SnapshotManager snapshotManager;
  private final TagManager tagManager;

  /** A table at {@code root}; its file IO may change files only below {@code root}. */
  public FileStoreTable(FileIO fileIO, Path root, TableSchema schema) {
    this.fileIO = ContainedFileIO.of(fileIO, root);
    this.paths = new TablePaths(root);
    this.schema = schema;
    this.schemaManager = new SchemaManager(this.fileIO, paths);
    this.snapshotManager = new SnapshotManager(this.fileIO, paths);
    this.tagManager = new TagManager(this.fileIO, paths);
  }

  public TagManager tagManager() {
    return tagManager;
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

  public TableSchema schema() {
    return schema;
  }

  public Options options() {
    return new Options(schema.options());
  }

  public SchemaManager schemaManager() {
    return schemaManager;
  }

  public SnapshotManager snapshotManager() {
    return snapshotManager;
  }

  public FileStoreTable withSchema(TableSchema newSchema) {
    return new FileStoreTable(fileIO, paths.root(), newSchema);
  }
}

package io.strata.core.branch;

import io.strata.core.errors.CoreErrors;
import io.strata.core.io.FileIO;
import io.strata.core.io.NumberedFiles;
import io.strata.core.paths.Names;
import io.strata.core.paths.TablePaths;
import io.strata.core.schema.SchemaManager;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.snapshot.SnapshotJson;
import io.strata.core.snapshot.SnapshotManager;
import io.strata.core.snapshot.Tag;
import io.strata.core.snapshot.TagJson;
import io.strata.core.snapshot.TagManager;
import io.strata.core.store.FileStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.apache.hadoop.fs.Path;

/**
 * Creates, lists, deletes and fast-forwards the branches of a table, in Paimon's layout: a branch
 * is a directory {@code branch/branch-<name>/} with its own schema, snapshot and tag files; its
 * snapshots name manifests and data files in the table's shared directories.
 *
 * <p>Operations start from the branch the given store sees (usually main): a branch made from a tag
 * takes that line's tag, and a fast-forward replaces that line's history.
 */
public final class BranchManager {

  private final FileStore table;

  public BranchManager(FileStore table) {
    this.table = table;
  }

  /** Every branch but main, sorted by name. */
  public List<String> branches() {
    List<String> names = new ArrayList<>();
    for (FileIO.FileStatusInfo dir : list(table.paths().branchesDir())) {
      String name = TablePaths.branchName(dir.path());
      // A directory without schemas is a branch a failed create left behind.
      if (dir.isDirectory() && name != null && exists(new Path(dir.path(), "schema"))) {
        names.add(name);
      }
    }
    names.sort(null);
    return names;
  }

  public boolean exists(String name) {
    return name.equals(TablePaths.MAIN_BRANCH) || branches().contains(Names.branch(name));
  }

  /** An empty branch: no snapshot, the schemas up to this line's latest one. */
  public void create(String name) {
    Path dir = newBranchDir(name);
    runOrClean(dir, () -> copySchemas(table.paths().forBranch(name), table.schema().id()));
  }

  /**
   * A branch whose first snapshot is the one tag {@code tag} holds, as Paimon makes it: the tag,
   * its snapshot and the schemas up to the snapshot's are copied into the branch.
   */
  public void create(String name, String tag) {
    Tag tagged =
        table
            .tagManager()
            .tag(tag)
            .orElseThrow(
                () ->
                    CoreErrors.tagNotFound(
                        tag, new ArrayList<>(table.tagManager().tags().keySet())));
    Path dir = newBranchDir(name);
    TablePaths branch = table.paths().forBranch(name);
    Snapshot snapshot = tagged.snapshot();
    runOrClean(
        dir,
        () -> {
          copySchemas(branch, snapshot.schemaId());
          write(branch.snapshot(snapshot.id()), SnapshotJson.toJson(snapshot));
          write(branch.tag(tag), TagJson.toJson(tagged));
        });
  }

  /**
   * Deletes the branches' directories; files only they wrote become orphans for
   * remove_orphan_files. Every name is checked before any branch goes, so a typo deletes nothing.
   */
  public void delete(List<String> names) {
    for (String name : names) {
      if (name.equals(TablePaths.MAIN_BRANCH)) {
        throw CoreErrors.mainBranchNotDeletable();
      }
      requireBranch(name);
    }
    names.forEach(this::deleteDirectory);
  }

  private void deleteDirectory(String name) {
    try {
      table.fileIO().deleteRecursively(table.paths().branchDir(name));
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot delete branch '" + name + "' of " + table.root() + "; call delete_branch again",
          e);
    }
  }

  /**
   * Makes this line's history the branch's from the branch's first snapshot on, as Paimon does: the
   * branch's schemas, snapshots and tags replace this line's from there, and this line's later
   * snapshots, schemas and tags go. Their data files stay for remove_orphan_files.
   */
  public void fastForward(String name) {
    TablePaths target = table.paths();
    if (name.equals(TablePaths.MAIN_BRANCH)) {
      throw CoreErrors.fastForwardToMain();
    }
    if (name.equals(target.branch())) {
      throw CoreErrors.fastForwardIntoItself(name);
    }
    requireBranch(name);
    TablePaths source = target.forBranch(name);
    SnapshotManager sourceSnapshots = new SnapshotManager(table.fileIO(), source);
    OptionalLong earliest = sourceSnapshots.earliestId();
    if (earliest.isEmpty()) {
      throw CoreErrors.branchWithoutSnapshot(name);
    }
    long firstSnapshot = earliest.getAsLong();
    long firstSchema = sourceSnapshots.snapshot(firstSnapshot).schemaId();
    try {
      long lastKept = -1;
      for (long id : table.snapshotManager().listIds()) {
        lastKept = id < firstSnapshot ? id : lastKept;
      }
      if (lastKept >= 0 && lastKept != firstSnapshot - 1) {
        throw CoreErrors.fastForwardGap(name, firstSnapshot, target.branch(), lastKept);
      }
      // The branch's files are written before this line's later ones go, so a failure part way
      // leaves every snapshot readable and a rerun finishes the job.
      List<Long> sourceSchemas = NumberedFiles.ids(table.fileIO(), source.schemaDir(), "schema-");
      for (long id : sourceSchemas) {
        if (id >= firstSchema) {
          copy(source.schema(id), target.schema(id));
        }
      }
      List<Long> sourceIds = sourceSnapshots.listIds();
      for (long id : sourceIds) {
        copy(source.snapshot(id), target.snapshot(id));
      }
      Map<String, Tag> sourceTags = new TagManager(table.fileIO(), source).tags();
      for (String tag : sourceTags.keySet()) {
        copy(source.tag(tag), target.tag(tag));
      }
      for (Map.Entry<String, Tag> tag : table.tagManager().tags().entrySet()) {
        if (tag.getValue().snapshot().id() >= firstSnapshot
            && !sourceTags.containsKey(tag.getKey())) {
          table.fileIO().delete(target.tag(tag.getKey()));
        }
      }
      List<Long> targetIds = table.snapshotManager().listIds();
      for (int i = targetIds.size() - 1; i >= 0; i--) {
        long id = targetIds.get(i);
        if (id >= firstSnapshot && !sourceIds.contains(id)) {
          table.fileIO().delete(target.snapshot(id));
        }
      }
      for (long id : new SchemaManager(table.fileIO(), target).listIds()) {
        if (id >= firstSchema && !sourceSchemas.contains(id)) {
          table.fileIO().delete(target.schema(id));
        }
      }
      // Readers check the hints and list without them.
      table.fileIO().delete(target.latestHint());
      table.fileIO().delete(target.earliestHint());
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot fast-forward "
              + table.root()
              + " to branch '"
              + name
              + "'; call fast_forward again to finish",
          e);
    }
  }

  private void requireBranch(String name) {
    if (!exists(name)) {
      throw CoreErrors.branchNotFound(table.root().getName(), name, branches());
    }
  }

  private Path newBranchDir(String name) {
    Names.newBranch(name);
    if (exists(name)) {
      throw CoreErrors.branchExists(table.root().getName(), name);
    }
    return table.paths().branchDir(name);
  }

  /** Schemas 0..{@code lastId} of this line that exist, byte for byte. */
  private void copySchemas(TablePaths branch, long lastId) throws IOException {
    SchemaManager schemas = table.schemaManager();
    for (long id : schemas.listIds()) {
      if (id <= lastId) {
        copy(table.paths().schema(id), branch.schema(id));
      }
    }
  }

  private interface IoAction {
    void run() throws IOException;
  }

  /** Runs {@code action}; a failure removes the half-made branch, which could not be read. */
  private void runOrClean(Path dir, IoAction action) {
    try {
      action.run();
    } catch (IOException | RuntimeException e) {
      try {
        table.fileIO().deleteRecursively(dir);
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      if (e instanceof IOException io) {
        throw new UncheckedIOException("Cannot create branch " + dir.getName(), io);
      }
      throw (RuntimeException) e;
    }
  }

  private void copy(Path from, Path to) throws IOException {
    table.fileIO().overwriteFile(to, table.fileIO().readBytes(from));
  }

  private void write(Path file, String json) throws IOException {
    table.fileIO().overwriteFile(file, json.getBytes(StandardCharsets.UTF_8));
  }

  private List<FileIO.FileStatusInfo> list(Path dir) {
    try {
      return table.fileIO().list(dir); // empty when missing: most tables have no branches
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list " + dir, e);
    }
  }

  private boolean exists(Path path) {
    try {
      return table.fileIO().exists(path);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot check " + path, e);
    }
  }
}

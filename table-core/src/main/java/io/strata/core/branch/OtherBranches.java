package io.strata.core.branch;

import io.strata.core.paths.TablePaths;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.snapshot.SnapshotManager;
import io.strata.core.snapshot.Tag;
import io.strata.core.snapshot.TagManager;
import io.strata.core.store.FileStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The versions the other branches of a table read: every snapshot and tag of main and of each
 * branch but the one a store sees. Branches share manifests and data files (a branch starts from a
 * tag's files, a fast-forward hands a branch's files to main), so nothing one branch expires or
 * untags may go while another still reads it.
 */
public final class OtherBranches {

  private OtherBranches() {}

  /** Empty for the main branch of a table without branches, after one directory listing. */
  public static List<Snapshot> versions(FileStore table) {
    List<String> lines = new ArrayList<>(new BranchManager(table).branches());
    lines.add(TablePaths.MAIN_BRANCH);
    lines.remove(table.branch());
    List<Snapshot> versions = new ArrayList<>();
    for (String line : lines) {
      TablePaths paths = table.paths().forBranch(line);
      SnapshotManager snapshots = new SnapshotManager(table.fileIO(), paths);
      try {
        for (long id : snapshots.listIds()) {
          versions.add(snapshots.snapshot(id));
        }
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot list the snapshots of branch " + line, e);
      }
      for (Tag tag : new TagManager(table.fileIO(), paths).tags().values()) {
        versions.add(tag.snapshot());
      }
    }
    return versions;
  }
}

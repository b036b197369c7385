package io.strata.core.system;

import io.strata.core.io.FileIO;
import io.strata.core.paths.TablePaths;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * {@code t$branches}: one row per branch Paimon made ({@code branch/branch-<name>/}), with the time
 * its directory was last changed as Paimon's table shows it. Strata reads no branch, but lists them
 * so that a table's branches can be seen before its tags or files are changed.
 */
final class BranchesTable implements SystemTable {

  private static final RowType TYPE =
      Fields.row(
          "branch_name",
          Fields.stringNotNull(),
          "Branch name.",
          "create_time",
          Fields.timestamp().notNull(),
          "When the branch directory was last modified (Paimon shows this as its creation).");

  @Override
  public String name() {
    return "branches";
  }

  @Override
  public String description() {
    return "One row per branch (main not counted), by name; read one as t$branch_<name>.";
  }

  @Override
  public RowType rowType() {
    return TYPE;
  }

  @Override
  public List<Object[]> rows(FileStoreTable table, Snapshot ignored) {
    List<FileIO.FileStatusInfo> branches = new ArrayList<>();
    try {
      // The listing is empty without branches.
      for (FileIO.FileStatusInfo b : table.fileIO().list(table.paths().branchesDir())) {
        if (b.isDirectory() && TablePaths.branchName(b.path()) != null) {
          branches.add(b);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list the branches of " + table.root(), e);
    }
    branches.sort(Comparator.comparing(b -> TablePaths.branchName(b.path())));
    List<Object[]> rows = new ArrayList<>();
    for (FileIO.FileStatusInfo b : branches) {
      rows.add(
          new Object[] {TablePaths.branchName(b.path()), Fields.localTime(b.modificationTime())});
    }
    return rows;
  }
}

package io.strata.spark.procedures;

import static org.apache.spark.sql.types.DataTypes.StringType;

import io.strata.core.branch.BranchManager;
import io.strata.core.table.FileStoreTable;
import java.util.Arrays;
import java.util.List;

/** create_branch, delete_branch and fast_forward, as Paimon's procedures of those names. */
final class BranchProcedures {

  private BranchProcedures() {}

  static StrataProcedure createBranch(TableArgument tables) {
    return new StrataProcedure(
        "create_branch",
        "Creates a branch, empty or starting from a tag's snapshot; read and write it as"
            + " t$branch_<name>.",
        List.of(
            Param.table(),
            Param.required("branch", StringType, "Name of the new branch."),
            Param.optional("tag", StringType, "Tag whose snapshot the branch starts from.")),
        Results.RESULT) {
      @Override
      List<Object[]> run(Args args) {
        FileStoreTable table = tables.load(args.requiredString("table"));
        String branch = args.requiredString("branch");
        String tag = args.string("tag");
        if (tag == null) {
          new BranchManager(table).create(branch);
        } else {
          new BranchManager(table).create(branch, tag);
        }
        return Results.ok();
      }
    };
  }

  static StrataProcedure deleteBranch(TableArgument tables) {
    return new StrataProcedure(
        "delete_branch",
        "Deletes branches (names separated by commas); files only they wrote are left to"
            + " remove_orphan_files.",
        List.of(
            Param.table(),
            Param.required("branch", StringType, "Branch name, or names separated by commas.")),
        Results.RESULT) {
      @Override
      List<Object[]> run(Args args) {
        FileStoreTable table = tables.load(args.requiredString("table"));
        List<String> names =
            Arrays.stream(args.requiredString("branch").split(",")).map(String::trim).toList();
        new BranchManager(table).delete(names);
        return Results.ok();
      }
    };
  }

  static StrataProcedure fastForward(TableArgument tables) {
    return new StrataProcedure(
        "fast_forward",
        "Makes the table's history the branch's from the branch's first snapshot on.",
        List.of(Param.table(), Param.required("branch", StringType, "Branch to fast-forward to.")),
        Results.RESULT) {
      @Override
      List<Object[]> run(Args args) {
        String tableArg = args.requiredString("table");
        new BranchManager(tables.load(tableArg)).fastForward(args.requiredString("branch"));
        tables.refresh(tableArg);
        return Results.ok();
      }
    };
  }
}

package io.strata.spark.procedures;

import static org.apache.spark.sql.types.DataTypes.BooleanType;
import static org.apache.spark.sql.types.DataTypes.IntegerType;
import static org.apache.spark.sql.types.DataTypes.LongType;
import static org.apache.spark.sql.types.DataTypes.StringType;

import io.strata.core.expire.DirectoryLister;
import io.strata.core.expire.OrphanFiles;
import io.strata.core.expire.Rollback;
import io.strata.core.maintenance.UnexistingFiles;
import io.strata.core.predicate.Predicate;
import io.strata.core.scan.SnapshotSelector;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.DataTypes;
import io.strata.spark.SparkErrors;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.function.BiFunction;
import org.apache.spark.sql.SparkSession;

/**
 * rollback, rollback_to_timestamp, rollback_to_watermark, remove_orphan_files and
 * remove_unexisting_files.
 */
final class HistoryProcedures {

  /** Top-level directories from which remove_orphan_files lists in Spark tasks by default. */
  static final int DISTRIBUTED_MIN_DIRECTORIES = 32;

  private HistoryProcedures() {}

  private static List<Object[]> rolledBack(long previous, long current) {
    List<Object[]> rows = new ArrayList<>();
    rows.add(new Object[] {previous, current});
    return rows;
  }

  static StrataProcedure rollback(TableArgument tables) {
    return new StrataProcedure(
        "rollback",
        "Rolls the table back to a snapshot or tag; later snapshots and their tags are removed.",
        List.of(
            Param.table(),
            Param.optional("version", StringType, "Tag name or snapshot id."),
            Param.optional("snapshot", LongType, "Snapshot id."),
            Param.optional("tag", StringType, "Tag name.")),
        Results.of(
            "previous_snapshot_id",
            DataTypes.BIGINT(),
            "current_snapshot_id",
            DataTypes.BIGINT())) {
      @Override
      List<Object[]> run(Args args) {
        String tableArg = args.requiredString("table");
        FileStoreTable table = tables.load(tableArg);
        List<String> given = new ArrayList<>();
        for (String p : List.of("version", "snapshot", "tag")) {
          if (args.isSet(p)) {
            given.add(p);
          }
        }
        if (given.size() != 1) {
          throw SparkErrors.rollbackTarget(given);
        }
        SnapshotSelector selector = new SnapshotSelector(table);
        Snapshot target =
            switch (given.get(0)) {
              case "snapshot" -> selector.bySnapshotId(args.longValue("snapshot"));
              case "tag" -> selector.byTag(args.string("tag"));
              default -> selector.byVersion(args.string("version"));
            };
        long previous = new Rollback(table).to(target);
        tables.refresh(tableArg);
        return rolledBack(previous, target.id());
      }
    };
  }

  static StrataProcedure rollbackToWatermark(TableArgument tables) {
    return rollbackByLong(
        tables,
        "rollback_to_watermark",
        "Rolls the table back to the latest snapshot whose watermark is at or before the given"
            + " one (snapshots of streaming writes record watermarks; batch writes none).",
        "watermark",
        SnapshotSelector::byWatermark);
  }

  static StrataProcedure rollbackToTimestamp(TableArgument tables) {
    return rollbackByLong(
        tables,
        "rollback_to_timestamp",
        "Rolls the table back to the latest snapshot at or before a time (epoch millis).",
        "timestamp",
        SnapshotSelector::byTimestamp);
  }

  /** A rollback to the snapshot that {@code select} finds for a required epoch-millis argument. */
  private static StrataProcedure rollbackByLong(
      TableArgument tables,
      String name,
      String description,
      String argument,
      BiFunction<SnapshotSelector, Long, Snapshot> select) {
    return new StrataProcedure(
        name,
        description,
        List.of(Param.table(), Param.required(argument, LongType, "Epoch milliseconds.")),
        Results.of(
            "previous_snapshot_id",
            DataTypes.BIGINT(),
            "current_snapshot_id",
            DataTypes.BIGINT())) {
      @Override
      List<Object[]> run(Args args) {
        String tableArg = args.requiredString("table");
        FileStoreTable table = tables.load(tableArg);
        Snapshot target = select.apply(new SnapshotSelector(table), args.longValue(argument));
        long previous = new Rollback(table).to(target);
        tables.refresh(tableArg);
        return rolledBack(previous, target.id());
      }
    };
  }

  static StrataProcedure removeOrphanFiles(TableArgument tables) {
    return new StrataProcedure(
        "remove_orphan_files",
        "Deletes the table's files (manifests, index and statistics files, files in bucket"
            + " directories) that no snapshot, tag, branch or consumer references (default: older"
            + " than 1 day); other files in the table directory are left alone.",
        List.of(
            Param.table(),
            Param.optional(
                "older_than",
                StringType,
                "Only files older than this time; default now - 1 day, the margin that keeps the"
                    + " files of commits in flight. A later time can delete them."),
            Param.optional("dry_run", BooleanType, "List without deleting."),
            Param.optional("parallelism", IntegerType, "Most Spark tasks that list directories."),
            Param.optional(
                "mode",
                StringType,
                "'local' lists in the driver, 'distributed' in Spark tasks; default: Spark tasks"
                    + " when the table has at least "
                    + DISTRIBUTED_MIN_DIRECTORIES
                    + " top-level directories.")),
        Results.of(
            "deleted_files_count", DataTypes.BIGINT(), "deleted_bytes", DataTypes.BIGINT())) {
      @Override
      List<Object[]> run(Args args) {
        FileStoreTable table = tables.load(args.requiredString("table"));
        String olderThan = args.string("older_than");
        long threshold =
            olderThan == null
                ? OrphanFiles.defaultCutoff(table.clock())
                : TagProcedures.parseTime(olderThan)
                    .atZone(table.clock().getZone())
                    .toInstant()
                    .toEpochMilli();
        DirectoryLister lister =
            orphanLister(table, args.string("mode"), args.intValue("parallelism"));
        OrphanFiles.Result result =
            new OrphanFiles(table, lister)
                .remove(threshold, Boolean.TRUE.equals(args.bool("dry_run")));
        List<Object[]> rows = new ArrayList<>();
        rows.add(new Object[] {(long) result.files().size(), result.bytes()});
        return rows;
      }
    };
  }

  static StrataProcedure removeUnexistingFiles(TableArgument tables) {
    return new StrataProcedure(
        "remove_unexisting_files",
        "Removes from the table the live data files that storage no longer holds (deleted by hand"
            + " or lost), with their deletion vectors, so reads of their buckets work again; the"
            + " rows those files held are gone. Lists each bucket directory once, in Spark tasks"
            + " for tables with many of them.",
        List.of(
            Param.table(),
            Param.optional("partitions", StringType, "Partitions, e.g. 'dt=1,hh=2;dt=3'."),
            Param.optional(
                "where", StringType, "A predicate on partition columns, e.g. dt > '2024'."),
            Param.optional("dry_run", BooleanType, "List the missing files without removing them."),
            Param.optional("parallelism", IntegerType, "Most Spark tasks that list directories.")),
        Results.of("file_path", DataTypes.STRING())) {
      @Override
      List<Object[]> run(Args args) {
        String tableArg = args.requiredString("table");
        FileStoreTable table = tables.load(tableArg);
        Predicate partitions =
            MaintenanceProcedures.selectedPartitions(
                table, args.string("partitions"), args.string("where"), "remove_unexisting_files");
        DirectoryLister lister = orphanLister(table, null, args.intValue("parallelism"));
        UnexistingFiles repair = new UnexistingFiles(table);
        Snapshot latest = table.snapshotManager().latest();
        List<UnexistingFiles.Missing> missing = repair.find(latest, partitions, lister);
        if (!missing.isEmpty() && !Boolean.TRUE.equals(args.bool("dry_run"))) {
          table
              .newCommit("remove-unexisting-files-" + UUID.randomUUID())
              .commit(repair.removal(latest, missing), CommitKind.APPEND);
          tables.refresh(tableArg);
        }
        List<Object[]> rows = new ArrayList<>();
        for (UnexistingFiles.Missing m : missing) {
          rows.add(new Object[] {m.path().toString()});
        }
        return rows;
      }
    };
  }

  /**
   * How {@code remove_orphan_files} lists: by {@code mode}, or when unset in Spark tasks only for
   * tables with many top-level (partition or bucket) directories, where one driver would list for
   * long; small tables list faster in the driver than a Spark job starts.
   */
  private static DirectoryLister orphanLister(
      FileStoreTable table, String mode, Integer parallelism) {
    if (parallelism != null && parallelism < 1) {
      throw SparkErrors.nonPositiveParallelism(parallelism);
    }
    DirectoryLister local = DirectoryLister.local(table);
    DirectoryLister distributed =
        new SparkDirectoryLister(SparkSession.active().sparkContext(), table.fileIO(), parallelism);
    if (mode == null) {
      return (dirs, olderThan) ->
          (dirs.size() >= DISTRIBUTED_MIN_DIRECTORIES ? distributed : local)
              .filesBelow(dirs, olderThan);
    }
    return switch (mode.toLowerCase(Locale.ROOT)) {
      case "local" -> local;
      case "distributed" -> distributed;
      default -> throw SparkErrors.invalidOrphanListingMode(mode);
    };
  }
}

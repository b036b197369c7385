package io.strata.spark.procedures;

import static org.apache.spark.sql.types.DataTypes.IntegerType;
import static org.apache.spark.sql.types.DataTypes.StringType;

import io.strata.core.compact.CompactionOrder;
import io.strata.core.compact.OrderStrategy;
import io.strata.core.data.PartitionPath;
import io.strata.core.errors.CoreErrors;
import io.strata.core.expire.ExpireConfig;
import io.strata.core.expire.SnapshotExpiration;
import io.strata.core.levels.CompactStrategy;
import io.strata.core.maintenance.TablePurge;
import io.strata.core.options.OptionRegistry;
import io.strata.core.options.Options;
import io.strata.core.options.TableOptions;
import io.strata.core.predicate.AndPredicate;
import io.strata.core.predicate.LeafPredicate;
import io.strata.core.predicate.OrPredicate;
import io.strata.core.predicate.Predicate;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.spark.SparkErrors;
import io.strata.spark.compact.DistributedCompaction;
import io.strata.spark.compact.DistributedFileIndexRewrite;
import io.strata.spark.compact.PartitionWhere;
import io.strata.spark.sort.BucketRescale;
import io.strata.spark.sort.SortCompaction;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.spark.sql.SparkSession;

/** expire_snapshots, compact, compact_manifest, purge_files, rescale and rewrite_file_index. */
final class MaintenanceProcedures {

  private MaintenanceProcedures() {}

  /** Parses {@code 'k=v,k2=v2'} dynamic options and validates known keys. */
  static Map<String, String> dynamicOptions(String text) {
    Map<String, String> options = new LinkedHashMap<>();
    if (text == null || text.isBlank()) {
      return options;
    }
    for (String pair : text.split(",")) {
      int eq = pair.indexOf('=');
      if (eq <= 0) {
        throw SparkErrors.invalidDynamicOptions(text);
      }
      String key = pair.substring(0, eq).trim();
      if (OptionRegistry.find(key) == null) {
        throw SparkErrors.unknownProcedureOption(key, text);
      }
      options.put(key, pair.substring(eq + 1).trim());
    }
    OptionRegistry.validate(options);
    return options;
  }

  /** {@code table} with the {@code options} argument's options over its own, for one call. */
  static FileStoreTable withDynamicOptions(FileStoreTable table, String options) {
    return table.withSchema(
        table.schema().withOptions(table.options().with(dynamicOptions(options)).toMap()));
  }

  static StrataProcedure expireSnapshots(TableArgument tables) {
    return new StrataProcedure(
        "expire_snapshots",
        "Expires old snapshots and deletes the files only they referenced.",
        List.of(
            Param.table(),
            Param.optional("retain_max", IntegerType, "Most snapshots to keep."),
            Param.optional("retain_min", IntegerType, "Fewest snapshots to keep."),
            Param.optional(
                "older_than", StringType, "Expire snapshots superseded before this time."),
            Param.optional("max_deletes", IntegerType, "Most snapshots to expire."),
            Param.optional("options", StringType, "Table options for this call, 'k=v,k2=v2'.")),
        Results.of("deleted_snapshots_count", DataTypes.BIGINT())) {
      @Override
      List<Object[]> run(Args args) {
        String tableArg = args.requiredString("table");
        FileStoreTable table = tables.load(tableArg);
        Options options = table.options().with(dynamicOptions(args.string("options")));
        ExpireConfig defaults = ExpireConfig.fromOptions(options, table.clock().millis());
        String olderThan = args.string("older_than");
        ExpireConfig config =
            new ExpireConfig(
                args.isSet("retain_min") ? args.intValue("retain_min") : defaults.retainMin(),
                args.isSet("retain_max") ? args.intValue("retain_max") : defaults.retainMax(),
                olderThan == null
                    ? defaults.olderThanMillis()
                    : TagProcedures.parseTime(olderThan)
                        .atZone(table.clock().getZone())
                        .toInstant()
                        .toEpochMilli(),
                args.isSet("max_deletes") ? args.intValue("max_deletes") : defaults.limit());
        int expired =
            new SnapshotExpiration(table.withSchema(table.schema().withOptions(options.toMap())))
                .expire(config);
        tables.refresh(tableArg);
        List<Object[]> rows = new ArrayList<>();
        rows.add(new Object[] {(long) expired});
        return rows;
      }
    };
  }

  static StrataProcedure compact(TableArgument tables) {
    return new StrataProcedure(
        "compact",
        "Compacts data files: primary-key buckets into their top level (after moving the rows"
            + " Paimon left in bucket-postpone/ of a postponed-bucket table into their buckets),"
            + " small append files together, or sorts append tables' partitions by order_by.",
        List.of(
            Param.table(),
            Param.optional("partitions", StringType, "Partitions, e.g. 'dt=1,hh=2;dt=3'."),
            Param.optional(
                "where", StringType, "A predicate on partition columns, e.g. dt > '2024'."),
            Param.optional("compact_strategy", StringType, "full (default) or minor."),
            Param.optional(
                "order_strategy",
                StringType,
                "none (default), order or zorder: sort the selected partitions of an append"
                    + " table with 'bucket' = -1."),
            Param.optional("order_by", StringType, "Columns to sort by, e.g. 'a,b'."),
            Param.optional("options", StringType, "Table options for this call.")),
        Results.RESULT) {
      @Override
      List<Object[]> run(Args args) {
        String tableArg = args.requiredString("table");
        FileStoreTable table = tables.load(tableArg);
        String strategyArg = args.string("compact_strategy");
        CompactStrategy strategy = CompactStrategy.parse(strategyArg);
        CompactionOrder order =
            CompactionOrder.of(
                tableArg,
                table.schema(),
                OrderStrategy.parse(args.string("order_strategy")),
                args.string("order_by"));
        if (order.sorts() && strategyArg != null) {
          throw CoreErrors.sortCompactStrategy(strategyArg);
        }
        FileStoreTable withOptions = withDynamicOptions(table, args.string("options"));
        Predicate partitions =
            selectedPartitions(table, args.string("partitions"), args.string("where"), "compact");
        String commitUser = "compact-" + UUID.randomUUID();
        if (order.sorts()) {
          SortCompaction.run(SparkSession.active(), withOptions, partitions, order, commitUser);
        } else {
          DistributedCompaction.run(
              SparkSession.active(), withOptions, partitions, strategy, commitUser);
        }
        tables.refresh(tableArg);
        return Results.ok();
      }
    };
  }

  static StrataProcedure compactManifest(TableArgument tables) {
    return new StrataProcedure(
        "compact_manifest",
        "Rewrites the latest snapshot's manifests into as few as manifest.target-file-size allows,"
            + " dropping the entries of removed files, as a COMPACT snapshot that changes no"
            + " rows. Nothing is committed when the manifests cannot get fewer or smaller.",
        List.of(
            Param.table(),
            Param.optional(
                "options", StringType, "Table options for this call, e.g. manifest sizes.")),
        Results.RESULT) {
      @Override
      List<Object[]> run(Args args) {
        String tableArg = args.requiredString("table");
        FileStoreTable table = tables.load(tableArg);
        FileStoreTable withOptions = withDynamicOptions(table, args.string("options"));
        withOptions.newCommit("compact-manifest-" + UUID.randomUUID()).compactManifests();
        tables.refresh(tableArg);
        return Results.ok();
      }
    };
  }

  static StrataProcedure purgeFiles(TableArgument tables) {
    return new StrataProcedure(
        "purge_files",
        "Empties the table by deleting every file in its directory but its schemas: snapshots,"
            + " tags, branches, consumers, manifests and data files, so no version of the old rows"
            + " remains (TRUNCATE TABLE keeps them for time travel until they expire).",
        List.of(Param.table()),
        Results.RESULT) {
      @Override
      List<Object[]> run(Args args) {
        String tableArg = args.requiredString("table");
        TablePurge.purge(tables.load(tableArg));
        tables.refresh(tableArg);
        return Results.ok();
      }
    };
  }

  static StrataProcedure rescale(TableArgument tables) {
    return new StrataProcedure(
        "rescale",
        "Rewrites partitions with another bucket count, in Spark tasks, as Paimon's rescale"
            + " does: a fixed-bucket table's with the table's count (after ALTER TABLE ... SET"
            + " TBLPROPERTIES ('bucket' = 'N')), a postponed-bucket table's with bucket_num. The"
            + " rows stay as they are; one COMPACT snapshot replaces the files.",
        List.of(
            Param.table(),
            Param.optional(
                "bucket_num",
                IntegerType,
                "The bucket count: the table's for a fixed-bucket table (the default),"
                    + " required for a postponed-bucket one."),
            Param.optional("partitions", StringType, "Partitions, e.g. 'dt=1,hh=2;dt=3'."),
            Param.optional(
                "where", StringType, "A predicate on partition columns, e.g. dt > '2024'.")),
        Results.RESULT) {
      @Override
      List<Object[]> run(Args args) {
        String tableArg = args.requiredString("table");
        FileStoreTable table = tables.load(tableArg);
        int bucket = table.options().get(TableOptions.BUCKET);
        String name = table.root().getName();
        if (bucket == -1 || bucket == 0) {
          throw SparkErrors.rescaleNeedsBuckets(name, bucket);
        }
        Integer asked = args.intValue("bucket_num");
        if (asked != null && asked < 1) {
          throw SparkErrors.rescaleBucketNum(asked);
        }
        if (bucket == -2 && asked == null) {
          throw SparkErrors.rescaleNeedsBucketNum(name);
        }
        if (bucket > 0 && asked != null && asked != bucket) {
          throw SparkErrors.rescaleToOtherCount(name, asked, bucket);
        }
        Predicate partitions =
            selectedPartitions(table, args.string("partitions"), args.string("where"), "rescale");
        if (table.snapshotManager().latestId().isEmpty()) {
          throw SparkErrors.rescaleWithoutSnapshot(name);
        }
        BucketRescale.run(
            SparkSession.active(),
            table,
            partitions,
            asked != null ? asked : bucket,
            "rescale-" + UUID.randomUUID());
        tables.refresh(tableArg);
        return Results.ok();
      }
    };
  }

  static StrataProcedure rewriteFileIndex(TableArgument tables) {
    return new StrataProcedure(
        "rewrite_file_index",
        "Gives existing data files the file index the table's file-index options now ask for"
            + " (bloom filters, bitmaps), in Spark tasks, without rewriting their data.",
        List.of(
            Param.table(),
            Param.optional(
                "where", StringType, "A predicate on partition columns, e.g. dt > '2024'.")),
        Results.of(
            "written_partitions", DataTypes.INT(),
            "written_indexes", DataTypes.INT())) {
      @Override
      List<Object[]> run(Args args) {
        String tableArg = args.requiredString("table");
        FileStoreTable table = tables.load(tableArg);
        Predicate partitions =
            selectedPartitions(table, null, args.string("where"), "rewrite_file_index");
        DistributedFileIndexRewrite.Result result =
            DistributedFileIndexRewrite.run(
                SparkSession.active(),
                table,
                partitions,
                "rewrite-file-index-" + UUID.randomUUID());
        tables.refresh(tableArg);
        List<Object[]> rows = new ArrayList<>();
        rows.add(new Object[] {result.partitions(), result.files()});
        return rows;
      }
    };
  }

  /** The partitions {@code partitions} or {@code where} select (null = all). */
  static Predicate selectedPartitions(
      FileStoreTable table, String partitions, String where, String procedure) {
    if (partitions != null && where != null) {
      throw SparkErrors.whereAndPartitions(procedure);
    }
    return where != null
        ? PartitionWhere.parse(SparkSession.active(), table.schema(), where, procedure)
        : partitionFilter(table, partitions);
  }

  /** {@code 'dt=1,hh=2;dt=3'} as (dt=1 AND hh=2) OR dt=3 over the partition row. */
  static Predicate partitionFilter(FileStoreTable table, String text) {
    if (text == null || text.isBlank()) {
      return null;
    }
    RowType partitionType = table.schema().partitionType();
    Predicate result = null;
    for (String spec : text.split(";")) {
      Predicate conjunction = null;
      for (String kv : spec.split(",")) {
        int eq = kv.indexOf('=');
        String column = eq < 0 ? kv.trim() : kv.substring(0, eq).trim();
        int i = partitionType.indexOf(column);
        if (eq < 0 || i < 0) {
          throw SparkErrors.invalidPartitions(text, partitionType.fieldNames());
        }
        Object value =
            PartitionPath.parseValue(partitionType.field(i), kv.substring(eq + 1).trim());
        Predicate leaf =
            new LeafPredicate(
                i, column, partitionType.typeAt(i), LeafPredicate.Op.EQ, List.of(value));
        conjunction = conjunction == null ? leaf : new AndPredicate(conjunction, leaf);
      }
      result = result == null ? conjunction : new OrPredicate(result, conjunction);
    }
    return result;
  }
}

package io.strata.spark.procedures;

import static org.apache.spark.sql.types.DataTypes.IntegerType;
import static org.apache.spark.sql.types.DataTypes.StringType;

import io.strata.core.data.PartitionPath;
import io.strata.core.data.PartitionTimeExtractor;
import io.strata.core.options.ConfigOption;
import io.strata.core.options.OptionRegistry;
import io.strata.core.options.Options;
import io.strata.core.options.PartitionExpireOptions;
import io.strata.core.options.PartitionExpireStrategy;
import io.strata.core.partition.PartitionExpireConfig;
import io.strata.core.partition.PartitionMarkDone;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.spark.SparkErrors;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** expire_partitions and mark_partition_done. */
final class PartitionProcedures {

  static final String NOTHING_EXPIRED = "No expired partitions.";

  private PartitionProcedures() {}

  /**
   * Runs one partition expiration check now, whatever the check interval: the table's {@code
   * partition.*} options, overridden for this call by {@code options} and then by the named
   * arguments. One row per dropped partition ({@code dt=20260101}, {@code pt=a, hm=b}), or {@value
   * #NOTHING_EXPIRED}.
   */
  static StrataProcedure markPartitionDone(TableArgument tables) {
    return new StrataProcedure(
        "mark_partition_done",
        "Marks partitions done for the jobs that wait on them, by the table's"
            + " partition.mark-done-action: success-file (the default) writes"
            + " <partition>/_SUCCESS with its creation and modification times.",
        List.of(
            Param.table(),
            Param.required(
                "partitions",
                StringType,
                "Whole partitions, every partition column given, e.g. 'dt=1,hh=2;dt=1,hh=3'.")),
        Results.RESULT) {
      @Override
      List<Object[]> run(Args args) {
        String tableArg = args.requiredString("table");
        FileStoreTable table = tables.load(tableArg);
        RowType partitionType = table.schema().partitionType();
        if (partitionType.size() == 0) {
          throw SparkErrors.notPartitioned(
              "mark_partition_done", String.valueOf(tables.identifier(tableArg)));
        }
        PartitionMarkDone markDone = new PartitionMarkDone(table);
        String text = args.requiredString("partitions");
        List<Object[]> partitions = new ArrayList<>();
        for (String spec : text.split(";")) {
          partitions.add(partitionValues(partitionType, text, spec));
        }
        markDone.markDone(partitions, table.clock().millis());
        return Results.ok();
      }
    };
  }

  /** The values of one whole partition {@code k=v,k2=v2}, in partition-column order. */
  private static Object[] partitionValues(RowType partitionType, String text, String spec) {
    Object[] values = new Object[partitionType.size()];
    boolean[] given = new boolean[partitionType.size()];
    for (String kv : spec.split(",")) {
      int eq = kv.indexOf('=');
      int i = eq < 0 ? -1 : partitionType.indexOf(kv.substring(0, eq).trim());
      if (i < 0) {
        throw SparkErrors.invalidPartitions(text, partitionType.fieldNames());
      }
      if (given[i]) {
        throw SparkErrors.incompletePartition(spec.trim(), partitionType.fieldNames());
      }
      given[i] = true;
      values[i] = PartitionPath.parseValue(partitionType.field(i), kv.substring(eq + 1).trim());
    }
    for (boolean g : given) {
      if (!g) {
        throw SparkErrors.incompletePartition(spec.trim(), partitionType.fieldNames());
      }
    }
    return values;
  }

  static StrataProcedure expirePartitions(TableArgument tables) {
    return new StrataProcedure(
        "expire_partitions",
        "Drops partitions older than expiration_time.",
        List.of(
            Param.table(),
            Param.optional("expiration_time", StringType, "e.g. '1 d'."),
            Param.optional("timestamp_formatter", StringType, "java.time pattern of values."),
            Param.optional("timestamp_pattern", StringType, "e.g. '$dt $hour:00:00'."),
            Param.optional("expire_strategy", StringType, "values-time or update-time."),
            Param.optional("max_expires", IntegerType, "Most partitions to drop."),
            Param.optional("options", StringType, "Table options for this call.")),
        Results.of("expired_partitions", DataTypes.STRING())) {
      @Override
      List<Object[]> run(Args args) {
        String tableArg = args.requiredString("table");
        FileStoreTable table = tables.load(tableArg);
        if (table.schema().partitionKeys().isEmpty()) {
          throw SparkErrors.notPartitioned(String.valueOf(tables.identifier(tableArg)));
        }
        Options options = table.options().with(overrides(args));
        FileStoreTable withOptions = table.withSchema(table.schema().withOptions(options.toMap()));
        List<String> expired =
            withOptions
                .newCommit("expire-partitions-" + UUID.randomUUID())
                .expirePartitions(config(withOptions, tables.identifier(tableArg).toString()));
        tables.refresh(tableArg);
        List<Object[]> rows = new ArrayList<>();
        for (String p : expired) {
          rows.add(new Object[] {p});
        }
        if (rows.isEmpty()) {
          rows.add(new Object[] {NOTHING_EXPIRED});
        }
        return rows;
      }
    };
  }

  /** {@code options}, then the named arguments, as table options of this call. */
  private static Map<String, String> overrides(Args args) {
    Map<String, String> overrides = new LinkedHashMap<>();
    try {
      overrides.putAll(MaintenanceProcedures.dynamicOptions(args.string("options")));
      put(overrides, PartitionExpireOptions.EXPIRATION_TIME, args.string("expiration_time"));
      put(
          overrides,
          PartitionExpireOptions.TIMESTAMP_FORMATTER,
          args.string("timestamp_formatter"));
      put(overrides, PartitionExpireOptions.TIMESTAMP_PATTERN, args.string("timestamp_pattern"));
      put(overrides, PartitionExpireOptions.EXPIRATION_STRATEGY, args.string("expire_strategy"));
      Integer maxExpires = args.intValue("max_expires");
      put(
          overrides,
          PartitionExpireOptions.EXPIRATION_MAX_NUM,
          maxExpires == null ? null : maxExpires.toString());
      OptionRegistry.validate(overrides);
    } catch (IllegalArgumentException e) {
      throw SparkErrors.inProcedure("expire_partitions", e);
    }
    return overrides;
  }

  private static void put(Map<String, String> overrides, ConfigOption<?> option, String value) {
    if (value != null) {
      overrides.put(option.key(), value);
    }
  }

  private static PartitionExpireConfig config(FileStoreTable table, String tableName) {
    try {
      PartitionExpireConfig config =
          PartitionExpireConfig.fromOptions(table.options())
              .orElseThrow(
                  () ->
                      SparkErrors.expirationTimeRequired(
                          tableName, PartitionExpireOptions.EXPIRATION_TIME.key()));
      if (config.strategy() == PartitionExpireStrategy.VALUES_TIME) {
        PartitionTimeExtractor.of(
            table.schema().partitionType(), config.timestampFormatter(), config.timestampPattern());
      }
      return config;
    } catch (IllegalArgumentException e) {
      throw SparkErrors.inProcedure("expire_partitions", e);
    }
  }
}

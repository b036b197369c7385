package io.strata.spark.write;

import io.strata.core.options.BucketFunctionType;
import io.strata.core.options.Options;
import io.strata.core.options.TableOptions;
import io.strata.core.options.WriteOptions;
import io.strata.core.scan.TableScan;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowType;
import io.strata.core.write.PartitionBuckets;
import io.strata.core.write.TableWriter;
import io.strata.spark.SparkBucketFunction;
import io.strata.spark.SparkErrors;
import io.strata.spark.SparkPartitionBucketsFunction;
import io.strata.spark.SparkWriteTaskFunction;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.connector.distributions.Distribution;
import org.apache.spark.sql.connector.distributions.Distributions;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.streaming.StreamingWrite;
import org.apache.spark.sql.internal.SQLConf;

/**
 * A write of one statement. Fixed-bucket tables ask Spark to cluster rows by partition and bucket
 * ({@link SparkBucketFunction}), so that, as with Paimon's own writers, each bucket is written by
 * one task: one file up to the target size, with contiguous sequence numbers; {@link
 * SparkWriteTaskFunction} spreads the buckets evenly over the tasks.
 */
public class StrataWrite extends MeteredWrite {

  private final FileStoreTable table;
  private final LogicalWriteInfo info;
  private final WriteMode mode;
  private final RowType dataType;

  StrataWrite(FileStoreTable table, LogicalWriteInfo info, WriteMode mode, RowType dataType) {
    this.table = table;
    this.info = info;
    this.mode = mode;
    this.dataType = dataType;
  }

  @Override
  public Distribution requiredDistribution() {
    return bucketDistribution(table, requiredNumPartitions(), mode.kind() != WriteMode.Kind.APPEND);
  }

  /**
   * {@link #bucketDistribution(FileStoreTable, int, boolean)} of a write that adds to the table,
   * over Spark's number of shuffle partitions.
   */
  public static Distribution bucketDistribution(FileStoreTable table) {
    return bucketDistribution(table, 0, false);
  }

  /**
   * For fixed-bucket tables, clustering by {@link SparkWriteTaskFunction} of the bucket ({@link
   * SparkBucketFunction}) and the partition, so each bucket's rows meet in one task and the buckets
   * spread evenly over the {@code numTasks} tasks (0: Spark's number of shuffle partitions, which
   * is what it then plans); by partition alone for dynamic-bucket tables, whose one task per
   * partition assigns keys to buckets through the partition's hash index; none for append tables
   * with bucket -1. Where partitions have bucket counts of their own (postponed buckets, or an
   * addition to a fixed-bucket table rescaled since they were written; an {@code overwrite}
   * rescales them), each row's count comes from {@link SparkPartitionBucketsFunction}.
   */
  public static Distribution bucketDistribution(
      FileStoreTable table, int numTasks, boolean overwrite) {
    if (TableWriter.isDynamicBucket(table)) {
      return partitionDistribution(table);
    }
    int buckets = table.options().get(TableOptions.BUCKET);
    boolean postponed = TableScan.postponesBuckets(table);
    if (buckets <= 0 && !postponed) {
      return Distributions.unspecified();
    }
    List<String> keys = table.schema().bucketKeys();
    Expression[] bucketArgs = new Expression[keys.size() + 1];
    for (int i = 0; i < keys.size(); i++) {
      bucketArgs[i] = Expressions.column(keys.get(i));
    }
    bucketArgs[keys.size()] =
        postponed || (!overwrite && table.schemaManager().bucketCountChangedFrom(table.schema()))
            ? partitionBuckets(table)
            : Expressions.literal(buckets);
    int tasks = numTasks > 0 ? numTasks : SQLConf.get().numShufflePartitions();
    List<Expression> taskArgs = new ArrayList<>();
    taskArgs.add(Expressions.literal(tasks));
    boolean mod = table.options().get(TableOptions.BUCKET_FUNCTION_TYPE) == BucketFunctionType.MOD;
    taskArgs.add(
        Expressions.apply(
            mod ? SparkBucketFunction.MOD_NAME : SparkBucketFunction.NAME, bucketArgs));
    for (String p : table.schema().partitionKeys()) {
      taskArgs.add(Expressions.column(p));
    }
    return Distributions.clustered(
        new Expression[] {
          Expressions.apply(SparkWriteTaskFunction.NAME, taskArgs.toArray(new Expression[0]))
        });
  }

  /**
   * The bucket count of each row's partition, as the latest snapshot gives it (the same that the
   * write's tasks then find in their {@code WriteStart}).
   */
  private static Expression partitionBuckets(FileStoreTable table) {
    PartitionBuckets layout = PartitionBuckets.of(table, table.snapshotManager().latest());
    if (layout.known().isEmpty()) {
      // Every partition has the count of new ones.
      return Expressions.literal(layout.forNewPartitions());
    }
    List<Expression> args = new ArrayList<>();
    args.add(Expressions.literal(layout.encode()));
    for (String p : table.schema().partitionKeys()) {
      args.add(Expressions.column(p));
    }
    return Expressions.apply(SparkPartitionBucketsFunction.NAME, args.toArray(new Expression[0]));
  }

  /**
   * All rows of a partition in one task; an unpartitioned table clusters by a constant, which Spark
   * plans as a single task. The commit refuses two tasks changing one bucket's key index.
   */
  private static Distribution partitionDistribution(FileStoreTable table) {
    List<String> partitionKeys = table.schema().partitionKeys();
    if (partitionKeys.isEmpty()) {
      return Distributions.clustered(new Expression[] {Expressions.literal(0)});
    }
    return Distributions.clustered(
        partitionKeys.stream().map(Expressions::column).toArray(Expression[]::new));
  }

  /**
   * {@code sink.parallelism} from the write's options, else from the table's, for fixed-bucket
   * tables (Spark accepts a number of partitions only with a clustered distribution); 0 lets Spark
   * choose.
   */
  @Override
  public int requiredNumPartitions() {
    return sinkParallelism(table, info.options().asCaseSensitiveMap());
  }

  /** The number of write tasks asked for a write with {@code writeOptions}; 0 when none. */
  public static int sinkParallelism(FileStoreTable table, Map<String, String> writeOptions) {
    if (table.options().get(TableOptions.BUCKET) <= 0 && !TableScan.postponesBuckets(table)) {
      return 0;
    }
    Map<String, String> merged = new HashMap<>(table.options().toMap());
    writeOptions.forEach(
        (k, v) -> {
          if (k.equalsIgnoreCase(WriteOptions.SINK_PARALLELISM.key())) {
            merged.put(WriteOptions.SINK_PARALLELISM.key(), v);
          }
        });
    Integer parallelism = new Options(merged).get(WriteOptions.SINK_PARALLELISM);
    return parallelism == null ? 0 : parallelism;
  }

  @Override
  public String description() {
    return "StrataWrite[" + table.root().getName() + ", " + mode.kind() + "]";
  }

  /** Commits each micro-batch once, with its batch id as the commit identifier. */
  @Override
  public StreamingWrite toStreaming() {
    if (mode.kind() != WriteMode.Kind.APPEND) {
      throw SparkErrors.streamingWriteMode(
          table.root().getName(), mode.kind().name().toLowerCase());
    }
    return new StrataStreamingWrite(table, dataType, info.queryId());
  }

  @Override
  public BatchWrite toBatch() {
    return started(new StrataBatchWrite(table, mode, dataType));
  }
}

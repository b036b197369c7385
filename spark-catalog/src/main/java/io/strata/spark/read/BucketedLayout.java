package io.strata.spark.read;

import io.strata.core.data.BinaryRowCodec;
import io.strata.core.options.Options;
import io.strata.core.options.ScanOptions;
import io.strata.core.options.TableOptions;
import io.strata.core.split.BucketGroup;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.AtomicType;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypeRoot;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.spark.SparkRowConverter;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.NullOrdering;
import org.apache.spark.sql.connector.expressions.SortDirection;
import org.apache.spark.sql.connector.expressions.SortOrder;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.partitioning.KeyGroupedPartitioning;
import org.apache.spark.sql.connector.read.partitioning.Partitioning;
import org.apache.spark.sql.internal.SQLConf;

/**
 * How a scan of a fixed-bucket table shows its layout to Spark, so that a join or aggregation on
 * the bucket key of such tables needs no shuffle: one task per (partition, bucket), keyed by the
 * partition values and the bucket ({@code KeyGroupedPartitioning} of the partition columns and
 * {@code bucket(N, key)}, which Spark resolves to the catalog's bucket function), and, where each
 * bucket is one run sorted by the primary key, that order.
 *
 * <p>Only offered when asked for ({@code read.bucketed-scan.enabled}) and Spark uses it ({@code
 * spark.sql.sources.v2.bucketing.enabled}, on by default); otherwise small buckets are packed into
 * fewer tasks. A TIMESTAMP key of precision 3 or less is not reported, since Spark's type would
 * hash differently; nor is a bucket key of several columns: Paimon hashes the binary row of all of
 * them, and Spark 4.1 keeps a reported {@code bucket(N, a, b)} from neither binding nor grouping by
 * it ({@code KeyGroupedPartitioning.supportsExpressions} accepts only transforms with one child
 * that is a column; it became {@code UnknownPartitioning} and both sides of a join on (a, b)
 * shuffled).
 */
final class BucketedLayout {

  private final FileStoreTable table;
  private final Partitioning partitioning;

  /** Whether every bucket is one sorted run, read in key order; empty ordering otherwise. */
  private final SortOrder[] ordering;

  private BucketedLayout(FileStoreTable table, Partitioning partitioning, SortOrder[] ordering) {
    this.table = table;
    this.partitioning = partitioning;
    this.ordering = ordering;
  }

  /** The layout of these planned splits, or null when the scan does not report one. */
  static BucketedLayout of(
      FileStoreTable table,
      Options readOptions,
      RowType readType,
      ReadMode mode,
      List<DataSplit> splits) {
    int numBuckets = table.options().get(TableOptions.BUCKET);
    List<String> bucketKey = table.schema().bucketKeys();
    if (!readOptions.get(ScanOptions.BUCKETED_SCAN)
        || mode == ReadMode.AUDIT_LOG
        || numBuckets <= 0
        || table.options().get(TableOptions.BUCKET_FUNCTION_TYPE)
            != io.strata.core.options.BucketFunctionType.DEFAULT
        || splits.isEmpty()
        || !SQLConf.get().v2BucketingEnabled()
        || bucketKey.size() != 1
        || !hashesAsSparkType(field(table.schema().rowType(), bucketKey.get(0)))
        || splits.stream().anyMatch(s -> s.totalBuckets() != numBuckets)) {
      return null;
    }
    List<String> partitionKeys = table.schema().partitionKeys();
    for (String column : concat(partitionKeys, bucketKey)) {
      if (readType.indexOf(column) < 0) {
        return null; // Spark could not match a pruned column anyway
      }
    }
    List<Expression> keys = new ArrayList<>();
    partitionKeys.forEach(p -> keys.add(Expressions.identity(p)));
    keys.add(Expressions.bucket(numBuckets, bucketKey.get(0)));
    List<BucketGroup> groups = BucketGroup.of(splits);
    Partitioning partitioning =
        new KeyGroupedPartitioning(keys.toArray(new Expression[0]), groups.size());
    boolean sorted = everyBucketIsOneSortedRun(table, readType, groups);
    return new BucketedLayout(
        table, partitioning, sorted ? primaryKeyOrder(table) : new SortOrder[0]);
  }

  Partitioning partitioning() {
    return partitioning;
  }

  SortOrder[] ordering() {
    return ordering.clone();
  }

  /**
   * One input partition per (partition, bucket) of {@code splits}: the splits planned when the
   * layout was decided, or a subset of them (a runtime filter), so every bucket keeps its order.
   */
  InputPartition[] inputPartitions(List<DataSplit> splits) {
    List<BucketGroup> groups = BucketGroup.of(splits);
    if (ordering.length > 0) {
      groups =
          groups.stream()
              .map(g -> g.asSortedRun(table.schema().trimmedPrimaryKeyType()).orElseThrow())
              .toList();
    }
    RowType partitionType = table.schema().partitionType();
    SparkRowConverter converter = new SparkRowConverter(partitionKeyType(table));
    InputPartition[] result = new InputPartition[groups.size()];
    for (int i = 0; i < result.length; i++) {
      BucketGroup g = groups.get(i);
      Object[] partition = BinaryRowCodec.deserialize(partitionType, g.partition());
      Object[] key = java.util.Arrays.copyOf(partition, partition.length + 1);
      key[partition.length] = g.bucket();
      result[i] = new KeyedInputPartition(g.splits(), converter.toSpark(key));
    }
    return result;
  }

  private static boolean hashesAsSparkType(DataField field) {
    DataTypeRoot root = field.type().root();
    boolean timestamp = root == DataTypeRoot.TIMESTAMP || root == DataTypeRoot.TIMESTAMP_LTZ;
    return !timestamp || ((AtomicType) field.type()).precision() > 3;
  }

  /** Whether the table has a primary key and each bucket is one run sorted by it. */
  private static boolean everyBucketIsOneSortedRun(
      FileStoreTable table, RowType readType, List<BucketGroup> groups) {
    List<String> keys = table.schema().trimmedPrimaryKeys();
    if (!table.schema().hasPrimaryKey() || keys.isEmpty()) {
      return false;
    }
    for (String k : keys) {
      DataTypeRoot root = field(table.schema().rowType(), k).type().root();
      // Spark orders floating point NaN and -0.0 its own way; such keys report no order.
      if (readType.indexOf(k) < 0 || root == DataTypeRoot.FLOAT || root == DataTypeRoot.DOUBLE) {
        return false;
      }
    }
    RowType keyType = table.schema().trimmedPrimaryKeyType();
    return groups.stream().allMatch(g -> g.asSortedRun(keyType).isPresent());
  }

  private static SortOrder[] primaryKeyOrder(FileStoreTable table) {
    return table.schema().trimmedPrimaryKeys().stream()
        .map(
            k ->
                Expressions.sort(
                    Expressions.column(k), SortDirection.ASCENDING, NullOrdering.NULLS_FIRST))
        .toArray(SortOrder[]::new);
  }

  private static RowType partitionKeyType(FileStoreTable table) {
    List<DataField> fields = new ArrayList<>(table.schema().partitionType().fields());
    fields.add(new DataField(-1, "_bucket", DataTypes.INT().notNull()));
    return new RowType(fields);
  }

  private static DataField field(RowType type, String name) {
    return type.field(type.indexOf(name));
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }
}

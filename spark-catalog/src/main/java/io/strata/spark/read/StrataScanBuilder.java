package io.strata.spark.read;

import io.strata.core.predicate.Predicate;
import io.strata.core.scan.MetadataAggregation;
import io.strata.core.scan.TableScan;
import io.strata.core.scan.TopNPruning;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.DataField;
import io.strata.core.types.RowType;
import io.strata.spark.SparkPredicates;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.NullOrdering;
import org.apache.spark.sql.connector.expressions.SortDirection;
import org.apache.spark.sql.connector.expressions.SortOrder;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownAggregates;
import org.apache.spark.sql.connector.read.SupportsPushDownLimit;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.connector.read.SupportsPushDownTopN;
import org.apache.spark.sql.connector.read.SupportsPushDownV2Filters;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Collects column pruning, V2 predicates, aggregates, limits and top-N. Predicates on partition
 * columns prune partitions, all of them skip files by stats, buckets by the bucket key and Parquet
 * row groups; Spark evaluates every predicate again except those partition pruning answers exactly.
 */
public class StrataScanBuilder
    implements ScanBuilder,
        SupportsPushDownV2Filters,
        SupportsPushDownRequiredColumns,
        SupportsPushDownAggregates,
        SupportsPushDownLimit,
        SupportsPushDownTopN {

  private final FileStoreTable table;
  private final Snapshot snapshot;
  private final Map<String, String> options;
  private RowType readType;
  private org.apache.spark.sql.connector.expressions.filter.Predicate[] pushed =
      new org.apache.spark.sql.connector.expressions.filter.Predicate[0];
  private Predicate partitionFilter;
  private Predicate valueFilter;

  /** Whether every pushed filter is answered exactly by partition pruning. */
  private boolean filtersExactOnPartitions = true;

  private Aggregation triedAggregation;
  private TableScan.Plan plan;
  private MetadataAggregateScan aggregateScan;
  private int limit = -1;
  private TopNPruning.Order topN;
  private int topNLimit;

  /**
   * @param table the table with the schema of {@code snapshot}
   * @param snapshot the version to read; null for a table without commits
   */
  public StrataScanBuilder(FileStoreTable table, Snapshot snapshot, Map<String, String> options) {
    this.table = table;
    this.snapshot = snapshot;
    this.options = options;
    this.readType = table.schema().rowType();
  }

  @Override
  public org.apache.spark.sql.connector.expressions.filter.Predicate[] pushPredicates(
      org.apache.spark.sql.connector.expressions.filter.Predicate[] predicates) {
    RowType rowType = table.schema().rowType();
    RowType partitionType = table.schema().partitionType();
    SparkPredicates valueFilters = new SparkPredicates(rowType);
    SparkPredicates partitionFilters = new SparkPredicates(partitionType);
    List<org.apache.spark.sql.connector.expressions.filter.Predicate> accepted = new ArrayList<>();
    List<org.apache.spark.sql.connector.expressions.filter.Predicate> postScan = new ArrayList<>();
    for (org.apache.spark.sql.connector.expressions.filter.Predicate f : predicates) {
      boolean exact =
          PartitionFilters.isExact(f, partitionType)
              && partitionFilters.convertExact(f).isPresent();
      if (!exact) {
        postScan.add(f);
        filtersExactOnPartitions = false;
      }
      Optional<Predicate> value = valueFilters.convert(f);
      if (value.isEmpty()) {
        continue;
      }
      accepted.add(f);
      valueFilter = valueFilter == null ? value.get() : valueFilter.and(value.get());
      if (partitionType.size() > 0 && referencesOnly(f, partitionType)) {
        Optional<Predicate> p = partitionFilters.convert(f);
        if (p.isPresent()) {
          partitionFilter = partitionFilter == null ? p.get() : partitionFilter.and(p.get());
        }
      }
    }
    pushed = accepted.toArray(new org.apache.spark.sql.connector.expressions.filter.Predicate[0]);
    // Partition pruning answers exact partition filters; Spark need not evaluate them again,
    // which also lets it push aggregates over a filtered partition.
    return postScan.toArray(new org.apache.spark.sql.connector.expressions.filter.Predicate[0]);
  }

  private static boolean referencesOnly(
      org.apache.spark.sql.connector.expressions.filter.Predicate f, RowType type) {
    for (NamedReference ref : f.references()) {
      if (ref.fieldNames().length != 1 || type.indexOf(ref.fieldNames()[0]) < 0) {
        return false;
      }
    }
    return true;
  }

  @Override
  public org.apache.spark.sql.connector.expressions.filter.Predicate[] pushedPredicates() {
    return pushed;
  }

  @Override
  public void pruneColumns(StructType requiredSchema) {
    RowType rowType = table.schema().rowType();
    List<DataField> fields = new ArrayList<>();
    metadataColumns = new ArrayList<>();
    for (StructField f : requiredSchema.fields()) {
      int i = rowType.indexOf(f.name());
      if (i >= 0) {
        fields.add(rowType.field(i));
      } else if (MetadataColumns.of(f.name()) != null && !table.schema().hasPrimaryKey()) {
        metadataColumns.add(MetadataColumns.of(f.name()));
      }
    }
    readType = new RowType(fields);
  }

  /** The hidden columns the query reads after the table's, in order. */
  private List<MetadataColumns> metadataColumns = List.of();

  private java.util.function.Consumer<StrataScan> listener = s -> {};
  private ReadMode mode = ReadMode.DATA;

  /** Reads as a data system table ({@code $ro}, {@code $audit_log}) instead. */
  public StrataScanBuilder withMode(ReadMode newMode) {
    this.mode = newMode;
    return this;
  }

  /**
   * Reads only the partitions matching {@code filter} (null = all) before any pushed filter, as a
   * compaction reading exactly the partitions it rewrites does.
   */
  public StrataScanBuilder withPartitionFilter(Predicate filter) {
    this.partitionFilter = filter;
    return this;
  }

  /** Tells {@code listener} about the scan built, e.g. to rewrite exactly the files it read. */
  public StrataScanBuilder onBuild(java.util.function.Consumer<StrataScan> newListener) {
    this.listener = newListener;
    return this;
  }

  @Override
  public boolean pushAggregation(Aggregation aggregation) {
    return answer(aggregation) != null;
  }

  @Override
  public boolean supportCompletePushDown(Aggregation aggregation) {
    return answer(aggregation) != null;
  }

  /** The aggregate answered from the manifests, or null when they cannot answer it exactly. */
  private MetadataAggregateScan answer(Aggregation aggregation) {
    if (aggregation != triedAggregation) {
      triedAggregation = aggregation;
      aggregateScan =
          mode == ReadMode.DATA && filtersExactOnPartitions
              ? MetadataAggregates.answer(table, snapshot, () -> plan().splits(), aggregation)
              : null;
    }
    return aggregateScan;
  }

  /**
   * The data scan's plan, made once when an aggregate needs it and handed to the {@link StrataScan}
   * built when the manifests cannot answer, which then need not plan again.
   */
  private TableScan.Plan plan() {
    if (plan == null) {
      TableDirectory.checkExists(table);
      plan = StrataScan.planFiles(table, options, mode, partitionFilter, valueFilter, snapshot);
    }
    return plan;
  }

  @Override
  public boolean pushLimit(int newLimit) {
    limit = newLimit;
    return true;
  }

  /**
   * Accepts {@code ORDER BY col LIMIT n} on one top-level column when every filter is answered by
   * partition pruning; the scan then plans only the splits whose stats allow one of the first n
   * rows ({@link TopNPruning}). Spark still sorts and limits.
   */
  @Override
  public boolean pushTopN(SortOrder[] orders, int n) {
    if (mode != ReadMode.DATA || !filtersExactOnPartitions || orders.length != 1) {
      return false;
    }
    if (!(orders[0].expression() instanceof NamedReference ref) || ref.fieldNames().length != 1) {
      return false;
    }
    RowType rowType = table.schema().rowType();
    int field = rowType.indexOf(ref.fieldNames()[0]);
    if (field < 0 || !MetadataAggregation.exactMinMax(rowType.typeAt(field))) {
      return false;
    }
    topN =
        new TopNPruning.Order(
            field,
            orders[0].direction() == SortDirection.DESCENDING,
            orders[0].nullOrdering() == NullOrdering.NULLS_FIRST);
    topNLimit = n;
    return true;
  }

  @Override
  public boolean isPartiallyPushed() {
    // Spark still sorts and applies the limit; the scan only plans fewer splits.
    return true;
  }

  @Override
  public Scan build() {
    if (aggregateScan != null) {
      return aggregateScan;
    }
    StrataScan scan =
        new StrataScan(
            table,
            snapshot,
            options,
            readType,
            partitionFilter,
            valueFilter,
            pushed,
            mode,
            filtersExactOnPartitions && topN == null ? limit : -1,
            plan);
    if (topN != null) {
      scan.withTopN(topN, topNLimit);
    }
    scan.withMetadataColumns(metadataColumns);
    listener.accept(scan);
    return scan;
  }
}

package io.strata.spark.read;

import io.strata.core.predicate.Predicate;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.DataField;
import io.strata.core.types.RowType;
import io.strata.spark.SparkFilters;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownAggregates;
import org.apache.spark.sql.connector.read.SupportsPushDownFilters;
import org.apache.spark.sql.connector.read.SupportsPushDownLimit;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Collects column pruning and filters. Filters on partition columns prune partitions, others skip
 * files by stats; every filter is still returned to Spark, which evaluates it on the rows.
 */
public class StrataScanBuilder
    implements ScanBuilder,
        SupportsPushDownFilters,
        SupportsPushDownRequiredColumns,
        SupportsPushDownAggregates,
        SupportsPushDownLimit {

  private final FileStoreTable table;
  private final Snapshot snapshot;
  private final Map<String, String> options;
  private RowType readType;
  private Filter[] pushed = new Filter[0];
  private Predicate partitionFilter;
  private Predicate valueFilter;

  /** Whether every pushed filter is answered exactly by partition pruning. */
  private boolean filtersExactOnPartitions = true;

  private Aggregation triedAggregation;
  private MetadataAggregateScan aggregateScan;
  private int limit = -1;

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
  public Filter[] pushFilters(Filter[] filters) {
    RowType rowType = table.schema().rowType();
    RowType partitionType = table.schema().partitionType();
    SparkFilters valueFilters = new SparkFilters(rowType);
    SparkFilters partitionFilters = new SparkFilters(partitionType);
    List<Filter> accepted = new ArrayList<>();
    List<Filter> postScan = new ArrayList<>();
    for (Filter f : filters) {
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
    pushed = accepted.toArray(new Filter[0]);
    // Partition pruning answers exact partition filters; Spark need not evaluate them again,
    // which also lets it push aggregates over a filtered partition.
    return postScan.toArray(new Filter[0]);
  }

  private static boolean referencesOnly(Filter f, RowType type) {
    for (String ref : f.references()) {
      if (type.indexOf(ref) < 0) {
        return false;
      }
    }
    return true;
  }

  @Override
  public Filter[] pushedFilters() {
    return pushed;
  }

  @Override
  public void pruneColumns(StructType requiredSchema) {
    RowType rowType = table.schema().rowType();
    List<DataField> fields = new ArrayList<>();
    for (StructField f : requiredSchema.fields()) {
      int i = rowType.indexOf(f.name());
      if (i >= 0) {
        fields.add(rowType.field(i));
      }
    }
    readType = new RowType(fields);
  }

  private java.util.function.Consumer<StrataScan> listener = s -> {};
  private ReadMode mode = ReadMode.DATA;

  /** Reads as a data system table ({@code $ro}, {@code $audit_log}) instead. */
  public StrataScanBuilder withMode(ReadMode newMode) {
    this.mode = newMode;
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
              ? MetadataAggregates.answer(table, snapshot, options, partitionFilter, aggregation)
              : null;
    }
    return aggregateScan;
  }

  @Override
  public boolean pushLimit(int newLimit) {
    limit = newLimit;
    return true;
  }

  @Override
  public boolean isPartiallyPushed() {
    return true; // Spark still applies the limit; the scan only stops planning splits early
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
            filtersExactOnPartitions ? limit : -1);
    listener.accept(scan);
    return scan;
  }
}

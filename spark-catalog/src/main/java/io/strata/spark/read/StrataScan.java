package io.strata.spark.read;

import io.strata.core.options.Options;
import io.strata.core.options.ScanOptions;
import io.strata.core.options.TableOptions;
import io.strata.core.predicate.Predicate;
import io.strata.core.scan.TableScan;
import io.strata.core.scan.TopNPruning;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.split.DataSplit;
import io.strata.core.split.TaskPacking;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowType;
import io.strata.spark.SparkTypes;
import io.strata.spark.read.stream.StrataMicroBatchStream;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.SortOrder;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.Statistics;
import org.apache.spark.sql.connector.read.SupportsReportOrdering;
import org.apache.spark.sql.connector.read.SupportsReportPartitioning;
import org.apache.spark.sql.connector.read.SupportsReportStatistics;
import org.apache.spark.sql.connector.read.SupportsRuntimeV2Filtering;
import org.apache.spark.sql.connector.read.partitioning.Partitioning;
import org.apache.spark.sql.connector.read.partitioning.UnknownPartitioning;
import org.apache.spark.sql.connector.read.streaming.MicroBatchStream;
import org.apache.spark.sql.types.StructType;

/**
 * One read of one snapshot: plans splits once and packs them into Spark tasks, or, for a
 * fixed-bucket table read with {@code read.bucketed-scan.enabled} and Spark's v2 bucketing, reads
 * each bucket in one task and reports that layout ({@link BucketedLayout}).
 */
public class StrataScan
    implements Scan,
        Batch,
        SupportsReportStatistics,
        SupportsReportPartitioning,
        SupportsReportOrdering,
        SupportsRuntimeV2Filtering {

  private final FileStoreTable table;
  private final Snapshot snapshot;
  private final Map<String, String> options;
  private final RowType readType;
  private final Predicate partitionFilter;
  private final Predicate valueFilter;
  private final org.apache.spark.sql.connector.expressions.filter.Predicate[] pushed;
  private TableScan.Plan plan;

  /**
   * The builder's plan of the same filters (made for an aggregate), or null; runtime filters drop
   * it.
   */
  private TableScan.Plan planned;

  private final ReadMode mode;
  private Optional<BucketedLayout> layout;

  /** Rows Spark needs at most (a pushed LIMIT without data filters), or -1. */
  private final int limit;

  StrataScan(
      FileStoreTable table,
      Snapshot snapshot,
      Map<String, String> options,
      RowType readType,
      Predicate partitionFilter,
      Predicate valueFilter,
      org.apache.spark.sql.connector.expressions.filter.Predicate[] pushed,
      ReadMode mode,
      int limit,
      TableScan.Plan planned) {
    this.mode = mode;
    this.planned = planned;
    this.limit = limit;
    this.table = table;
    this.snapshot = snapshot;
    this.options = options;
    this.readType = readType;
    this.partitionFilter = partitionFilter;
    this.valueFilter = valueFilter;
    this.pushed = pushed;
  }

  /** Filters Spark added at run time (dynamic partition pruning). */
  private RuntimeFilters runtime = new RuntimeFilters(null, null);

  /** The order of a pushed {@code ORDER BY ... LIMIT}, or null, and its limit. */
  private TopNPruning.Order topN;

  private int topNLimit;

  /** Hidden columns each row carries after the table's; empty for most queries. */
  private List<MetadataColumns> metadataColumns = List.of();

  /** Reads {@code columns} after the table's columns (on the row path). */
  StrataScan withMetadataColumns(List<MetadataColumns> columns) {
    this.metadataColumns = List.copyOf(columns);
    return this;
  }

  /** Splits of partitions another branch holds, which a fallback read leaves out; or null. */
  private java.util.function.Predicate<DataSplit> excluded;

  /**
   * Leaves out the splits {@code excluded} names (a fallback branch's splits of the partitions the
   * read branch holds: {@link FallbackBranchScan}).
   */
  StrataScan excluding(java.util.function.Predicate<DataSplit> excluded) {
    this.excluded = excluded;
    this.plan = null;
    return this;
  }

  FileStoreTable table() {
    return table;
  }

  /** Plans only splits that may hold the first {@code n} rows in {@code order}. */
  StrataScan withTopN(TopNPruning.Order order, int n) {
    this.topN = order;
    this.topNLimit = n;
    return this;
  }

  @Override
  public NamedReference[] filterAttributes() {
    // Spark resolves them against the scan's output: a pruned column (a MERGE reading only row
    // ids and the join key) cannot be filtered at run time.
    return Arrays.stream(RuntimeFilters.attributes(table.schema()))
        .filter(ref -> readType.indexOf(ref.fieldNames()[0]) >= 0)
        .toArray(NamedReference[]::new);
  }

  @Override
  public void filter(org.apache.spark.sql.connector.expressions.filter.Predicate[] predicates) {
    RuntimeFilters added = RuntimeFilters.of(table.schema(), predicates);
    runtime =
        new RuntimeFilters(
            RuntimeFilters.and(runtime.partitionFilter(), added.partitionFilter()),
            RuntimeFilters.and(runtime.valueFilter(), added.valueFilter()));
    plan = null; // planned again with the runtime filters
    planned = null;
  }

  /** The snapshot this scan reads; null for a table without commits. */
  public Snapshot snapshot() {
    return snapshot;
  }

  /** The splits this scan reads (planned once, and again after runtime filters). */
  public List<DataSplit> splits() {
    return plan().splits();
  }

  private TableScan.Plan plan() {
    if (plan == null) {
      TableDirectory.checkExists(table);
      plan =
          planned != null
              ? planned
              : planFiles(
                  table,
                  options,
                  mode,
                  RuntimeFilters.and(partitionFilter, runtime.partitionFilter()),
                  RuntimeFilters.and(valueFilter, runtime.valueFilter()),
                  snapshot);
      if (excluded != null) {
        List<DataSplit> kept = plan.splits().stream().filter(excluded.negate()).toList();
        long files = kept.stream().mapToLong(s -> s.files().size()).sum();
        plan =
            new TableScan.Plan(
                plan.snapshot(), kept, plan.statistics().withPlanned(files, kept.size()));
      }
      if (topN != null && !table.options().get(TableOptions.DELETION_VECTORS_ENABLED)) {
        List<DataSplit> kept =
            TopNPruning.prune(
                table.schemaManager(), table.schema(), plan.splits(), topN, topNLimit);
        long files = kept.stream().mapToLong(s -> s.files().size()).sum();
        plan =
            new TableScan.Plan(
                plan.snapshot(), kept, plan.statistics().withPlanned(files, kept.size()));
      }
      if (limit >= 0 && !table.options().get(TableOptions.DELETION_VECTORS_ENABLED)) {
        plan = plan.limitedTo(limit, table.schema().hasPrimaryKey());
      }
    }
    return plan;
  }

  /** The splits of {@code snapshot} that the filters keep, before top-N and limit pruning. */
  static TableScan.Plan planFiles(
      FileStoreTable table,
      Map<String, String> options,
      ReadMode mode,
      Predicate partitionFilter,
      Predicate valueFilter,
      Snapshot snapshot) {
    TableScan scan =
        mode == ReadMode.READ_OPTIMIZED
            ? new TableScan(table, new Options(options)).readOptimized()
            : new TableScan(table, new Options(options));
    return scan.withPartitionFilter(partitionFilter).withValueFilter(valueFilter).plan(snapshot);
  }

  @Override
  public StructType readSchema() {
    StructType data = SparkTypes.toStructType(readType);
    if (!metadataColumns.isEmpty()) {
      return MetadataColumns.append(data, metadataColumns);
    }
    if (mode == ReadMode.AUDIT_LOG) {
      return new StructType()
          .add(ReadMode.ROW_KIND, org.apache.spark.sql.types.DataTypes.StringType, false)
          .merge(data, true);
    }
    return data;
  }

  /**
   * What EXPLAIN shows on the BatchScan node: {@code StrataScan[t, filters=[...], snapshot=4,
   * kind=primary-key (bucket 2, merge-engine deduplicate), splits=3]}. The splits are planned here
   * if Spark has not planned them yet (the query plans them anyway).
   */
  @Override
  public String description() {
    return "StrataScan["
        + table.root().getName()
        + ", filters="
        + Arrays.toString(pushed)
        + ", snapshot="
        + (snapshot == null ? "none" : snapshot.id())
        + ", kind="
        + TableKind.of(table.schema())
        + (mode == ReadMode.DATA ? "" : ", mode=" + mode.name().toLowerCase())
        + ", splits="
        + splitCount()
        + "]";
  }

  /** The planned split count; "?" when planning fails, which the read itself then reports. */
  private String splitCount() {
    try {
      return String.valueOf(plan().splits().size());
    } catch (RuntimeException e) {
      return "?";
    }
  }

  @Override
  public Batch toBatch() {
    return this;
  }

  /**
   * The table (or its {@code $audit_log}) as a streaming source; the checkpoint keeps its offsets,
   * nothing else.
   */
  @Override
  public MicroBatchStream toMicroBatchStream(String checkpointLocation) {
    return new StrataMicroBatchStream(table, readType, mode, options);
  }

  /** The bucketed layout reported to Spark, decided once from the plan; null when none. */
  private BucketedLayout layout() {
    if (layout == null) {
      layout =
          Optional.ofNullable(
              BucketedLayout.of(
                  table, table.options().with(options), readType, mode, plan().splits()));
    }
    return layout.orElse(null);
  }

  @Override
  public Partitioning outputPartitioning() {
    BucketedLayout l = layout();
    return l == null ? new UnknownPartitioning(0) : l.partitioning();
  }

  @Override
  public SortOrder[] outputOrdering() {
    BucketedLayout l = layout();
    return l == null ? new SortOrder[0] : l.ordering();
  }

  @Override
  public CustomMetric[] supportedCustomMetrics() {
    return ScanMetrics.supported();
  }

  @Override
  public CustomTaskMetric[] reportDriverMetrics() {
    return ScanMetrics.driverValues(plan().statistics());
  }

  @Override
  public InputPartition[] planInputPartitions() {
    if (layout() != null) {
      return layout().inputPartitions(plan().splits());
    }
    Options read = table.options().with(options);
    int parallelism =
        org.apache.spark.sql.SparkSession.active().sparkContext().defaultParallelism();
    return TaskPacking.pack(
            plan().splits(),
            read.get(ScanOptions.SPLIT_TARGET_SIZE),
            read.get(ScanOptions.SPLIT_OPEN_FILE_COST),
            parallelism)
        .stream()
        .map(StrataInputPartition::new)
        .toArray(InputPartition[]::new);
  }

  @Override
  public PartitionReaderFactory createReaderFactory() {
    ReadPath path = readPath();
    return new StrataReaderFactory(
            table,
            readType,
            mode,
            path,
            path == ReadPath.ROWS ? null : ColumnarReadSettings.fromSession(),
            pushed)
        .withMetadataColumns(metadataColumns);
  }

  /** How this scan reads its splits: all as batches, merged from batches, or as rows. */
  public ReadPath readPath() {
    if (!metadataColumns.isEmpty()) {
      return ReadPath.ROWS;
    }
    if (rowPathReason() == null) {
      return ReadPath.BATCHES;
    }
    if (!table.options().with(options).get(ScanOptions.READ_COLUMNAR)) {
      return ReadPath.ROWS;
    }
    String reason = ColumnarScanCheck.vectorizedReason(table, plan().splits(), readType, mode);
    return reason == null ? ReadPath.MERGED_BATCHES : ReadPath.ROWS;
  }

  /** Why this scan reads rows instead of columnar batches, or null when it reads batches. */
  public String rowPathReason() {
    if (!metadataColumns.isEmpty()) {
      return "reads metadata columns " + metadataColumns;
    }
    if (!table.options().with(options).get(ScanOptions.READ_COLUMNAR)) {
      return ScanOptions.READ_COLUMNAR.key() + " = false";
    }
    return ColumnarScanCheck.rowPathReason(table, plan().splits(), readType, mode);
  }

  @Override
  public Statistics estimateStatistics() {
    long rows = 0;
    long bytes = 0;
    for (DataSplit s : plan().splits()) {
      rows += s.rowCount();
      bytes += s.fileSize();
    }
    return statistics(rows, bytes);
  }

  /** Statistics of {@code rows} rows in {@code bytes} bytes of files. */
  static Statistics statistics(long rows, long bytes) {
    return new Statistics() {
      @Override
      public OptionalLong sizeInBytes() {
        return OptionalLong.of(bytes);
      }

      @Override
      public OptionalLong numRows() {
        return OptionalLong.of(rows);
      }
    };
  }
}

package io.strata.spark.read;

import io.strata.core.errors.CoreErrors;
import io.strata.core.options.Options;
import io.strata.core.options.ScanOptions;
import io.strata.core.predicate.Predicate;
import io.strata.core.scan.IncrementalRange;
import io.strata.core.scan.IncrementalScan;
import io.strata.core.split.IncrementalSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowType;
import io.strata.spark.SparkErrors;
import io.strata.spark.SparkTypes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.Statistics;
import org.apache.spark.sql.connector.read.SupportsReportStatistics;
import org.apache.spark.sql.connector.read.streaming.MicroBatchStream;
import org.apache.spark.sql.types.StructType;

/**
 * The splits of one batch incremental read ({@link IncrementalScan}), planned once and packed into
 * tasks of about {@code source.split.target-size} each.
 */
final class IncrementalBatchScan implements Scan, Batch, SupportsReportStatistics {

  private final FileStoreTable table;
  private final Map<String, String> options;
  private final ReadMode mode;
  private final IncrementalRange range;
  private final RowType readType;
  private final Predicate partitionFilter;
  private final org.apache.spark.sql.connector.expressions.filter.Predicate[] pushed;
  private List<IncrementalSplit> splits;

  IncrementalBatchScan(
      FileStoreTable table,
      Map<String, String> options,
      ReadMode mode,
      IncrementalRange range,
      RowType readType,
      Predicate partitionFilter,
      org.apache.spark.sql.connector.expressions.filter.Predicate[] pushed) {
    this.table = table;
    this.options = options;
    this.mode = mode;
    this.range = range;
    this.readType = readType;
    this.partitionFilter = partitionFilter;
    this.pushed = pushed;
  }

  List<IncrementalSplit> splits() {
    if (splits == null) {
      TableDirectory.checkExists(table);
      splits =
          new IncrementalScan(table, new Options(options))
              .withPartitionFilter(partitionFilter)
              .plan(range);
    }
    return splits;
  }

  @Override
  public StructType readSchema() {
    return SparkTypes.toStructType(mode.outputType(readType));
  }

  /**
   * What EXPLAIN shows: {@code StrataIncrementalScan[t, filters=[...], delta (5, 10], splits=3]}.
   */
  @Override
  public String description() {
    String versions =
        range.kind() == IncrementalRange.Kind.EMPTY
            ? "empty"
            : range.kind().name().toLowerCase()
                + " ("
                + range.startId()
                + ", "
                + range.endId()
                + "]";
    return "StrataIncrementalScan["
        + table.root().getName()
        + ", filters="
        + Arrays.toString(pushed)
        + ", "
        + versions
        + (mode == ReadMode.DATA ? "" : ", mode=" + mode.name().toLowerCase())
        + ", splits="
        + splits().size()
        + "]";
  }

  @Override
  public Batch toBatch() {
    return this;
  }

  @Override
  public MicroBatchStream toMicroBatchStream(String checkpointLocation) {
    String keys = String.join(", ", IncrementalRange.given(table.options().with(options)));
    throw SparkErrors.surface(CoreErrors.batchOnlyReadOption(keys));
  }

  @Override
  public InputPartition[] planInputPartitions() {
    long target = table.options().with(options).get(ScanOptions.SPLIT_TARGET_SIZE);
    List<InputPartition> tasks = new ArrayList<>();
    List<IncrementalSplit> task = new ArrayList<>();
    long size = 0;
    for (IncrementalSplit s : splits()) {
      if (!task.isEmpty() && size + s.fileSize() > target) {
        tasks.add(new IncrementalInputPartition(task));
        task = new ArrayList<>();
        size = 0;
      }
      task.add(s);
      size += s.fileSize();
    }
    if (!task.isEmpty()) {
      tasks.add(new IncrementalInputPartition(task));
    }
    return tasks.toArray(new InputPartition[0]);
  }

  @Override
  public PartitionReaderFactory createReaderFactory() {
    return new IncrementalReaderFactory(table, readType, mode);
  }

  @Override
  public Statistics estimateStatistics() {
    long rows = 0;
    long bytes = 0;
    for (IncrementalSplit s : splits()) {
      rows += s.after().rowCount();
      bytes += s.fileSize();
    }
    return StrataScan.statistics(rows, bytes);
  }
}

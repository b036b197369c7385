package io.strata.spark.read;

import io.strata.core.data.BinaryRowCodec;
import io.strata.core.partition.PartitionEntry;
import io.strata.core.partition.Partitions;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowType;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.Statistics;
import org.apache.spark.sql.connector.read.SupportsReportStatistics;
import org.apache.spark.sql.connector.read.streaming.MicroBatchStream;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * A batch read of a branch with {@code scan.fallback-branch}: every split of the read branch, and
 * the fallback branch's splits of the partitions the read branch holds no file of, as Paimon's
 * fallback read plans them. Each side is planned and read by its own {@link StrataScan} (the
 * fallback's files name schemas of the fallback branch); a task reads splits of one side only.
 *
 * <p>A partition counts as held when the read branch has a live file in it, whatever the query's
 * filters skip. Streams read the read branch alone.
 */
public final class FallbackBranchScan implements Scan, Batch, SupportsReportStatistics {

  private final StrataScan main;
  private final StrataScan fallback;
  private final String fallbackBranch;

  FallbackBranchScan(StrataScan main, StrataScan fallback, String fallbackBranch) {
    this.main = main;
    this.fallback = fallback;
    this.fallbackBranch = fallbackBranch;
    Set<List<Object>> held = heldPartitions(main.table(), main);
    RowType partitionType = fallback.table().schema().partitionType();
    fallback.excluding(
        split ->
            held.contains(
                Arrays.asList(BinaryRowCodec.deserialize(partitionType, split.partition()))));
  }

  /** The partitions the read branch holds a live file of, at the snapshot it reads. */
  private static Set<List<Object>> heldPartitions(FileStoreTable table, StrataScan scan) {
    Set<List<Object>> held = new HashSet<>();
    if (scan.snapshot() != null) {
      for (PartitionEntry p : Partitions.live(table, scan.snapshot())) {
        held.add(Arrays.asList(p.values()));
      }
    }
    return held;
  }

  /** The scan of the read branch (what DESCRIBE reports and a stream reads). */
  public StrataScan main() {
    return main;
  }

  @Override
  public StructType readSchema() {
    return main.readSchema();
  }

  @Override
  public String description() {
    return main.description()
        + " + fallback branch "
        + fallbackBranch
        + " "
        + fallback.description();
  }

  @Override
  public Batch toBatch() {
    return this;
  }

  @Override
  public MicroBatchStream toMicroBatchStream(String checkpointLocation) {
    return main.toMicroBatchStream(checkpointLocation);
  }

  @Override
  public InputPartition[] planInputPartitions() {
    return Stream.concat(
            Arrays.stream(main.planInputPartitions()),
            Arrays.stream(fallback.planInputPartitions()).map(FallbackPartition::new))
        .toArray(InputPartition[]::new);
  }

  @Override
  public PartitionReaderFactory createReaderFactory() {
    return new Factory(main.createReaderFactory(), fallback.createReaderFactory());
  }

  @Override
  public CustomMetric[] supportedCustomMetrics() {
    return main.supportedCustomMetrics();
  }

  @Override
  public CustomTaskMetric[] reportDriverMetrics() {
    return main.reportDriverMetrics();
  }

  @Override
  public Statistics estimateStatistics() {
    Statistics a = main.estimateStatistics();
    Statistics b = fallback.estimateStatistics();
    return StrataScan.statistics(
        a.numRows().orElse(0) + b.numRows().orElse(0),
        a.sizeInBytes().orElse(0) + b.sizeInBytes().orElse(0));
  }

  /** A task of the fallback branch's splits. */
  record FallbackPartition(InputPartition splits) implements InputPartition {}

  /**
   * Opens each task with its side's factory. Spark reads a scan's tasks all as columnar batches or
   * all as rows, so batches only when both sides read batches; every side reads rows too.
   */
  private record Factory(PartitionReaderFactory main, PartitionReaderFactory fallback)
      implements PartitionReaderFactory {

    @Override
    public boolean supportColumnarReads(InputPartition partition) {
      InputPartition inner = partition instanceof FallbackPartition f ? f.splits() : partition;
      return main.supportColumnarReads(inner) && fallback.supportColumnarReads(inner);
    }

    @Override
    public PartitionReader<InternalRow> createReader(InputPartition partition) {
      return partition instanceof FallbackPartition f
          ? fallback.createReader(f.splits())
          : main.createReader(partition);
    }

    @Override
    public PartitionReader<ColumnarBatch> createColumnarReader(InputPartition partition) {
      return partition instanceof FallbackPartition f
          ? fallback.createColumnarReader(f.splits())
          : main.createColumnarReader(partition);
    }
  }
}

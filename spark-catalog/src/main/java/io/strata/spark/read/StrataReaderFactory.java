package io.strata.spark.read;

import io.strata.core.format.CloseableIterator;
import io.strata.core.predicate.Predicate;
import io.strata.core.read.TableRead;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowType;
import io.strata.spark.SparkPredicates;
import io.strata.spark.SparkRowConverter;
import java.io.IOException;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/** Opens split readers on executors. */
public class StrataReaderFactory implements PartitionReaderFactory {

  private static final long serialVersionUID = 1L;

  private final FileStoreTable table;
  private final RowType readType;

  private final ReadMode mode;

  private final ReadPath path;

  /** The vectorized reader's settings; null on the {@link ReadPath#ROWS} path. */
  private final ColumnarReadSettings columnar;

  /**
   * The pushed predicates, which skip Parquet row groups; converted again on executors, since
   * table-core predicates do not serialize.
   */
  private final org.apache.spark.sql.connector.expressions.filter.Predicate[] pushed;

  StrataReaderFactory(
      FileStoreTable table,
      RowType readType,
      ReadMode mode,
      ReadPath path,
      ColumnarReadSettings columnar,
      org.apache.spark.sql.connector.expressions.filter.Predicate[] pushed) {
    this.table = table;
    this.readType = readType;
    this.mode = mode;
    this.path = path;
    this.columnar = columnar;
    this.pushed = pushed;
  }

  /** Hidden columns appended to each row; empty for most scans. */
  private List<MetadataColumns> metadataColumns = List.of();

  StrataReaderFactory withMetadataColumns(List<MetadataColumns> columns) {
    this.metadataColumns = List.copyOf(columns);
    return this;
  }

  @Override
  public boolean supportColumnarReads(InputPartition partition) {
    return path == ReadPath.BATCHES;
  }

  @Override
  public PartitionReader<ColumnarBatch> createColumnarReader(InputPartition partition) {
    TaskReadMetrics metrics = new TaskReadMetrics();
    TaskOpeners openers = new TaskOpeners();
    return new MeteredReader<>(
        new ChainedReader<>(splitsOf(partition), split -> batchReader(split, metrics, openers)),
        metrics);
  }

  /** The splits of a task, key-grouped or packed. */
  private static java.util.List<DataSplit> splitsOf(InputPartition partition) {
    return partition instanceof KeyedInputPartition keyed
        ? keyed.splits()
        : ((StrataInputPartition) partition).splits();
  }

  private PartitionReader<ColumnarBatch> batchReader(
      DataSplit split, TaskReadMetrics metrics, TaskOpeners openers) {
    return explained(
        new SplitBatchReader(table, split, readType, valueFilter(), columnar, metrics, openers));
  }

  /**
   * A merged split's rows from batches ({@link MergeRowReader}); Parquet row groups are not skipped
   * by the value filter, since dropping a key's newer records would revive an older one.
   */
  private PartitionReader<InternalRow> mergedBatchRows(
      DataSplit split, TaskReadMetrics metrics, TaskOpeners openers) {
    if (!table.schema().hasPrimaryKey() || split.rawConvertible()) {
      return new BatchRowReader(batchReader(split, metrics, openers));
    }
    try {
      return explained(new MergeRowReader(table, split, readType, columnar, metrics));
    } catch (IOException e) {
      throw TableDirectory.explain(table, new java.io.UncheckedIOException(e));
    } catch (RuntimeException e) {
      throw TableDirectory.explain(table, e);
    }
  }

  /** {@code reader} with its failures explained by the state of the table's directory. */
  private <T> PartitionReader<T> explained(PartitionReader<T> reader) {
    return new PartitionReader<>() {
      @Override
      public boolean next() throws IOException {
        try {
          return reader.next();
        } catch (RuntimeException e) {
          throw TableDirectory.explain(table, e);
        } catch (IOException e) {
          throw TableDirectory.explain(table, new java.io.UncheckedIOException(e));
        }
      }

      @Override
      public T get() {
        return reader.get();
      }

      @Override
      public void close() throws IOException {
        reader.close();
      }
    };
  }

  @Override
  public PartitionReader<InternalRow> createReader(InputPartition partition) {
    TaskReadMetrics metrics = new TaskReadMetrics();
    if (path == ReadPath.MERGED_BATCHES) {
      TaskOpeners openers = new TaskOpeners();
      return new MeteredReader<>(
          new ChainedReader<>(
              splitsOf(partition), split -> mergedBatchRows(split, metrics, openers)),
          metrics);
    }
    return new MeteredReader<>(
        new ChainedReader<>(
            splitsOf(partition),
            split -> {
              metrics.readBytes(split.fileSize());
              return rowReader(split);
            }),
        metrics);
  }

  private PartitionReader<InternalRow> rowReader(DataSplit split) {
    if (!metadataColumns.isEmpty()) {
      return explained(new MetadataRowReader(table, split, readType, metadataColumns));
    }
    CloseableIterator<Object[]> reader;
    try {
      reader =
          mode == ReadMode.AUDIT_LOG
              ? TableRead.openAuditLog(table, split, readType)
              : TableRead.open(table, split, readType, valueFilter());
    } catch (RuntimeException e) {
      throw TableDirectory.explain(table, e);
    }
    SparkRowConverter converter = new SparkRowConverter(outputType());
    return new PartitionReader<>() {
      private InternalRow current;

      @Override
      public boolean next() {
        try {
          if (!reader.hasNext()) {
            return false;
          }
        } catch (RuntimeException e) {
          throw TableDirectory.explain(table, e);
        }
        current = converter.toSpark(reader.next());
        return true;
      }

      @Override
      public InternalRow get() {
        return current;
      }

      @Override
      public void close() throws IOException {
        reader.close();
      }
    };
  }

  private Predicate valueFilter() {
    if (pushed == null) {
      return null;
    }
    return new SparkPredicates(table.schema().rowType()).convertAll(pushed).orElse(null);
  }

  /** The rows' type: {@code $audit_log} rows lead with their row kind. */
  private RowType outputType() {
    return mode.outputType(readType);
  }
}

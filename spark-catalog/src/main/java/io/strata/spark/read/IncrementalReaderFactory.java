package io.strata.spark.read;

import io.strata.core.format.CloseableIterator;
import io.strata.core.read.IncrementalRead;
import io.strata.core.split.IncrementalSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowType;
import io.strata.spark.SparkRowConverter;
import java.io.IOException;
import java.util.Iterator;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;

/** Reads a task's incremental splits row by row; for {@code $audit_log} with their row kinds. */
final class IncrementalReaderFactory implements PartitionReaderFactory {

  private static final long serialVersionUID = 1L;

  private final FileStoreTable table;
  private final RowType readType;
  private final ReadMode mode;

  IncrementalReaderFactory(FileStoreTable table, RowType readType, ReadMode mode) {
    this.table = table;
    this.readType = readType;
    this.mode = mode;
  }

  @Override
  public PartitionReader<InternalRow> createReader(InputPartition partition) {
    Iterator<IncrementalSplit> splits = ((IncrementalInputPartition) partition).splits().iterator();
    SparkRowConverter converter = new SparkRowConverter(mode.outputType(readType));
    return new PartitionReader<>() {
      private CloseableIterator<Object[]> rows;
      private InternalRow current;

      @Override
      public boolean next() throws IOException {
        try {
          while (rows == null || !rows.hasNext()) {
            close();
            if (!splits.hasNext()) {
              return false;
            }
            rows = IncrementalRead.open(table, splits.next(), readType, mode == ReadMode.AUDIT_LOG);
          }
        } catch (RuntimeException e) {
          throw TableDirectory.explain(table, e);
        }
        current = converter.toSpark(rows.next());
        return true;
      }

      @Override
      public InternalRow get() {
        return current;
      }

      @Override
      public void close() throws IOException {
        if (rows != null) {
          rows.close();
          rows = null;
        }
      }
    };
  }
}

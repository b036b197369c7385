package io.strata.spark.read.stream;

import io.strata.core.format.CloseableIterator;
import io.strata.core.read.TableRead;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowType;
import io.strata.spark.SparkRowConverter;
import io.strata.spark.read.ReadMode;
import java.io.IOException;
import java.util.Iterator;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;

/**
 * Reads a streaming batch's splits row by row, one split after another; for {@code $audit_log} each
 * row leads with its row kind.
 */
final class StreamReaderFactory implements PartitionReaderFactory {

  private static final long serialVersionUID = 1L;

  private final FileStoreTable table;
  private final RowType readType;
  private final ReadMode mode;

  StreamReaderFactory(FileStoreTable table, RowType readType, ReadMode mode) {
    this.table = table;
    this.readType = readType;
    this.mode = mode;
  }

  @Override
  public PartitionReader<InternalRow> createReader(InputPartition partition) {
    Iterator<StreamSplit> splits = ((StreamInputPartition) partition).splits().iterator();
    SparkRowConverter converter = new SparkRowConverter(mode.outputType(readType));
    return new PartitionReader<>() {
      private CloseableIterator<Object[]> rows;
      private InternalRow current;

      @Override
      public boolean next() throws IOException {
        while (rows == null || !rows.hasNext()) {
          close();
          if (!splits.hasNext()) {
            return false;
          }
          rows = open(splits.next());
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

  private CloseableIterator<Object[]> open(StreamSplit s) {
    if (mode == ReadMode.AUDIT_LOG) {
      return s.changes()
          ? TableRead.openChangesWithRowKinds(table, s.split(), readType)
          : TableRead.openAuditLog(table, s.split(), readType);
    }
    return s.changes()
        ? TableRead.openChanges(table, s.split(), readType)
        : TableRead.open(table, s.split(), readType);
  }
}

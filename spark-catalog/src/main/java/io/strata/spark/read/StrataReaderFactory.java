package io.strata.spark.read;

import io.strata.core.format.CloseableIterator;
import io.strata.core.read.TableRead;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowType;
import io.strata.spark.SparkRowConverter;
import java.io.IOException;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;

/** Opens split readers on executors. */
public class StrataReaderFactory implements PartitionReaderFactory {

  private static final long serialVersionUID = 1L;

  private final FileStoreTable table;
  private final RowType readType;

  StrataReaderFactory(FileStoreTable table, RowType readType) {
    this.table = table;
    this.readType = readType;
  }

  @Override
  public PartitionReader<InternalRow> createReader(InputPartition partition) {
    CloseableIterator<Object[]> reader;
    try {
      reader = TableRead.open(table, ((StrataInputPartition) partition).split(), readType);
    } catch (RuntimeException e) {
      throw TableDirectory.explain(table, e);
    }
    SparkRowConverter converter = new SparkRowConverter(readType);
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
}

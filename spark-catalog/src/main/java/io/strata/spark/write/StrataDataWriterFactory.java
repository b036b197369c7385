package io.strata.spark.write;

import io.strata.core.read.ValueConverters;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowType;
import io.strata.core.write.BucketId;
import io.strata.core.write.TableWriter;
import io.strata.spark.SparkRowConverter;
import java.io.IOException;
import java.util.HashMap;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.connector.write.WriterCommitMessage;

/** Creates one table writer per Spark task. */
class StrataDataWriterFactory implements DataWriterFactory {

  private static final long serialVersionUID = 1L;

  private final FileStoreTable table;
  private final HashMap<BucketId, Long> nextSequences;
  private final RowType dataType;

  StrataDataWriterFactory(
      FileStoreTable table, HashMap<BucketId, Long> nextSequences, RowType dataType) {
    this.table = table;
    this.nextSequences = nextSequences;
    this.dataType = dataType;
  }

  @Override
  public DataWriter<InternalRow> createWriter(int partitionId, long taskId) {
    TableWriter writer = new TableWriter(table, nextSequences);
    SparkRowConverter converter = new SparkRowConverter(dataType);
    RowType tableType = table.schema().rowType();
    // Null when the data already has the table's layout; else by field id, widening values.
    ValueConverters.Converter toTableRow =
        dataType.equals(tableType) ? null : ValueConverters.create(dataType, tableType);
    return new DataWriter<>() {
      @Override
      public void write(InternalRow row) {
        writer.write((Object[]) ValueConverters.apply(toTableRow, converter.toCore(row)));
      }

      @Override
      public WriterCommitMessage commit() {
        return new StrataWriterCommitMessage(writer.prepareCommit());
      }

      @Override
      public void abort() {
        writer.abort();
      }

      @Override
      public void close() throws IOException {
        // Files are closed by commit or deleted by abort.
      }
    };
  }
}

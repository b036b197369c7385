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
public class StrataDataWriterFactory implements DataWriterFactory {

  private static final long serialVersionUID = 1L;

  private final FileStoreTable table;
  private final HashMap<BucketId, Long> nextSequences;
  private final RowType dataType;

  public StrataDataWriterFactory(
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
    int width = dataType.size();
    // Null when the data already has the table's layout; else by field id, widening values.
    ValueConverters.Converter toTableRow =
        dataType.equals(tableType) ? null : ValueConverters.create(dataType, tableType);
    return new DataWriter<>() {
      @Override
      public void write(InternalRow row) {
        // Spark 4.1's copy-on-write MERGE passes its __row_operation column first when a table
        // declares no metadata columns; the data columns are always the trailing ones.
        Object[] values = converter.toCore(row, row.numFields() - width);
        writer.write((Object[]) ValueConverters.apply(toTableRow, values));
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

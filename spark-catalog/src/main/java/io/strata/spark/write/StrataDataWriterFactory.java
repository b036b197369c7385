package io.strata.spark.write;

import io.strata.core.table.FileStoreTable;
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

  public StrataDataWriterFactory(FileStoreTable table, HashMap<BucketId, Long> nextSequences) {
    this.table = table;
    this.nextSequences = nextSequences;
  }

  @Override
  public DataWriter<InternalRow> createWriter(int partitionId, long taskId) {
    TableWriter writer = new TableWriter(table, nextSequences);
    SparkRowConverter converter = new SparkRowConverter(table.schema().rowType());
    int width = table.schema().rowType().size();
    return new DataWriter<>() {
      @Override
      public void write(InternalRow row) {
        // Spark 4.1's copy-on-write MERGE passes its __row_operation column first when a table
        // declares no metadata columns; the table columns are always the trailing ones.
        writer.write(converter.toCore(row, row.numFields() - width));
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

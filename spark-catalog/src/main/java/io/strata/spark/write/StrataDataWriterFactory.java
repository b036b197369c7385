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
class StrataDataWriterFactory implements DataWriterFactory {

  private static final long serialVersionUID = 1L;

  private final FileStoreTable table;
  private final HashMap<BucketId, Long> nextSequences;

  StrataDataWriterFactory(FileStoreTable table, HashMap<BucketId, Long> nextSequences) {
    this.table = table;
    this.nextSequences = nextSequences;
  }

  @Override
  public DataWriter<InternalRow> createWriter(int partitionId, long taskId) {
    TableWriter writer = new TableWriter(table, nextSequences);
    SparkRowConverter converter = new SparkRowConverter(table.schema().rowType());
    return new DataWriter<>() {
      @Override
      public void write(InternalRow row) {
        writer.write(converter.toCore(row));
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

package io.strata.spark.sort;

import io.strata.core.write.CommitMessage;
import io.strata.spark.write.StrataDataWriterFactory;
import io.strata.spark.write.StrataWriterCommitMessage;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.DataWriter;

/**
 * What one task of a sort compaction sends back: the files it wrote through the table's write path,
 * or the failure after it deleted them. Like {@code CALL sys.compact}'s tasks, tasks report
 * failures instead of throwing so that the driver knows every file written before it commits or
 * deletes them all.
 */
record SortedWrite(List<CommitMessage> written, RuntimeException failure) implements Serializable {

  /** Writes {@code rows}, already in their final order, as Spark task {@code partitionId}. */
  static SortedWrite run(
      StrataDataWriterFactory writers, int partitionId, long taskId, Iterator<InternalRow> rows) {
    DataWriter<InternalRow> writer = writers.createWriter(partitionId, taskId);
    RuntimeException failure;
    try {
      while (rows.hasNext()) {
        writer.write(rows.next());
      }
      return new SortedWrite(((StrataWriterCommitMessage) writer.commit()).messages(), null);
    } catch (IOException e) {
      failure = new UncheckedIOException(e);
    } catch (RuntimeException e) {
      failure = e;
    }
    try {
      writer.abort();
    } catch (IOException | RuntimeException e) {
      failure.addSuppressed(e);
    }
    return new SortedWrite(List.of(), failure);
  }
}

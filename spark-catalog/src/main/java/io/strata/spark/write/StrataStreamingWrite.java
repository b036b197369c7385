package io.strata.spark.write;

import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowType;
import io.strata.core.write.WriteStart;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.PhysicalWriteInfo;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.connector.write.streaming.StreamingDataWriterFactory;
import org.apache.spark.sql.connector.write.streaming.StreamingWrite;

/**
 * A Strata table as a Structured Streaming sink: each micro-batch is one commit whose snapshots
 * carry the batch id as {@code commitIdentifier} and the query id as {@code commitUser}. Spark
 * keeps the query id in the checkpoint, so a restarted query commits as the same user, and a batch
 * replayed after a failure between commit and checkpoint finds its identifier already committed and
 * commits nothing twice ({@code TableCommit.commitBatch}).
 */
public final class StrataStreamingWrite implements StreamingWrite {

  private final FileStoreTable table;
  private final RowType dataType;
  private final String commitUser;

  public StrataStreamingWrite(FileStoreTable table, RowType dataType, String queryId) {
    this.table = table;
    this.dataType = dataType;
    this.commitUser = queryId;
  }

  /** Called once per micro-batch: its writers continue the buckets of the latest snapshot. */
  @Override
  public StreamingDataWriterFactory createStreamingWriterFactory(PhysicalWriteInfo info) {
    return new WriterFactory(
        new StrataDataWriterFactory(table, WriteStart.latest(table), dataType));
  }

  @Override
  public boolean useCommitCoordinator() {
    return false;
  }

  @Override
  public void commit(long epochId, WriterCommitMessage[] messages) {
    table.newCommit(commitUser).commitBatch(StrataWriterCommitMessage.collect(messages), epochId);
  }

  @Override
  public void abort(long epochId, WriterCommitMessage[] messages) {
    table.newCommit(commitUser).abort(StrataWriterCommitMessage.collect(messages));
  }

  /** The batch writers, whatever the epoch: the epoch only matters at commit. */
  private record WriterFactory(StrataDataWriterFactory batch)
      implements StreamingDataWriterFactory {

    @Override
    public DataWriter<InternalRow> createWriter(int partitionId, long taskId, long epochId) {
      return batch.createWriter(partitionId, taskId);
    }
  }
}

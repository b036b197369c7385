package io.strata.spark.write;

import io.strata.core.commit.CommitMessage;
import io.strata.core.commit.FileStoreCommit;
import io.strata.core.maintenance.PostCommitMaintenance;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowType;
import io.strata.core.write.BucketId;
import io.strata.core.write.SequenceStarts;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.connector.write.PhysicalWriteInfo;
import org.apache.spark.sql.connector.write.WriterCommitMessage;

/** The driver side of a write: collects task results and commits them as one snapshot. */
public class StrataBatchWrite implements BatchWrite {

  private final FileStoreTable table;
  private final WriteMode mode;
  private final RowType dataType;
  private final String commitUser = UUID.randomUUID().toString();

  StrataBatchWrite(FileStoreTable table, WriteMode mode, RowType dataType) {
    this.table = table;
    this.mode = mode;
    this.dataType = dataType;
  }

  @Override
  public DataWriterFactory createBatchWriterFactory(PhysicalWriteInfo info) {
    // Buckets continue their sequence numbers, so new key records win over old ones and
    // fixed-bucket append files stay ordered.
    Map<BucketId, Long> nextSequences = SequenceStarts.of(table, table.snapshotManager().latest());
    return new StrataDataWriterFactory(table, new HashMap<>(nextSequences), dataType);
  }

  @Override
  public boolean useCommitCoordinator() {
    return false;
  }

  @Override
  public void commit(WriterCommitMessage[] taskMessages) {
    List<CommitMessage> messages = collect(taskMessages);
    FileStoreCommit commit = new FileStoreCommit(table, commitUser, Clock.systemUTC());
    switch (mode.kind()) {
      case APPEND -> commit.commit(messages, io.strata.core.snapshot.CommitKind.APPEND);
      case OVERWRITE -> commit.overwrite(messages, mode.overwriteFilter());
      case DYNAMIC_OVERWRITE -> commit.overwritePartitions(messages);
    }
    new PostCommitMaintenance(Clock.systemDefaultZone()).run(table, commitUser);
  }

  @Override
  public void abort(WriterCommitMessage[] taskMessages) {
    new FileStoreCommit(table, commitUser, Clock.systemUTC()).abort(collect(taskMessages));
  }

  private static List<CommitMessage> collect(WriterCommitMessage[] taskMessages) {
    List<CommitMessage> messages = new ArrayList<>();
    for (WriterCommitMessage m : taskMessages) {
      if (m instanceof StrataWriterCommitMessage s) {
        messages.addAll(s.messages());
      }
    }
    return messages;
  }
}

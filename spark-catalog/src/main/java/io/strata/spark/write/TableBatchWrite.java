package io.strata.spark.write;

import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableCommit;
import io.strata.core.write.BucketId;
import io.strata.core.write.CommitMessage;
import io.strata.core.write.SequenceStarts;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.UUID;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.WriterCommitMessage;

/**
 * The driver side shared by every Strata write (INSERT, copy-on-write and delta DML): tasks start
 * their buckets where the latest snapshot left them, and the driver commits what they wrote through
 * the table's one {@link TableCommit}, or deletes it on abort. Subclasses choose only the kind of
 * commit, so the scaffolds cannot drift apart.
 */
public abstract class TableBatchWrite implements BatchWrite {

  protected final FileStoreTable table;
  private final String commitUser = UUID.randomUUID().toString();

  protected TableBatchWrite(FileStoreTable table) {
    this.table = table;
  }

  /**
   * The first free sequence number of each bucket, for the tasks' writers: buckets continue their
   * sequence numbers, so new key records win over old ones and fixed-bucket append files stay
   * ordered.
   */
  protected final HashMap<BucketId, Long> nextSequences() {
    return new HashMap<>(SequenceStarts.of(table, table.snapshotManager().latest()));
  }

  /** Commits the files of all tasks with {@code commit}, which then runs maintenance. */
  protected abstract void commit(TableCommit commit, List<CommitMessage> written);

  @Override
  public final void commit(WriterCommitMessage[] taskMessages) {
    commit(table.newCommit(commitUser), collect(taskMessages));
  }

  @Override
  public final void abort(WriterCommitMessage[] taskMessages) {
    table.newCommit(commitUser).abort(collect(taskMessages));
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

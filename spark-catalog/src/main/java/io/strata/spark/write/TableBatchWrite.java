package io.strata.spark.write;

import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableCommit;
import io.strata.core.write.CommitMessage;
import io.strata.core.write.WriteStart;
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
   * Where the tasks' writers start: buckets continue their sequence numbers, so new key records win
   * over old ones and fixed-bucket append files stay ordered, and key buckets are compacted by the
   * tasks that write them.
   */
  protected final WriteStart writeStart() {
    return WriteStart.latest(table);
  }

  /** Commits the files of all tasks with {@code commit}, which then runs maintenance. */
  protected abstract void commit(TableCommit commit, List<CommitMessage> written);

  @Override
  public final void commit(WriterCommitMessage[] taskMessages) {
    commit(table.newCommit(commitUser), StrataWriterCommitMessage.collect(taskMessages));
  }

  @Override
  public final void abort(WriterCommitMessage[] taskMessages) {
    table.newCommit(commitUser).abort(StrataWriterCommitMessage.collect(taskMessages));
  }
}

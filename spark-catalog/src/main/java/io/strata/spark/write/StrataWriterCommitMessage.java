package io.strata.spark.write;

import io.strata.core.write.CommitMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.connector.write.WriterCommitMessage;

/**
 * The files one task wrote, and for a statement on a table with deletion vectors the rows it
 * deleted: serialized bitmaps of positions by data file name.
 */
public record StrataWriterCommitMessage(
    List<CommitMessage> messages, Map<String, byte[]> deletedPositions)
    implements WriterCommitMessage {

  public StrataWriterCommitMessage {
    messages = List.copyOf(messages);
    deletedPositions = Map.copyOf(deletedPositions);
  }

  /** Files without deletions. */
  public StrataWriterCommitMessage(List<CommitMessage> messages) {
    this(messages, Map.of());
  }

  /** The files of every task that reported some (a failed task reports null). */
  public static List<CommitMessage> collect(WriterCommitMessage[] taskMessages) {
    List<CommitMessage> messages = new ArrayList<>();
    for (WriterCommitMessage m : taskMessages) {
      if (m instanceof StrataWriterCommitMessage s) {
        messages.addAll(s.messages());
      }
    }
    return messages;
  }
}

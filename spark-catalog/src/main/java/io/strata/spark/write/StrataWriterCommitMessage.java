package io.strata.spark.write;

import io.strata.core.write.CommitMessage;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.connector.write.WriterCommitMessage;

/** The files one task wrote. */
public record StrataWriterCommitMessage(List<CommitMessage> messages)
    implements WriterCommitMessage {

  /** The files of each task that reported some (a failed task reports null), task by task. */
  public static List<List<CommitMessage>> byTask(WriterCommitMessage[] taskMessages) {
    List<List<CommitMessage>> tasks = new ArrayList<>();
    for (WriterCommitMessage m : taskMessages) {
      if (m instanceof StrataWriterCommitMessage s) {
        tasks.add(s.messages());
      }
    }
    return tasks;
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

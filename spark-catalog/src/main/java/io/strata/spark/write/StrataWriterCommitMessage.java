package io.strata.spark.write;

import io.strata.core.write.CommitMessage;
import java.util.List;
import org.apache.spark.sql.connector.write.WriterCommitMessage;

/** The files one task wrote. */
public record StrataWriterCommitMessage(List<CommitMessage> messages)
    implements WriterCommitMessage {}

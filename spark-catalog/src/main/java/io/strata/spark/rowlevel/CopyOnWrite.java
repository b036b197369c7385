package io.strata.spark.rowlevel;

import io.strata.core.commit.CommitMessage;
import io.strata.core.commit.FileStoreCommit;
import io.strata.core.maintenance.PostCommitMaintenance;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.spark.read.StrataScan;
import io.strata.spark.read.StrataScanBuilder;
import io.strata.spark.write.StrataDataWriterFactory;
import io.strata.spark.write.StrataWrite;
import io.strata.spark.write.StrataWriterCommitMessage;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.spark.sql.connector.distributions.Distribution;
import org.apache.spark.sql.connector.expressions.SortOrder;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.PhysicalWriteInfo;
import org.apache.spark.sql.connector.write.RequiresDistributionAndOrdering;
import org.apache.spark.sql.connector.write.RowLevelOperation;
import org.apache.spark.sql.connector.write.Write;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * DELETE, UPDATE and MERGE on an append table as copy-on-write: Spark reads every row of the files
 * that may match, writes back the rows that survive (changed or not), and the commit replaces
 * exactly the files the scan read. A concurrent commit that removed one of them makes this commit
 * fail rather than lose its change.
 */
public final class CopyOnWrite implements RowLevelOperation {

  private final FileStoreTable table;
  private final Command command;
  private final AtomicReference<StrataScan> scan = new AtomicReference<>();

  public CopyOnWrite(FileStoreTable table, Command command) {
    this.table = table;
    this.command = command;
  }

  @Override
  public Command command() {
    return command;
  }

  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
    return new StrataScanBuilder(
            table, table.snapshotManager().latest(), options.asCaseSensitiveMap())
        .onBuild(scan::set);
  }

  @Override
  public WriteBuilder newWriteBuilder(LogicalWriteInfo info) {
    return new WriteBuilder() {
      @Override
      public Write build() {
        return new RewriteWrite();
      }
    };
  }

  private final class RewriteWrite implements Write, RequiresDistributionAndOrdering {
    @Override
    public Distribution requiredDistribution() {
      return StrataWrite.bucketDistribution(table);
    }

    @Override
    public SortOrder[] requiredOrdering() {
      return new SortOrder[0];
    }

    @Override
    public BatchWrite toBatch() {
      return new RewriteBatch();
    }
  }

  private final class RewriteBatch implements BatchWrite {
    private final String commitUser = UUID.randomUUID().toString();

    @Override
    public DataWriterFactory createBatchWriterFactory(PhysicalWriteInfo info) {
      return new StrataDataWriterFactory(table, new HashMap<>(), table.schema().rowType());
    }

    @Override
    public void commit(WriterCommitMessage[] messages) {
      List<CommitMessage> all = new ArrayList<>(written(messages));
      all.addAll(replacedFiles());
      new FileStoreCommit(table, commitUser, Clock.systemUTC()).commit(all, CommitKind.OVERWRITE);
      new PostCommitMaintenance(Clock.systemDefaultZone()).run(table, commitUser);
    }

    @Override
    public void abort(WriterCommitMessage[] messages) {
      new FileStoreCommit(table, commitUser, Clock.systemUTC()).abort(written(messages));
    }
  }

  private static List<CommitMessage> written(WriterCommitMessage[] messages) {
    List<CommitMessage> all = new ArrayList<>();
    for (WriterCommitMessage m : messages) {
      if (m instanceof StrataWriterCommitMessage s) {
        all.addAll(s.messages());
      }
    }
    return all;
  }

  /** One message per (partition, bucket) deleting every file the scan read there. */
  private List<CommitMessage> replacedFiles() {
    StrataScan read = scan.get();
    if (read == null) {
      throw new IllegalStateException(
          "Copy-on-write "
              + command
              + " on "
              + table.root().getName()
              + " committed without a scan.");
    }
    Map<String, List<DataFileMeta>> byBucket = new LinkedHashMap<>();
    Map<String, DataSplit> firstSplit = new LinkedHashMap<>();
    for (DataSplit split : read.splits()) {
      String key = split.partition() + "/" + split.bucket();
      byBucket.computeIfAbsent(key, k -> new ArrayList<>()).addAll(split.files());
      firstSplit.putIfAbsent(key, split);
    }
    List<CommitMessage> messages = new ArrayList<>();
    byBucket.forEach(
        (key, files) -> {
          DataSplit s = firstSplit.get(key);
          messages.add(
              new CommitMessage(s.partition(), s.bucket(), s.totalBuckets(), List.of(), files));
        });
    return messages;
  }
}

package io.strata.spark.rowlevel;

import io.strata.core.commit.CommitMessage;
import io.strata.core.commit.FileStoreCommit;
import io.strata.core.maintenance.PostCommitMaintenance;
import io.strata.core.merge.RowKind;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowType;
import io.strata.core.write.BucketId;
import io.strata.core.write.SequenceStarts;
import io.strata.core.write.TableWriter;
import io.strata.spark.SparkRowConverter;
import io.strata.spark.read.StrataScanBuilder;
import io.strata.spark.write.StrataWrite;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.distributions.Distribution;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.SortOrder;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.write.DeltaBatchWrite;
import org.apache.spark.sql.connector.write.DeltaWrite;
import org.apache.spark.sql.connector.write.DeltaWriteBuilder;
import org.apache.spark.sql.connector.write.DeltaWriter;
import org.apache.spark.sql.connector.write.DeltaWriterFactory;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.PhysicalWriteInfo;
import org.apache.spark.sql.connector.write.RequiresDistributionAndOrdering;
import org.apache.spark.sql.connector.write.SupportsDelta;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * DELETE, UPDATE and MERGE on a primary-key table as delta writes: a deleted row becomes a -D
 * record of its key, an updated row a +U record (plus a -D of the old key when the key changed), an
 * inserted row a +I record. No data file is rewritten.
 */
public final class PrimaryKeyDelta implements SupportsDelta {

  private final FileStoreTable table;
  private final Command command;

  public PrimaryKeyDelta(FileStoreTable table, Command command) {
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
        table, table.snapshotManager().latest(), options.asCaseSensitiveMap());
  }

  @Override
  public NamedReference[] rowId() {
    return table.schema().primaryKeys().stream()
        .map(Expressions::column)
        .toArray(NamedReference[]::new);
  }

  @Override
  public DeltaWriteBuilder newWriteBuilder(LogicalWriteInfo info) {
    return new DeltaWriteBuilder() {
      @Override
      public DeltaWrite build() {
        return new Write();
      }
    };
  }

  private final class Write implements DeltaWrite, RequiresDistributionAndOrdering {
    @Override
    public Distribution requiredDistribution() {
      return StrataWrite.bucketDistribution(table);
    }

    @Override
    public SortOrder[] requiredOrdering() {
      return new SortOrder[0];
    }

    @Override
    public DeltaBatchWrite toBatch() {
      return new Batch();
    }
  }

  private final class Batch implements DeltaBatchWrite {
    private final String commitUser = UUID.randomUUID().toString();

    @Override
    public DeltaWriterFactory createBatchWriterFactory(PhysicalWriteInfo info) {
      return new Factory(
          table, new HashMap<>(SequenceStarts.of(table, table.snapshotManager().latest())));
    }

    @Override
    public void commit(WriterCommitMessage[] messages) {
      new FileStoreCommit(table, commitUser, Clock.systemUTC())
          .commit(collect(messages), CommitKind.APPEND);
      new PostCommitMaintenance(Clock.systemDefaultZone()).run(table, commitUser);
    }

    @Override
    public void abort(WriterCommitMessage[] messages) {
      new FileStoreCommit(table, commitUser, Clock.systemUTC()).abort(collect(messages));
    }
  }

  static List<CommitMessage> collect(WriterCommitMessage[] messages) {
    List<CommitMessage> all = new ArrayList<>();
    for (WriterCommitMessage m : messages) {
      if (m instanceof TaskFiles files) {
        all.addAll(files.messages());
      }
    }
    return all;
  }

  /** The files one task wrote. */
  record TaskFiles(List<CommitMessage> messages) implements WriterCommitMessage {}

  private static final class Factory implements DeltaWriterFactory {
    private static final long serialVersionUID = 1L;
    private final FileStoreTable table;
    private final HashMap<BucketId, Long> nextSequences;

    Factory(FileStoreTable table, HashMap<BucketId, Long> nextSequences) {
      this.table = table;
      this.nextSequences = nextSequences;
    }

    @Override
    public DeltaWriter<InternalRow> createWriter(int partitionId, long taskId) {
      return new Writer(table, nextSequences);
    }
  }

  private static final class Writer implements DeltaWriter<InternalRow> {
    private final TableWriter writer;
    private final SparkRowConverter rows;
    private final SparkRowConverter ids;
    private final int[] keyPositions;
    private final int width;

    Writer(FileStoreTable table, Map<BucketId, Long> nextSequences) {
      RowType rowType = table.schema().rowType();
      List<String> keys = table.schema().primaryKeys();
      this.writer = new TableWriter(table, nextSequences);
      this.rows = new SparkRowConverter(rowType);
      this.ids = new SparkRowConverter(rowType.project(keys));
      this.keyPositions = keys.stream().mapToInt(rowType::indexOf).toArray();
      this.width = rowType.size();
    }

    private Object[] rowOfKey(InternalRow id) {
      Object[] key = ids.toCore(id);
      Object[] row = new Object[width];
      for (int i = 0; i < keyPositions.length; i++) {
        row[keyPositions[i]] = key[i];
      }
      return row;
    }

    @Override
    public void delete(InternalRow metadata, InternalRow id) {
      writer.write(rowOfKey(id), RowKind.DELETE);
    }

    @Override
    public void update(InternalRow metadata, InternalRow id, InternalRow row) {
      Object[] updated = rows.toCore(row);
      Object[] oldKey = rowOfKey(id);
      for (int p : keyPositions) {
        if (!java.util.Objects.deepEquals(updated[p], oldKey[p])) {
          writer.write(oldKey, RowKind.DELETE);
          break;
        }
      }
      writer.write(updated, RowKind.UPDATE_AFTER);
    }

    @Override
    public void insert(InternalRow row) {
      writer.write(rows.toCore(row), RowKind.INSERT);
    }

    @Override
    public WriterCommitMessage commit() {
      return new TaskFiles(writer.prepareCommit());
    }

    @Override
    public void abort() {
      writer.abort();
    }

    @Override
    public void close() {}
  }

  @Override
  public String description() {
    return "StrataDelta["
        + command
        + " "
        + table.root().getName()
        + ", keys "
        + Arrays.toString(rowId())
        + "]";
  }
}

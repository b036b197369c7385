package io.strata.spark.rowlevel;

import io.strata.core.manifest.DataFileMeta;
import io.strata.core.options.TableOptions;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableCommit;
import io.strata.core.write.CommitMessage;
import io.strata.spark.read.MetadataColumns;
import io.strata.spark.read.StrataScan;
import io.strata.spark.read.StrataScanBuilder;
import io.strata.spark.write.MeteredWrite;
import io.strata.spark.write.RowIdColumns;
import io.strata.spark.write.StrataDataWriterFactory;
import io.strata.spark.write.StrataWrite;
import io.strata.spark.write.TableBatchWrite;
import io.strata.spark.write.WriteColumns;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.spark.sql.connector.distributions.Distribution;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.PhysicalWriteInfo;
import org.apache.spark.sql.connector.write.RowLevelOperation;
import org.apache.spark.sql.connector.write.Write;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.types.StructType;
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

  /**
   * A row-tracking table's rewritten rows keep their identity: Spark reads each row's {@code
   * _ROW_ID} and {@code _SEQUENCE_NUMBER} and hands them back with the row it copies or changes
   * (the sequence number NULL where the row changed: {@link MetadataColumns}).
   */
  @Override
  public NamedReference[] requiredMetadataAttributes() {
    return RowIdColumns.requiredAttributes(table);
  }

  private boolean tracksRows() {
    return table.options().get(TableOptions.ROW_TRACKING_ENABLED);
  }

  @Override
  public WriteBuilder newWriteBuilder(LogicalWriteInfo info) {
    WriteColumns columns =
        WriteColumns.of(rowColumns(info), table.schema().rowType(), table.root().getName());
    String[] metadata =
        tracksRows() ? info.metadataSchema().map(StructType::fieldNames).orElse(null) : null;
    return new WriteBuilder() {
      @Override
      public Write build() {
        return new RewriteWrite(columns, metadata);
      }
    };
  }

  /**
   * The columns of the rows Spark 4.1 hands the writers: {@code info.schema()}, preceded for UPDATE
   * and MERGE by Spark's {@value #OPERATION_COLUMN} column, which {@code info.schema()} does not
   * list. Spark projects it away where the operation asks for metadata (a row-tracking table's
   * rows); a DELETE writes back the surviving rows as they were read.
   */
  private String[] rowColumns(LogicalWriteInfo info) {
    String[] data = info.schema().fieldNames();
    if (command == Command.DELETE || tracksRows()) {
      return data;
    }
    String[] rows = new String[data.length + 1];
    rows[0] = OPERATION_COLUMN;
    System.arraycopy(data, 0, rows, 1, data.length);
    return rows;
  }

  /** Spark's name for the column that tells MERGE's writers what to do with a row. */
  private static final String OPERATION_COLUMN = "__row_operation";

  private final class RewriteWrite extends MeteredWrite {
    private final WriteColumns positions;
    private final String[] metadata;

    RewriteWrite(WriteColumns positions, String[] metadata) {
      this.positions = positions;
      this.metadata = metadata;
    }

    @Override
    public Distribution requiredDistribution() {
      return StrataWrite.bucketDistribution(table);
    }

    @Override
    public BatchWrite toBatch() {
      return started(new RewriteBatch(positions, metadata));
    }
  }

  private final class RewriteBatch extends TableBatchWrite {
    private final WriteColumns positions;
    private final String[] metadata;

    RewriteBatch(WriteColumns positions, String[] metadata) {
      super(CopyOnWrite.this.table);
      this.positions = positions;
      this.metadata = metadata;
    }

    @Override
    public DataWriterFactory createBatchWriterFactory(PhysicalWriteInfo info) {
      describeJob(command.name().toLowerCase() + " (copy-on-write) on");
      StrataDataWriterFactory writers =
          new StrataDataWriterFactory(table, writeStart(), table.schema().rowType(), positions);
      return metadata == null ? writers : writers.withRowTracking(metadata);
    }

    @Override
    protected void commit(TableCommit commit, List<CommitMessage> written) {
      List<CommitMessage> all = new ArrayList<>(written);
      all.addAll(replacedFiles());
      commit.commit(all, CommitKind.OVERWRITE);
    }
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

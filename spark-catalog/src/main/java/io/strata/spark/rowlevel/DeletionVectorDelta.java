package io.strata.spark.rowlevel;

import io.strata.core.deletion.DeletionBitmap;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableCommit;
import io.strata.core.write.CommitMessage;
import io.strata.core.write.PositionDeletes;
import io.strata.core.write.TableWriter;
import io.strata.core.write.WriteStart;
import io.strata.spark.SparkRowConverter;
import io.strata.spark.read.MetadataColumns;
import io.strata.spark.read.StrataScanBuilder;
import io.strata.spark.write.MeteredWrite;
import io.strata.spark.write.RowIdColumns;
import io.strata.spark.write.SparkLocalDirs;
import io.strata.spark.write.StrataWriterCommitMessage;
import io.strata.spark.write.TableBatchWrite;
import io.strata.spark.write.WriteColumns;
import io.strata.spark.write.WriteMetrics;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.distributions.Distribution;
import org.apache.spark.sql.connector.distributions.Distributions;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.write.DeltaBatchWrite;
import org.apache.spark.sql.connector.write.DeltaWrite;
import org.apache.spark.sql.connector.write.DeltaWriteBuilder;
import org.apache.spark.sql.connector.write.DeltaWriter;
import org.apache.spark.sql.connector.write.DeltaWriterFactory;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.PhysicalWriteInfo;
import org.apache.spark.sql.connector.write.SupportsDelta;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * DELETE, UPDATE and MERGE on an append table with {@code deletion-vectors.enabled}: a row is
 * identified by its data file and position (Paimon's hidden {@code __paimon_file_path} and {@code
 * __paimon_row_index}); a deleted or updated row's position is marked in its file's deletion
 * vector, and updated and inserted rows are appended as new files. No data file is rewritten. The
 * tasks send their positions to the driver, which merges them with the vectors of the snapshot the
 * statement read and writes one index file per touched bucket.
 */
public final class DeletionVectorDelta implements SupportsDelta {

  private final FileStoreTable table;
  private final Command command;

  /** The snapshot the statement reads, whose vectors the new ones extend. */
  private final Snapshot base;

  public DeletionVectorDelta(FileStoreTable table, Command command) {
    this.table = table;
    this.command = command;
    this.base = table.snapshotManager().latest();
  }

  @Override
  public Command command() {
    return command;
  }

  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
    return new StrataScanBuilder(table, base, options.asCaseSensitiveMap());
  }

  @Override
  public NamedReference[] rowId() {
    return new NamedReference[] {
      Expressions.column(MetadataColumns.FILE_PATH.columnName()),
      Expressions.column(MetadataColumns.ROW_INDEX.columnName())
    };
  }

  /**
   * A row-tracking table's updated rows keep their ids: Spark hands each row's {@code _ROW_ID} back
   * with its update (and a NULL {@code _SEQUENCE_NUMBER}, which the commit fills).
   */
  @Override
  public NamedReference[] requiredMetadataAttributes() {
    return RowIdColumns.requiredAttributes(table);
  }

  @Override
  public DeltaWriteBuilder newWriteBuilder(LogicalWriteInfo info) {
    String name = table.root().getName();
    // A DELETE passes no rows, only row ids: its row schema is empty.
    WriteColumns row =
        info.schema().fields().length == 0
            ? null
            : WriteColumns.of(info.schema().fieldNames(), table.schema().rowType(), name);
    int[] rowIds =
        requiredMetadataAttributes().length == 0
            ? null
            : RowIdColumns.positions(info.metadataSchema().orElseThrow().fieldNames(), name);
    Columns columns = new Columns(row, rowIds);
    return new DeltaWriteBuilder() {
      @Override
      public DeltaWrite build() {
        return new Write(columns);
      }
    };
  }

  /**
   * Where a task finds what it writes: the table's columns in Spark's rows (null for a DELETE), and
   * {@code _ROW_ID} and {@code _SEQUENCE_NUMBER} in their metadata (null without row tracking).
   */
  private record Columns(WriteColumns row, int[] rowIds) implements java.io.Serializable {}

  private final class Write extends MeteredWrite implements DeltaWrite {
    private final Columns row;

    Write(Columns row) {
      this.row = row;
    }

    @Override
    public Distribution requiredDistribution() {
      // Positions meet on the driver; new rows are plain appends.
      return Distributions.unspecified();
    }

    @Override
    public DeltaBatchWrite toBatch() {
      return started(new Batch(row));
    }
  }

  private final class Batch extends TableBatchWrite implements DeltaBatchWrite {
    private final Columns row;

    Batch(Columns row) {
      super(DeletionVectorDelta.this.table);
      this.row = row;
    }

    @Override
    public DeltaWriterFactory createBatchWriterFactory(PhysicalWriteInfo info) {
      describeJob(command.name().toLowerCase() + " (deletion vectors) on");
      return new DeltaWriters<>(table, writeStart(), row, Writer::new);
    }

    @Override
    protected List<CommitMessage> toCommit(WriterCommitMessage[] taskMessages) {
      PositionDeletes deletes = new PositionDeletes(table, base);
      for (WriterCommitMessage m : taskMessages) {
        if (m instanceof StrataWriterCommitMessage s) {
          s.deletedPositions()
              .forEach((file, bytes) -> deletes.delete(file, DeletionBitmap.deserialize(bytes)));
        }
      }
      List<CommitMessage> all = new ArrayList<>(StrataWriterCommitMessage.collect(taskMessages));
      all.addAll(deletes.prepareCommit());
      return all;
    }

    @Override
    protected void commit(TableCommit commit, List<CommitMessage> written) {
      commit.commit(written, CommitKind.APPEND);
    }
  }

  /** Collects deleted positions by data file and appends new rows. */
  private static final class Writer implements DeltaWriter<InternalRow> {
    private final FileStoreTable table;
    private final WriteStart start;
    private final WriteColumns row;
    private final int[] rowIds;
    private final SparkRowConverter rows;
    private final Map<String, DeletionBitmap> deleted = new HashMap<>();
    private TableWriter writer;
    private long records;

    Writer(FileStoreTable table, WriteStart start, Columns columns) {
      this.table = table;
      this.start = start;
      this.row = columns.row();
      this.rowIds = columns.rowIds();
      this.rows = new SparkRowConverter(table.schema().rowType());
    }

    @Override
    public void delete(InternalRow metadata, InternalRow id) {
      String path = id.getUTF8String(0).toString();
      String file = path.substring(path.lastIndexOf('/') + 1);
      deleted.computeIfAbsent(file, f -> new DeletionBitmap()).add(id.getLong(1));
      records++;
    }

    @Override
    public void update(InternalRow metadata, InternalRow id, InternalRow newRow) {
      delete(metadata, id);
      records--;
      append(metadata, newRow);
    }

    @Override
    public void reinsert(InternalRow metadata, InternalRow newRow) {
      append(metadata, newRow);
    }

    @Override
    public void insert(InternalRow newRow) {
      append(null, newRow);
    }

    /** Appends {@code newRow}, with the row ids in {@code metadata} (null: none) where tracked. */
    private void append(InternalRow metadata, InternalRow newRow) {
      if (writer == null) {
        writer = new TableWriter(table, start, SparkLocalDirs.spillDir());
        if (rowIds != null) {
          writer.withRowTrackingColumns();
        }
      }
      Object[] values = row.read(rows, newRow);
      writer.write(rowIds == null ? values : RowIdColumns.append(values, metadata, rowIds));
      records++;
    }

    @Override
    public CustomTaskMetric[] currentMetricsValues() {
      return WriteMetrics.taskValues(records);
    }

    @Override
    public WriterCommitMessage commit() {
      Map<String, byte[]> positions = new HashMap<>();
      deleted.forEach((file, bitmap) -> positions.put(file, bitmap.serialize()));
      List<CommitMessage> written = writer == null ? List.of() : writer.prepareCommit();
      return new StrataWriterCommitMessage(written, positions);
    }

    @Override
    public void abort() {
      if (writer != null) {
        writer.abort();
      }
    }

    @Override
    public void close() {}
  }

  @Override
  public String description() {
    return "StrataDeletionVectorDelta[" + command + " " + table.root().getName() + "]";
  }
}

package io.strata.spark.rowlevel;

import io.strata.core.merge.NullKeptColumns;
import io.strata.core.merge.RowKind;
import io.strata.core.read.CurrentRows;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableCommit;
import io.strata.core.types.RowType;
import io.strata.core.write.CommitMessage;
import io.strata.core.write.TableWriter;
import io.strata.core.write.WriteStart;
import io.strata.spark.SparkRowConverter;
import io.strata.spark.extensions.SupportsPartialRowUpdates;
import io.strata.spark.read.StrataScanBuilder;
import io.strata.spark.write.MeteredWrite;
import io.strata.spark.write.SparkLocalDirs;
import io.strata.spark.write.StrataWrite;
import io.strata.spark.write.StrataWriterCommitMessage;
import io.strata.spark.write.TableBatchWrite;
import io.strata.spark.write.WriteColumns;
import io.strata.spark.write.WriteMetrics;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.distributions.Distribution;
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
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * DELETE, UPDATE and MERGE on a primary-key table as delta writes: a deleted row becomes a -D
 * record of its key, an updated row a +U record (plus a -D of the old key when the key changed), an
 * inserted row a +I record. No data file is rewritten.
 *
 * <p>On {@code partial-update} tables with sequence groups a -D record carries the deleted row
 * whole ({@link TableWriter#deletesCarryWholeRows}): Spark hands a delta write only the keys of
 * deleted rows, so each task collects them and, before it commits, looks their rows up in the
 * snapshot the statement read ({@link CurrentRows}).
 *
 * <p>On {@code partial-update} and {@code aggregation} tables an updated row may carry null for the
 * columns the update leaves alone ({@link NullKeptColumns}): the merge keeps their stored values,
 * so with Strata's SQL extensions such an UPDATE or MERGE reads only the keys and the columns it
 * uses.
 */
public final class PrimaryKeyDelta implements SupportsPartialRowUpdates {

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
  public Set<String> columnsKeptWhenNull() {
    return NullKeptColumns.of(
        table.schema().rowType(), table.schema().primaryKeys(), table.schema().options());
  }

  @Override
  public NamedReference[] rowId() {
    return table.schema().primaryKeys().stream()
        .map(Expressions::column)
        .toArray(NamedReference[]::new);
  }

  @Override
  public DeltaWriteBuilder newWriteBuilder(LogicalWriteInfo info) {
    // Rows and row ids are matched to the table's columns and keys by name, never by position.
    RowType rowType = table.schema().rowType();
    String name = table.root().getName();
    // A DELETE passes no rows, only row ids: its row schema is empty.
    WriteColumns row =
        info.schema().fields().length == 0
            ? null
            : WriteColumns.of(info.schema().fieldNames(), rowType, name);
    Columns columns =
        new Columns(
            row,
            WriteColumns.of(
                info.rowIdSchema().orElse(info.schema()).fieldNames(),
                rowType.project(table.schema().primaryKeys()),
                name));
    return new DeltaWriteBuilder() {
      @Override
      public DeltaWrite build() {
        return new Write(columns);
      }
    };
  }

  /**
   * Where the table's columns are in Spark's rows (null when the operation passes none), and its
   * key columns in the row ids.
   */
  private record Columns(WriteColumns row, WriteColumns id) implements java.io.Serializable {}

  private final class Write extends MeteredWrite implements DeltaWrite {
    private final Columns columns;

    Write(Columns columns) {
      this.columns = columns;
    }

    @Override
    public Distribution requiredDistribution() {
      return StrataWrite.bucketDistribution(table);
    }

    @Override
    public DeltaBatchWrite toBatch() {
      return started(new Batch(columns));
    }
  }

  private final class Batch extends TableBatchWrite implements DeltaBatchWrite {
    private final Columns columns;

    Batch(Columns columns) {
      super(PrimaryKeyDelta.this.table);
      this.columns = columns;
    }

    @Override
    public DeltaWriterFactory createBatchWriterFactory(PhysicalWriteInfo info) {
      describeJob(command.name().toLowerCase() + " (primary-key delta) on");
      return new DeltaWriters<>(table, writeStart(), columns, Writer::new);
    }

    @Override
    protected void commit(TableCommit commit, List<CommitMessage> written) {
      commit.commit(written, CommitKind.APPEND);
    }
  }

  private static final class Writer implements DeltaWriter<InternalRow> {
    private final TableWriter writer;
    private final SparkRowConverter rows;
    private final SparkRowConverter ids;
    private final int[] keyPositions;
    private final int width;
    private final Columns columns;
    private final FileStoreTable table;
    private final WriteStart start;
    private long records;

    /**
     * The keys deleted so far, whose whole rows are written before the commit; null when a delete
     * writes the key alone.
     */
    private final List<Object[]> deletedKeys;

    /** Whether this table lets an UPDATE move rows to other keys, once the first move asked. */
    private boolean movesKeys;

    Writer(FileStoreTable table, WriteStart start, Columns columns) {
      this.columns = columns;
      this.table = table;
      this.start = start;
      this.deletedKeys = TableWriter.deletesCarryWholeRows(table) ? new ArrayList<>() : null;
      RowType rowType = table.schema().rowType();
      List<String> keys = table.schema().primaryKeys();
      this.writer = new TableWriter(table, start, SparkLocalDirs.spillDir());
      this.rows = new SparkRowConverter(rowType);
      this.ids = new SparkRowConverter(rowType.project(keys));
      this.keyPositions = keys.stream().mapToInt(rowType::indexOf).toArray();
      this.width = rowType.size();
    }

    private Object[] rowOfKey(InternalRow id) {
      Object[] key = columns.id().read(ids, id);
      Object[] row = new Object[width];
      for (int i = 0; i < keyPositions.length; i++) {
        row[keyPositions[i]] = key[i];
      }
      return row;
    }

    @Override
    public void delete(InternalRow metadata, InternalRow id) {
      deleteKey(rowOfKey(id));
      records++;
    }

    /** Deletes the row of {@code keyRow} (a row holding only key values). */
    private void deleteKey(Object[] keyRow) {
      if (deletedKeys == null) {
        writer.write(keyRow, RowKind.DELETE);
        return;
      }
      Object[] key = new Object[keyPositions.length];
      for (int i = 0; i < key.length; i++) {
        key[i] = keyRow[keyPositions[i]];
      }
      deletedKeys.add(key);
    }

    @Override
    public void update(InternalRow metadata, InternalRow id, InternalRow row) {
      Object[] updated = columns.row().read(rows, row);
      Object[] oldKey = rowOfKey(id);
      for (int p : keyPositions) {
        if (!java.util.Objects.deepEquals(updated[p], oldKey[p])) {
          checkMovesKeys();
          deleteKey(oldKey);
          break;
        }
      }
      writer.write(updated, RowKind.UPDATE_AFTER);
      records++;
    }

    private void checkMovesKeys() {
      if (!movesKeys) {
        RuntimeException refusal = TableWriter.keyChangeRefusal(table);
        if (refusal != null) {
          throw refusal;
        }
        movesKeys = true;
      }
    }

    @Override
    public void insert(InternalRow row) {
      writer.write(columns.row().read(rows, row), RowKind.INSERT);
      records++;
    }

    @Override
    public CustomTaskMetric[] currentMetricsValues() {
      return WriteMetrics.taskValues(records);
    }

    @Override
    public WriterCommitMessage commit() {
      if (deletedKeys != null && !deletedKeys.isEmpty()) {
        CurrentRows.forEach(
            table, start.snapshotId(), deletedKeys, row -> writer.write(row, RowKind.DELETE));
        deletedKeys.clear();
      }
      return new StrataWriterCommitMessage(writer.prepareCommit());
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

package io.strata.spark.write;

import io.strata.core.data.ValueConverters;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowType;
import io.strata.core.write.TableWriter;
import io.strata.core.write.WriteStart;
import io.strata.spark.SparkRowConverter;
import java.io.IOException;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.connector.write.WriterCommitMessage;

/** Creates one table writer per Spark task. */
public class StrataDataWriterFactory implements DataWriterFactory {

  private static final long serialVersionUID = 1L;

  private final FileStoreTable table;
  private final WriteStart start;
  private final RowType dataType;
  private final WriteColumns columns;

  /**
   * Where {@code _ROW_ID} and {@code _SEQUENCE_NUMBER} are in the metadata Spark hands back with a
   * rewritten row of a row-tracking table (or in the row: {@link #rowTrackingInRows}); null when
   * rows are written without them.
   */
  private int[] rowIdPositions;

  /** Whether those positions are in the rows themselves rather than in their metadata. */
  private boolean rowTrackingInRows;

  /** Rows hold exactly the columns of {@code dataType}, in its order. */
  public StrataDataWriterFactory(FileStoreTable table, WriteStart start, RowType dataType) {
    this(
        table,
        start,
        dataType,
        WriteColumns.of(
            dataType.fieldNames().toArray(new String[0]), dataType, table.root().getName()));
  }

  /**
   * @param columns where each field of {@code dataType} is in Spark's rows
   */
  public StrataDataWriterFactory(
      FileStoreTable table, WriteStart start, RowType dataType, WriteColumns columns) {
    this.table = table;
    this.start = start;
    this.dataType = dataType;
    this.columns = columns;
  }

  /**
   * Writes a row-tracking table's rows with their {@code _ROW_ID} and {@code _SEQUENCE_NUMBER}:
   * from the metadata of {@code metadataColumns} that Spark passes with a row a copy-on-write
   * rewrite copies or changes, NULL for a row it inserts, so that the commit numbers only those.
   */
  public StrataDataWriterFactory withRowTracking(String[] metadataColumns) {
    this.rowIdPositions = RowIdColumns.positions(metadataColumns, table.root().getName());
    return this;
  }

  /**
   * Like {@link #withRowTracking}, with each row's {@code _ROW_ID} and {@code _SEQUENCE_NUMBER} in
   * the row itself, among {@code rowColumns} (a sort compaction's rows).
   */
  public StrataDataWriterFactory withRowTrackingInRows(String[] rowColumns) {
    this.rowIdPositions = RowIdColumns.positions(rowColumns, table.root().getName());
    this.rowTrackingInRows = true;
    return this;
  }

  @Override
  public DataWriter<InternalRow> createWriter(int partitionId, long taskId) {
    TableWriter writer = new TableWriter(table, start, SparkLocalDirs.spillDir());
    int[] tracked = rowIdPositions;
    boolean trackedInRows = rowTrackingInRows;
    if (tracked != null) {
      writer.withRowTrackingColumns();
    }
    SparkRowConverter converter = new SparkRowConverter(dataType);
    RowType tableType = table.schema().rowType();
    // Null when the data already has the table's layout; else by field id, widening values.
    ValueConverters.Converter toTableRow =
        dataType.equals(tableType) ? null : ValueConverters.create(dataType, tableType);
    return new DataWriter<>() {
      private long records;

      @Override
      public void write(InternalRow row) {
        write(null, row);
      }

      @Override
      public void write(InternalRow metadata, InternalRow row) {
        Object[] values =
            (Object[]) ValueConverters.apply(toTableRow, columns.read(converter, row));
        if (tracked != null) {
          values = RowIdColumns.append(values, trackedInRows ? row : metadata, tracked);
        }
        writer.write(values);
        records++;
      }

      @Override
      public CustomTaskMetric[] currentMetricsValues() {
        return WriteMetrics.taskValues(records);
      }

      @Override
      public WriterCommitMessage commit() {
        return new StrataWriterCommitMessage(writer.prepareCommit());
      }

      @Override
      public void abort() {
        writer.abort();
      }

      @Override
      public void close() throws IOException {
        // Files are closed by commit or deleted by abort.
      }
    };
  }
}

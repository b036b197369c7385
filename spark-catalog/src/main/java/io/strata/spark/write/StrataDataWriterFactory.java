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

  @Override
  public DataWriter<InternalRow> createWriter(int partitionId, long taskId) {
    TableWriter writer = new TableWriter(table, start, SparkLocalDirs.spillDir());
    SparkRowConverter converter = new SparkRowConverter(dataType);
    RowType tableType = table.schema().rowType();
    // Null when the data already has the table's layout; else by field id, widening values.
    ValueConverters.Converter toTableRow =
        dataType.equals(tableType) ? null : ValueConverters.create(dataType, tableType);
    return new DataWriter<>() {
      private long records;

      @Override
      public void write(InternalRow row) {
        Object[] values = columns.read(converter, row);
        writer.write((Object[]) ValueConverters.apply(toTableRow, values));
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

package io.strata.spark.write;

import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowType;
import io.strata.core.write.TableWriter;
import io.strata.spark.SparkFilters;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.SupportsDynamicOverwrite;
import org.apache.spark.sql.connector.write.SupportsOverwrite;
import org.apache.spark.sql.connector.write.SupportsTruncate;
import org.apache.spark.sql.connector.write.Write;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.sources.Filter;

/** Chooses between append, overwrite by partition filter, dynamic overwrite and truncate. */
public class StrataWriteBuilder
    implements WriteBuilder, SupportsOverwrite, SupportsDynamicOverwrite, SupportsTruncate {

  private final FileStoreTable table;
  private final LogicalWriteInfo info;
  private final RowType dataType;
  private WriteMode mode = WriteMode.append();

  public StrataWriteBuilder(FileStoreTable table, LogicalWriteInfo info) {
    this(table, info, table.schema().rowType());
  }

  /**
   * @param dataType the row type of the written data, with the ids of the table fields of the same
   *     names (by-name writes that merged their schema); rows convert to the table row by id
   */
  public StrataWriteBuilder(FileStoreTable table, LogicalWriteInfo info, RowType dataType) {
    this.table = table;
    this.info = info;
    this.dataType = dataType;
  }

  @Override
  public WriteBuilder overwrite(Filter[] filters) {
    SparkFilters partitionFilters = new SparkFilters(table.schema().partitionType());
    mode =
        WriteMode.overwrite(
            partitionFilters
                .convertExactAll(filters, "overwrite table " + table.root().getName())
                .orElse(null));
    return this;
  }

  @Override
  public WriteBuilder overwriteDynamicPartitions() {
    mode = WriteMode.dynamicOverwrite();
    return this;
  }

  @Override
  public WriteBuilder truncate() {
    mode = WriteMode.overwrite(null);
    return this;
  }

  @Override
  public Write build() {
    // Refuse unsupported tables here, on the driver, rather than in every task.
    TableWriter.checkWritable(table);
    return new StrataWrite(table, info, mode, dataType);
  }
}

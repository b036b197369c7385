package io.strata.spark.rowlevel;

import io.strata.core.table.FileStoreTable;
import io.strata.core.write.WriteStart;
import java.io.Serializable;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.DeltaWriter;
import org.apache.spark.sql.connector.write.DeltaWriterFactory;

/**
 * The factory Spark ships to the tasks of a row-level write: each task's writer is made from the
 * table, the write's start and the columns the write hands over.
 *
 * @param <C> what the writers need to know of the columns
 */
final class DeltaWriters<C extends Serializable> implements DeltaWriterFactory {

  private static final long serialVersionUID = 1L;

  /** Makes one task's writer; serializable, so a constructor reference travels with the factory. */
  @FunctionalInterface
  interface Maker<C> extends Serializable {
    DeltaWriter<InternalRow> make(FileStoreTable table, WriteStart start, C columns);
  }

  private final FileStoreTable table;
  private final WriteStart start;
  private final C columns;
  private final Maker<C> maker;

  DeltaWriters(FileStoreTable table, WriteStart start, C columns, Maker<C> maker) {
    this.table = table;
    this.start = start;
    this.columns = columns;
    this.maker = maker;
  }

  @Override
  public DeltaWriter<InternalRow> createWriter(int partitionId, long taskId) {
    return maker.make(table, start, columns);
  }
}

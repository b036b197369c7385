package io.strata.spark.read;

import io.strata.core.data.BinaryRowCodec;
import io.strata.core.deletion.DeletionVector;
import io.strata.core.deletion.DeletionVectorReader;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.predicate.Predicate;
import io.strata.core.scan.FileIndexes;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.DataField;
import io.strata.core.types.RowType;
import io.strata.spark.SparkRowConverter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Reads a split that needs no merge (append files, or raw-convertible primary-key files) as
 * columnar batches, file after file. Data columns come from the file by field id; partition columns
 * are constant vectors of the split's partition; primary-key system columns are never requested.
 * Batches are in the read type's column order.
 */
final class SplitBatchReader implements PartitionReader<ColumnarBatch> {

  private final FileStoreTable table;
  private final DataSplit split;
  private final Predicate filter;
  private final ColumnarReadSettings settings;
  private final TaskReadMetrics metrics;
  private final RowType dataType;
  private final RowType partitionReadType;

  /** For each read column: its index in the reader's batch (data columns, then partition ones). */
  private final int[] sourceColumn;

  private final TaskOpeners openers;
  private final StructType dataSchema;
  private final StructType partitionSchema;
  private InternalRow partitionValues;
  private int nextFile;
  private BatchSource current;
  private ColumnarBatch batch;

  /** What the caller gets: {@link #batch}, or a view of its rows no deletion vector deletes. */
  private ColumnarBatch result;

  private final DeletionVectorReader deletionVectors;
  private DeletionVector deleted = DeletionVector.EMPTY;

  /** The file position of the current batch's first row. */
  private long position;

  private int[] selected = new int[0];

  SplitBatchReader(
      FileStoreTable table,
      DataSplit split,
      RowType readType,
      Predicate filter,
      ColumnarReadSettings settings,
      TaskReadMetrics metrics,
      TaskOpeners openers) {
    this.metrics = metrics;
    this.openers = openers;
    this.table = table;
    this.split = split;
    this.filter = filter;
    this.settings = settings;
    this.deletionVectors = new DeletionVectorReader(table.fileIO());
    RowType partitionType = table.schema().partitionType();
    List<DataField> data = new ArrayList<>();
    List<DataField> partition = new ArrayList<>();
    for (DataField f : readType.fields()) {
      (isPartition(partitionType, f) ? partition : data).add(f);
    }
    this.dataType = new RowType(data);
    this.partitionReadType = new RowType(partition);
    this.dataSchema = SparkReadSchema.of(dataType);
    this.partitionSchema = SparkReadSchema.of(partitionReadType);
    this.sourceColumn = new int[readType.size()];
    for (int i = 0; i < readType.size(); i++) {
      DataField f = readType.field(i);
      int p = partition.indexOf(f);
      sourceColumn[i] = p >= 0 ? data.size() + p : data.indexOf(f);
    }
  }

  static boolean isPartition(RowType partitionType, DataField field) {
    for (DataField p : partitionType.fields()) {
      if (p.id() == field.id()) {
        return true;
      }
    }
    return false;
  }

  @Override
  public boolean next() throws IOException {
    while (true) {
      while (current == null || !current.nextBatch()) {
        closeCurrent();
        if (nextFile >= split.files().size()) {
          return false;
        }
        if (FileIndexes.excludes(table, split, split.files().get(nextFile), filter)) {
          metrics.skippedByFileIndex();
          nextFile++;
          continue;
        }
        deleted = deletionVectors.read(split.deletionFile(nextFile));
        position = 0;
        open(split.files().get(nextFile++));
      }
      int rows = current.resultBatch().numRows();
      batch.setNumRows(rows);
      result = deleted.isEmpty() ? batch : withoutDeletedRows(rows);
      position += rows;
      if (result.numRows() > 0) {
        return true;
      }
    }
  }

  /** The batch's rows that the file's deletion vector keeps, or the batch itself if all are. */
  private ColumnarBatch withoutDeletedRows(int rows) {
    if (selected.length < rows) {
      selected = new int[rows];
    }
    int kept = 0;
    for (int i = 0; i < rows; i++) {
      if (!deleted.isDeleted(position + i)) {
        selected[kept++] = i;
      }
    }
    if (kept == rows) {
      return batch;
    }
    // A fresh array per batch: the views must not change under a batch Spark still holds.
    int[] keptRows = Arrays.copyOf(selected, kept);
    ColumnVector[] columns = new ColumnVector[batch.numCols()];
    for (int c = 0; c < columns.length; c++) {
      columns[c] = new SelectedRowsVector(batch.column(c), keptRows, kept);
    }
    return new ColumnarBatch(columns, kept);
  }

  /**
   * Opens a file, Parquet or ORC. Parquet row groups are skipped only in files without deleted
   * rows: a deletion vector counts positions from the file's first row, and skipped groups would
   * shift them.
   */
  private void open(DataFileMeta file) throws IOException {
    Path path =
        table
            .dataFilePaths()
            .of(split.partition(), split.bucket(), file.fileName(), file.externalPath());
    FileSystem fs = table.fileIO().fileSystem(path);
    if (file.fileName().endsWith(".orc")) {
      metrics.readBytes(file.fileSize());
      current =
          OrcBatchFile.open(
              fs,
              path,
              file.fileSize(),
              dataType,
              SparkReadSchema.of(partitionReadType),
              partitionValues(table, split, partitionReadType),
              settings.batchSize());
      useColumnsOf(current.resultBatch());
      return;
    }
    if (partitionValues == null) {
      partitionValues = partitionValues(table, split, partitionReadType);
    }
    current =
        BatchSource.of(
            openers
                .parquet(fs.getConf(), dataSchema, partitionSchema, settings)
                .open(
                    fs,
                    path,
                    file.fileSize(),
                    deleted.isEmpty() ? filter : null,
                    table.schema().rowType(),
                    table.schema().partitionType(),
                    partitionValues,
                    metrics));
    useColumnsOf(current.resultBatch());
  }

  /** The batch handed out: the source's columns in the read type's order. */
  private void useColumnsOf(ColumnarBatch raw) {
    ColumnVector[] columns = new ColumnVector[sourceColumn.length];
    for (int i = 0; i < columns.length; i++) {
      columns[i] = raw.column(sourceColumn[i]);
    }
    batch = new ColumnarBatch(columns);
  }

  /** The split's values of the partition columns that are read, as Spark values. */
  static InternalRow partitionValues(
      FileStoreTable table, DataSplit split, RowType partitionReadType) {
    RowType partitionType = table.schema().partitionType();
    Object[] all = BinaryRowCodec.deserialize(partitionType, split.partition());
    Object[] read = new Object[partitionReadType.size()];
    for (int i = 0; i < read.length; i++) {
      read[i] = all[partitionType.indexOf(partitionReadType.field(i).name())];
    }
    return new SparkRowConverter(partitionReadType).toSpark(read);
  }

  @Override
  public ColumnarBatch get() {
    return result;
  }

  private void closeCurrent() throws IOException {
    if (current != null) {
      BatchSource closing = current;
      current = null;
      batch = null;
      result = null;
      closing.close();
    }
  }

  @Override
  public void close() throws IOException {
    closeCurrent();
  }
}

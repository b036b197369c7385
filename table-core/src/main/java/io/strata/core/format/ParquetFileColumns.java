package io.strata.core.format;

import java.io.IOException;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnWriteStore;
import org.apache.parquet.column.ColumnWriter;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.ColumnChunkPageWriteStore;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.MessageType;

/**
 * One Parquet file being written through parquet-mr's column writers, cut into row groups of a
 * target size. Rows of top-level primitive columns go straight to the {@link #column column
 * writers}; nested rows go through parquet-mr's record assembly ({@link #records()}), whose
 * bookkeeping per field and record is what writing columns directly saves.
 *
 * <p>Row groups close as parquet-hadoop's own writer closes them: the buffered size is checked
 * after an estimated number of rows, and a group closes once one more pair of average rows could
 * overflow the target (or at {@code parquet.block.row.count.limit}), so files come out laid out as
 * a {@code ParquetWriter} with the same properties lays them out.
 */
final class ParquetFileColumns {

  private final ParquetFileWriter file;
  private final PageCodecs codecs;
  private final CompressionCodecFactory.BytesInputCompressor compressor;
  private final MessageType schema;
  private final ParquetProperties props;
  private final long rowGroupSize;
  private final ColumnDescriptor[] leaves;

  private ColumnChunkPageWriteStore pages;
  private ColumnWriteStore columns;
  private final ColumnWriter[] writers;
  private RecordConsumer records;

  private long rowsInGroup;
  private long rowsAtNextSizeCheck;
  private long nextGroupSize;
  private long closedGroupsEnd;
  private boolean closed;

  private ParquetFileColumns(
      ParquetFileWriter file,
      PageCodecs codecs,
      CompressionCodecName codec,
      MessageType schema,
      ParquetProperties props,
      long rowGroupSize) {
    this.file = file;
    this.codecs = codecs;
    this.compressor = codecs.getCompressor(codec);
    this.schema = schema;
    this.props = props;
    this.rowGroupSize = rowGroupSize;
    this.leaves = schema.getColumns().toArray(ColumnDescriptor[]::new);
    this.writers = new ColumnWriter[leaves.length];
    this.nextGroupSize = rowGroupSize;
    this.rowsAtNextSizeCheck = props.getMinRowCountForPageSizeCheck();
    openGroup();
  }

  /**
   * Creates the file (failing if it exists). {@code conf} carries the settings of codecs other than
   * zstd.
   */
  static ParquetFileColumns create(
      OutputFile out,
      MessageType schema,
      ParquetProperties props,
      CompressionCodecName codec,
      int zstdLevel,
      long rowGroupSize,
      int maxPaddingSize,
      Configuration conf)
      throws IOException {
    ParquetFileWriter file =
        new ParquetFileWriter(
            out, schema, ParquetFileWriter.Mode.CREATE, rowGroupSize, maxPaddingSize, null, props);
    PageCodecs codecs = null;
    try {
      file.start();
      codecs = PageCodecs.forWriting(conf, props.getPageSizeThreshold(), zstdLevel);
      return new ParquetFileColumns(file, codecs, codec, schema, props, rowGroupSize);
    } catch (IOException | RuntimeException e) {
      if (codecs != null) {
        codecs.release();
      }
      file.close();
      throw e;
    }
  }

  /** The writer of leaf column {@code leaf}; a new one after every row group. */
  ColumnWriter column(int leaf) {
    return writers[leaf];
  }

  /**
   * The record consumer for rows written as records (nested columns) in the current row group; it
   * ends each record in the column store itself, so such rows end with {@link #recordEnded()}.
   */
  RecordConsumer records() {
    if (records == null) {
      records = new ColumnIOFactory(false).getColumnIO(schema).getRecordWriter(columns);
    }
    return records;
  }

  /**
   * Ends a row written column by column; true if that closed the row group, after which the {@link
   * #column column writers} are new ones.
   */
  boolean endRow() throws IOException {
    columns.endRecord();
    return recordEnded();
  }

  /**
   * Counts a row whose record consumer has ended it in the column store already; true if that
   * closed the row group.
   */
  boolean recordEnded() throws IOException {
    rowsInGroup++;
    if (rowsInGroup >= props.getRowGroupRowCountLimit()) {
      closeGroup();
      return true;
    }
    if (rowsInGroup < rowsAtNextSizeCheck) {
      return false;
    }
    long buffered = columns.getBufferedSize();
    long perRow = buffered / rowsInGroup;
    if (buffered > nextGroupSize - 2 * perRow) {
      closeGroup();
      return true;
    }
    // Check again about halfway to where the average row says the group fills up.
    long expectedRows = (long) (nextGroupSize / (float) Math.max(perRow, 1));
    rowsAtNextSizeCheck =
        Math.min(
            Math.max(props.getMinRowCountForPageSizeCheck(), (rowsInGroup + expectedRows) / 2),
            rowsInGroup + props.getMaxRowCountForPageSizeCheck());
    return false;
  }

  /** Bytes in closed row groups plus those buffered for the open one: the size to roll at. */
  long dataSize() {
    return closedGroupsEnd + columns.getBufferedSize();
  }

  /** Writes the open row group and the footer, and closes the file. */
  void finish() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      flushGroup();
      file.end(Map.of());
    } finally {
      try {
        release();
      } finally {
        file.close(); // nothing to do after end; after a failure it closes the stream
      }
    }
  }

  /** Closes the file without completing it: for error paths, where it is deleted next. */
  void abandon() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      release();
    } finally {
      file.close();
    }
  }

  private void release() {
    try {
      columns.close();
      pages.close();
    } finally {
      codecs.release();
    }
  }

  private void closeGroup() throws IOException {
    flushGroup();
    columns.close();
    pages.close();
    openGroup();
    rowsAtNextSizeCheck = props.getMinRowCountForPageSizeCheck();
    closedGroupsEnd = file.getPos();
  }

  private void flushGroup() throws IOException {
    if (rowsInGroup == 0) {
      return;
    }
    if (records != null) {
      records.flush(); // nulls the record consumer holds back for nested groups
    }
    file.startBlock(rowsInGroup);
    columns.flush();
    pages.flushToFileWriter(file);
    file.endBlock();
    rowsInGroup = 0;
    // With padding, the next group may have to end sooner to stay within its HDFS block.
    nextGroupSize = Math.min(file.getNextRowGroupSize(), rowGroupSize);
  }

  private void openGroup() {
    pages =
        new ColumnChunkPageWriteStore(
            compressor,
            schema,
            props.getAllocator(),
            props.getColumnIndexTruncateLength(),
            props.getPageWriteChecksumEnabled());
    columns = props.newColumnWriteStore(schema, pages, pages);
    for (int i = 0; i < leaves.length; i++) {
      writers[i] = columns.getColumnWriter(leaves[i]);
    }
    records = null;
  }
}

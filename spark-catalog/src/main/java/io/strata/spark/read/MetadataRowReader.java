package io.strata.spark.read;

import io.strata.core.read.SplitReader;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowTrackingFields;
import io.strata.core.types.RowType;
import io.strata.spark.SparkRowConverter;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.expressions.JoinedRow;
import org.apache.spark.sql.connector.read.PartitionReader;

/**
 * Reads an append split's rows followed by hidden {@link MetadataColumns} (file path, row position,
 * bucket), file after file and without row-group skipping, so each position is the one a deletion
 * vector marks.
 */
final class MetadataRowReader implements PartitionReader<InternalRow> {

  private final FileStoreTable table;
  private final DataSplit split;
  private final SplitReader reader;
  private final List<MetadataColumns> columns;
  private final SparkRowConverter converter;
  private final JoinedRow joined = new JoinedRow();
  private InternalRow current;

  MetadataRowReader(
      FileStoreTable table, DataSplit split, RowType readType, List<MetadataColumns> columns) {
    this.table = table;
    this.split = split;
    this.columns = columns;
    this.reader = new SplitReader(table, split, readType);
    this.converter = new SparkRowConverter(readType);
    this.dataArity = readType.size();
    if (columns.stream().anyMatch(MetadataColumns::tracksRows)) {
      reader.withSystemFields(RowTrackingFields.FIELDS);
    }
  }

  /** How many of a read row's values are the table's columns; row tracking's follow. */
  private final int dataArity;

  private static final Object[] NOT_READ = new Object[2];

  @Override
  public boolean next() {
    if (!reader.hasNext()) {
      return false;
    }
    Object[] row = reader.next();
    Object[] stored = NOT_READ;
    if (row.length > dataArity) {
      stored = Arrays.copyOfRange(row, dataArity, row.length);
      row = Arrays.copyOf(row, dataArity);
    }
    InternalRow data = converter.toSpark(row);
    Object[] values = new Object[columns.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = columns.get(i).value(table, split, reader, stored);
    }
    current = joined.apply(data, new GenericInternalRow(values));
    return true;
  }

  @Override
  public InternalRow get() {
    return current;
  }

  @Override
  public void close() throws IOException {
    reader.close();
  }
}

package io.strata.spark.read;

import io.strata.core.merge.KeyValueLayout;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.DataField;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;

/**
 * The columns a merged split reads: the requested file columns are the data read columns, the key
 * columns ({@code _KEY_<k>}), {@code _SEQUENCE_NUMBER} and {@code _VALUE_KIND}, matched by field id
 * (a column an older file lacks reads NULL); read partition columns are constants, and a read key
 * column is its {@code _KEY_} column (the file holds it twice).
 *
 * <p>Rows of a merged split are laid out as the read columns (in read order), then the keys, the
 * sequence number and the kind; {@link #columns()} says where each comes from in the reader's
 * batches, which hold the requested file columns and then the partition constants. The sequence
 * number and the kind need not be read from the files when the split's metadata already settles
 * them ({@link MergeCursor.FileConstants}): their columns are then {@link #CONSTANT}.
 */
final class MergeLayout {

  /** The column of a layout column whose value each file holds as a constant, not in its data. */
  static final int CONSTANT = -1;

  private final RowType dataType;
  private final RowType partitionReadType;
  private final int[] columns;
  private final DataType[] sparkTypes;
  private final FileStoreTable table;
  private final DataSplit split;

  MergeLayout(
      FileStoreTable table,
      DataSplit split,
      RowType readType,
      RowType keyType,
      boolean readsSequence,
      boolean readsKind) {
    this.table = table;
    this.split = split;
    RowType partitionType = table.schema().partitionType();
    List<DataField> data = new ArrayList<>();
    List<DataField> partition = new ArrayList<>();
    for (DataField f : readType.fields()) {
      if (SplitBatchReader.isPartition(partitionType, f)) {
        partition.add(f);
      } else if (keyIndex(keyType, f) < 0) {
        data.add(f);
      }
    }
    RowType fileKeys = new KeyValueLayout(keyType, table.schema().rowType()).fileType();
    int systemColumns = keyType.size() + 2;
    List<DataField> requested = new ArrayList<>(data);
    requested.addAll(fileKeys.fields().subList(0, keyType.size()));
    if (readsSequence) {
      requested.add(fileKeys.field(keyType.size()));
    }
    if (readsKind) {
      requested.add(fileKeys.field(keyType.size() + 1));
    }
    this.dataType = new RowType(requested);
    this.partitionReadType = new RowType(partition);
    int n = readType.size();
    this.columns = new int[n + systemColumns];
    this.sparkTypes = new DataType[columns.length];
    for (int i = 0; i < n; i++) {
      DataField f = readType.field(i);
      int p = partition.indexOf(f);
      int k = keyIndex(keyType, f);
      // A key column read as a value is the key column itself: the file holds it twice.
      columns[i] = p >= 0 ? requested.size() + p : k >= 0 ? data.size() + k : data.indexOf(f);
      sparkTypes[i] = SparkReadSchema.sparkType(f.type());
    }
    int next = data.size();
    for (int i = 0; i < systemColumns; i++) {
      boolean read = i < keyType.size() || (i == keyType.size() ? readsSequence : readsKind);
      columns[n + i] = read ? next++ : CONSTANT;
      sparkTypes[n + i] =
          i < keyType.size()
              ? SparkReadSchema.sparkType(keyType.typeAt(i))
              : (i == keyType.size() ? DataTypes.LongType : DataTypes.ByteType);
    }
  }

  private static int keyIndex(RowType keyType, DataField field) {
    for (int i = 0; i < keyType.size(); i++) {
      if (keyType.field(i).id() == field.id()) {
        return i;
      }
    }
    return -1;
  }

  /** An opener of the split's files; {@code conf} is the table file system's configuration. */
  ParquetBatchFile opener(Configuration conf, ColumnarReadSettings settings) {
    return new ParquetBatchFile(
        conf, SparkReadSchema.of(dataType), SparkReadSchema.of(partitionReadType), settings);
  }

  /** The split's values of the partition columns read. */
  InternalRow partitionValues() {
    return SplitBatchReader.partitionValues(table, split, partitionReadType);
  }

  int[] columns() {
    return columns;
  }

  DataType[] sparkTypes() {
    return sparkTypes;
  }
}

package io.strata.spark.read;

import io.strata.core.options.TableOptions;
import io.strata.core.read.RowTracking;
import io.strata.core.read.SplitReader;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowTrackingFields;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.connector.catalog.MetadataColumn;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * The hidden columns an append table's rows carry, named as Paimon's Spark connector names them:
 * the full path of the row's data file, the row's 0-based position in it (what a deletion vector
 * marks) and its bucket; on row-tracking tables also the row's id and sequence number ({@link
 * RowTracking}). Reading them takes the row path without row-group skipping, so positions count
 * every row of the file.
 */
public enum MetadataColumns {
  FILE_PATH("__paimon_file_path", DataTypes.StringType, false),
  ROW_INDEX("__paimon_row_index", DataTypes.LongType, false),
  BUCKET("__paimon_bucket", DataTypes.IntegerType, false),
  ROW_ID(RowTrackingFields.ROW_ID.name(), DataTypes.LongType, true),
  /**
   * Nullable, as Spark sets it to NULL in the rows an UPDATE or MERGE changes (not preserved on
   * update): their commit gives them its snapshot id.
   */
  SEQUENCE_NUMBER(RowTrackingFields.SEQUENCE_NUMBER.name(), DataTypes.LongType, true);

  private final String columnName;
  private final DataType type;
  private final boolean nullable;

  MetadataColumns(String columnName, DataType type, boolean nullable) {
    this.columnName = columnName;
    this.type = type;
    this.nullable = nullable;
  }

  /** Whether the column is one of row tracking's, read from what the file stores. */
  boolean tracksRows() {
    return this == ROW_ID || this == SEQUENCE_NUMBER;
  }

  public String columnName() {
    return columnName;
  }

  /** The column of {@code name}, or null when it names none. */
  public static MetadataColumns of(String name) {
    for (MetadataColumns c : values()) {
      if (c.columnName.equalsIgnoreCase(name)) {
        return c;
      }
    }
    return null;
  }

  /** The columns a table offers: none for primary-key tables, whose rows come from merges. */
  public static MetadataColumn[] of(FileStoreTable table) {
    if (table.schema().hasPrimaryKey()) {
      return new MetadataColumn[0];
    }
    boolean rowTracking = table.options().get(TableOptions.ROW_TRACKING_ENABLED);
    List<MetadataColumn> columns = new ArrayList<>();
    for (MetadataColumns c : values()) {
      if (c.tracksRows() && !rowTracking) {
        continue;
      }
      columns.add(
          new MetadataColumn() {
            @Override
            public String name() {
              return c.columnName;
            }

            @Override
            public DataType dataType() {
              return c.type;
            }

            @Override
            public boolean isNullable() {
              return c.nullable;
            }

            @Override
            public String metadataInJSON() {
              // What a copy-on-write rewrite hands back (RowLevelOperation metadata): a changed
              // row keeps its id and takes a new sequence number, a copied one keeps both.
              return c == SEQUENCE_NUMBER
                  ? "{\"" + MetadataColumn.PRESERVE_ON_UPDATE + "\":false}"
                  : MetadataColumn.super.metadataInJSON();
            }
          });
    }
    return columns.toArray(new MetadataColumn[0]);
  }

  /** {@code schema} followed by {@code columns}. */
  static StructType append(StructType schema, List<MetadataColumns> columns) {
    StructType result = schema;
    for (MetadataColumns c : columns) {
      result = result.add(c.columnName, c.type, c.nullable);
    }
    return result;
  }

  /**
   * The value of this column for the row {@code reader} returned last, whose own row-tracking
   * columns ({@link RowTrackingFields#FIELDS}, when read) are {@code stored[0]} and {@code
   * stored[1]}.
   */
  Object value(FileStoreTable table, DataSplit split, SplitReader reader, Object[] stored) {
    return switch (this) {
      case ROW_ID -> RowTracking.rowId(stored[0], reader.lastFile(), reader.lastPosition());
      case SEQUENCE_NUMBER -> RowTracking.sequenceNumber(stored[1], reader.lastFile());
      case FILE_PATH ->
          UTF8String.fromString(
              table
                  .dataFilePaths()
                  .of(
                      split.partition(),
                      split.bucket(),
                      reader.lastFile().fileName(),
                      reader.lastFile().externalPath())
                  .toString());
      case ROW_INDEX -> reader.lastPosition();
      case BUCKET -> split.bucket();
    };
  }
}

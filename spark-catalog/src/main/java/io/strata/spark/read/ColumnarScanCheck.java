package io.strata.spark.read;

import io.strata.core.manifest.DataFileMeta;
import io.strata.core.schema.TableSchema;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.ArrayType;
import io.strata.core.types.AtomicType;
import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.MapType;
import io.strata.core.types.RowType;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.types.DataTypes;

/**
 * Decides per scan whether every split can be read as columnar batches. Spark requires one answer
 * for all input partitions of a scan, so a single split that needs a merge (or a file the
 * vectorized reader cannot map) sends the whole scan down the row path.
 */
final class ColumnarScanCheck {

  private ColumnarScanCheck() {}

  /** Why the scan must read rows, or null when it can read columnar batches. */
  static String rowPathReason(
      FileStoreTable table, List<DataSplit> splits, RowType readType, ReadMode mode) {
    if (mode == ReadMode.AUDIT_LOG) {
      return "$audit_log rows carry a row kind";
    }
    String typeReason = unsupportedType(readType);
    if (typeReason != null) {
      return typeReason;
    }
    boolean primaryKey = table.schema().hasPrimaryKey();
    Set<Long> schemaIds = new HashSet<>();
    for (DataSplit split : splits) {
      if (primaryKey && !split.rawConvertible()) {
        return "a primary-key split needs a merge";
      }
      for (DataFileMeta file : split.files()) {
        if (!file.fileName().endsWith(".parquet")) {
          return "data file " + file.fileName() + " is not Parquet";
        }
        schemaIds.add(file.schemaId());
      }
    }
    Map<Long, TableSchema> schemas = new HashMap<>();
    for (long id : schemaIds) {
      TableSchema schema =
          id == table.schema().id()
              ? table.schema()
              : schemas.computeIfAbsent(id, table.schemaManager()::schema);
      String reason = unmappable(schema, readType);
      if (reason != null) {
        return reason;
      }
    }
    return null;
  }

  /** Types the vectorized reader cannot produce as the row path does. */
  private static String unsupportedType(DataType type) {
    return switch (type.root()) {
      // Precision above 6 is stored as INT96, which Spark reads only as a session-zone timestamp.
      case TIMESTAMP, TIMESTAMP_LTZ ->
          ((AtomicType) type).precision() > 6 ? "timestamps with precision above 6" : null;
      case TIME -> "TIME columns";
      case ROW -> {
        for (DataField f : ((RowType) type).fields()) {
          String r = unsupportedType(f.type());
          if (r != null) {
            yield r;
          }
        }
        yield null;
      }
      case ARRAY -> unsupportedType(((ArrayType) type).element());
      case MAP -> {
        String r = unsupportedType(((MapType) type).key());
        yield r != null ? r : unsupportedType(((MapType) type).value());
      }
      default -> null;
    };
  }

  /**
   * Why files of {@code fileSchema} cannot be read as {@code readType} by Spark's reader, or null.
   * Top-level fields are matched by id; a field the file lacks reads as NULL. A type change is fine
   * when Spark reads the same type, or widens the integer/float column itself.
   */
  private static String unmappable(TableSchema fileSchema, RowType readType) {
    for (DataField read : readType.fields()) {
      for (DataField file : fileSchema.fields()) {
        if (file.id() != read.id()) {
          continue;
        }
        String r = unsupportedType(file.type());
        if (r != null) {
          return r;
        }
        org.apache.spark.sql.types.DataType from = SparkReadSchema.sparkType(file.type());
        org.apache.spark.sql.types.DataType to = SparkReadSchema.sparkType(read.type());
        if (!from.equals(to) && !sparkWidens(from, to)) {
          return "field " + read.name() + " changed from " + file.type() + " to " + read.type();
        }
      }
    }
    return null;
  }

  /** The widenings Spark 4's vectorized Parquet reader performs on INT32 and FLOAT columns. */
  private static boolean sparkWidens(
      org.apache.spark.sql.types.DataType from, org.apache.spark.sql.types.DataType to) {
    int fromRank = integerRank(from);
    int toRank = integerRank(to);
    if (fromRank > 0 && toRank > fromRank) {
      return true;
    }
    if (to.equals(DataTypes.DoubleType)) {
      return from.equals(DataTypes.FloatType) || (fromRank > 0 && fromRank < 4);
    }
    return false;
  }

  private static int integerRank(org.apache.spark.sql.types.DataType t) {
    if (t.equals(DataTypes.ByteType)) {
      return 1;
    }
    if (t.equals(DataTypes.ShortType)) {
      return 2;
    }
    if (t.equals(DataTypes.IntegerType)) {
      return 3;
    }
    return t.equals(DataTypes.LongType) ? 4 : 0;
  }
}

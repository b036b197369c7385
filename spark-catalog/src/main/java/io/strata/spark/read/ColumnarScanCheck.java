package io.strata.spark.read;

import io.strata.core.manifest.DataFileMeta;
import io.strata.core.options.MergeEngine;
import io.strata.core.options.TableOptions;
import io.strata.core.schema.TableSchema;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.ArrayType;
import io.strata.core.types.AtomicType;
import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.MapType;
import io.strata.core.types.RowType;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.types.DataTypes;

/**
 * Decides per scan whether every split can be read as columnar batches. Spark requires one answer
 * for all input partitions of a scan, so a single split that needs a merge sends the whole scan to
 * rows, merged from batches where the merge engine allows ({@link #vectorizedReason}); a file the
 * vectorized reader cannot map sends it down table-core's row path.
 */
final class ColumnarScanCheck {

  private ColumnarScanCheck() {}

  /** Why the scan must read rows, or null when it can read columnar batches. */
  static String rowPathReason(
      FileStoreTable table, List<DataSplit> splits, RowType readType, ReadMode mode) {
    String reason = vectorizedReason(table, splits, readType, mode);
    if (reason != null) {
      return reason;
    }
    return needsMerge(table, splits) ? "a primary-key split needs a merge" : null;
  }

  /**
   * Why the scan cannot read its files with Spark's vectorized reader at all, or null: then a scan
   * with splits that need a merge merges them from batches ({@link ReadPath#MERGED_BATCHES}).
   */
  static String vectorizedReason(
      FileStoreTable table, List<DataSplit> splits, RowType readType, ReadMode mode) {
    if (mode == ReadMode.AUDIT_LOG) {
      return "$audit_log rows carry a row kind";
    }
    String typeReason = unsupportedType(readType);
    if (typeReason != null) {
      return typeReason;
    }
    boolean merging = needsMerge(table, splits);
    if (merging) {
      String reason = mergeReason(table, splits, readType);
      if (reason != null) {
        return reason;
      }
    }
    Set<Long> schemaIds = new HashSet<>();
    boolean orc = false;
    for (DataSplit split : splits) {
      for (DataFileMeta file : split.files()) {
        if (file.fileName().endsWith(".orc")) {
          orc = true;
        } else if (!file.fileName().endsWith(".parquet")) {
          return "data file " + file.fileName() + " is neither Parquet nor ORC";
        }
        schemaIds.add(file.schemaId());
      }
    }
    if (orc) {
      String reason = orcReason(readType, merging);
      if (reason != null) {
        return reason;
      }
    }
    for (long id : schemaIds) {
      TableSchema schema =
          id == table.schema().id() ? table.schema() : table.schemaManager().schema(id);
      String reason = unmappable(schema, readType, !orc);
      if (reason == null && merging) {
        reason = unmappable(schema, table.schema().trimmedPrimaryKeyType(), !orc);
      }
      SequenceFields sequence = SequenceFields.of(table);
      if (reason == null && merging && sequence != null) {
        reason = unmappable(schema, sequence.type(), !orc);
      }
      if (reason != null) {
        return reason;
      }
    }
    return null;
  }

  /**
   * Why ORC files cannot be read as batches ({@link OrcBatchFile}), or null: it reads top-level
   * atomic columns of splits that need no merge; nested columns and merges stay on rows.
   */
  private static String orcReason(RowType readType, boolean merging) {
    if (merging) {
      return "ORC files to merge are merged on the row path";
    }
    for (DataField f : readType.fields()) {
      if (!(f.type() instanceof AtomicType)) {
        return "ORC column " + f.name() + " of " + f.type() + " is read on the row path";
      }
    }
    return null;
  }

  private static boolean needsMerge(FileStoreTable table, List<DataSplit> splits) {
    if (!table.schema().hasPrimaryKey()) {
      return false;
    }
    for (DataSplit split : splits) {
      if (!split.rawConvertible()) {
        return true;
      }
    }
    return false;
  }

  /** Why merges of this table cannot run on batches ({@link MergeRowReader}), or null. */
  private static String mergeReason(
      FileStoreTable table, List<DataSplit> splits, RowType readType) {
    for (DataSplit split : splits) {
      // MergeRowReader does not apply deletion vectors; table-core's merge does.
      if (!split.rawConvertible() && split.hasDeletionFiles()) {
        return "a split to merge has deletion vectors";
      }
    }
    RowType keyType = table.schema().trimmedPrimaryKeyType();
    if (!KeyComparator.supports(keyType)) {
      return "primary key " + keyType + " has no batch order";
    }
    MergeEngine engine = table.options().get(TableOptions.MERGE_ENGINE);
    String sequenceOption = table.options().get(TableOptions.SEQUENCE_FIELD);
    if (engine == MergeEngine.DEDUPLICATE && table.options().get(TableOptions.IGNORE_DELETE)) {
      return "deduplicate with ignore-delete passes over retractions on rows";
    }
    if (sequenceOption == null
        && (engine == MergeEngine.DEDUPLICATE || engine == MergeEngine.FIRST_ROW)) {
      return null;
    }
    if (sequenceOption != null) {
      SequenceFields sequence = SequenceFields.of(table);
      // The row path reports a missing column; types without a batch order merge there too.
      if (sequence == null || !KeyComparator.supports(sequence.type())) {
        return "sequence.field " + sequenceOption + " has no batch order";
      }
    }
    if (engine == MergeEngine.PARTIAL_UPDATE
        && io.strata.core.merge.MergeFunctions.hasSequenceGroups(table.schema().options())) {
      return "partial-update sequence groups merge on rows only";
    }
    if (KeyFold.of(table, readType) == null) {
      return "merge-engine " + engine.value() + " folds a read column on rows only";
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
   * when Spark reads the same type, or (Parquet only: {@code widening}) when Spark's Parquet reader
   * widens the integer/float column itself.
   */
  private static String unmappable(TableSchema fileSchema, RowType readType, boolean widening) {
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
        if (!from.equals(to) && !(widening && sparkWidens(from, to))) {
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

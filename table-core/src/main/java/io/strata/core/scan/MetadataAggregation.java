package io.strata.core.scan;

import io.strata.core.data.BinaryRowCodec;
import io.strata.core.data.ValueComparator;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.options.Options;
import io.strata.core.options.TableOptions;
import io.strata.core.schema.SchemaManager;
import io.strata.core.schema.TableSchema;
import io.strata.core.split.DataSplit;
import io.strata.core.types.DataType;
import io.strata.core.types.DataTypeRoot;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Answers {@code COUNT(*)}, {@code COUNT(col)}, {@code MIN(col)} and {@code MAX(col)}, grouped by
 * partition columns, from the row counts and value stats the manifests keep for every data file,
 * without opening one, when the metadata makes the answer exact:
 *
 * <ul>
 *   <li>append tables; primary-key tables only when every split is read without a merge and no file
 *       holds retractions (a merge could drop or replace rows the counts include);
 *   <li>no deletion vectors (they hide rows the counts include);
 *   <li>MIN/MAX only of types whose stats are never truncated or ambiguous (integers, decimals,
 *       dates, times, timestamps, booleans; not strings, which stats may truncate, nor floating
 *       point, whose NaN stats Paimon does not keep), and only when every file has them.
 * </ul>
 */
public final class MetadataAggregation {

  private static final Set<DataTypeRoot> EXACT_MIN_MAX =
      EnumSet.of(
          DataTypeRoot.BOOLEAN,
          DataTypeRoot.TINYINT,
          DataTypeRoot.SMALLINT,
          DataTypeRoot.INT,
          DataTypeRoot.BIGINT,
          DataTypeRoot.DECIMAL,
          DataTypeRoot.DATE,
          DataTypeRoot.TIME,
          DataTypeRoot.TIMESTAMP,
          DataTypeRoot.TIMESTAMP_LTZ);

  /** What to compute. */
  public enum Kind {
    COUNT_STAR,
    COUNT,
    MIN,
    MAX
  }

  /**
   * One aggregate; {@code field} is the column's index in the table's row type (ignored for {@code
   * COUNT_STAR}).
   */
  public record Aggregate(Kind kind, int field) {}

  private MetadataAggregation() {}

  /** Whether {@code type}'s MIN and MAX can be taken from file stats. */
  public static boolean exactMinMax(DataType type) {
    return EXACT_MIN_MAX.contains(type.root());
  }

  /**
   * The result rows (group-by values, then one value per aggregate, in order), or empty when the
   * metadata cannot answer exactly.
   *
   * @param groupBy indices of the group-by columns in the table's partition type
   */
  public static Optional<List<Object[]>> compute(
      SchemaManager schemas,
      TableSchema schema,
      List<DataSplit> splits,
      int[] groupBy,
      List<Aggregate> aggregates) {
    if (!countsAreExact(schema, splits)) {
      return Optional.empty();
    }
    for (Aggregate a : aggregates) {
      if ((a.kind() == Kind.MIN || a.kind() == Kind.MAX)
          && !exactMinMax(schema.rowType().field(a.field()).type())) {
        return Optional.empty();
      }
    }
    FileStatsReader statsReader = new FileStatsReader(schemas, schema);
    Map<List<Object>, Object[]> groups = new LinkedHashMap<>();
    for (DataSplit split : splits) {
      Object[] partition = BinaryRowCodec.deserialize(schema.partitionType(), split.partition());
      List<Object> key = new ArrayList<>(groupBy.length);
      for (int g : groupBy) {
        key.add(partition[g]);
      }
      Object[] acc = groups.computeIfAbsent(key, k -> initial(aggregates));
      for (DataFileMeta file : split.files()) {
        if (!accumulate(acc, aggregates, file, statsReader, schema)) {
          return Optional.empty();
        }
      }
    }
    if (groups.isEmpty() && groupBy.length == 0) {
      groups.put(List.of(), initial(aggregates));
    }
    List<Object[]> rows = new ArrayList<>(groups.size());
    for (Map.Entry<List<Object>, Object[]> e : groups.entrySet()) {
      Object[] row = Arrays.copyOf(e.getKey().toArray(), groupBy.length + aggregates.size());
      System.arraycopy(e.getValue(), 0, row, groupBy.length, aggregates.size());
      rows.add(row);
    }
    return Optional.of(rows);
  }

  private static boolean countsAreExact(TableSchema schema, List<DataSplit> splits) {
    Options options = new Options(schema.options());
    if (options.get(TableOptions.DELETION_VECTORS_ENABLED)) {
      return false;
    }
    if (!schema.hasPrimaryKey()) {
      return true;
    }
    for (DataSplit split : splits) {
      if (!split.rawConvertible()) {
        return false;
      }
      for (DataFileMeta f : split.files()) {
        if (f.deleteRowCount() == null || f.deleteRowCount() != 0) {
          return false;
        }
      }
    }
    return true;
  }

  private static Object[] initial(List<Aggregate> aggregates) {
    Object[] acc = new Object[aggregates.size()];
    for (int i = 0; i < acc.length; i++) {
      Kind k = aggregates.get(i).kind();
      acc[i] = k == Kind.COUNT_STAR || k == Kind.COUNT ? 0L : null;
    }
    return acc;
  }

  /** Adds one file; false when its stats cannot answer. */
  private static boolean accumulate(
      Object[] acc,
      List<Aggregate> aggregates,
      DataFileMeta file,
      FileStatsReader statsReader,
      TableSchema schema) {
    FileStatsReader.FileStats stats = null;
    for (int i = 0; i < acc.length; i++) {
      Aggregate a = aggregates.get(i);
      if (a.kind() == Kind.COUNT_STAR) {
        acc[i] = (Long) acc[i] + file.rowCount();
        continue;
      }
      if (stats == null) {
        stats = statsReader.read(file);
        if (stats == null) {
          return false;
        }
      }
      Long nulls = stats.nullCounts()[a.field()];
      if (nulls == null) {
        return false;
      }
      long nonNull = file.rowCount() - nulls;
      if (a.kind() == Kind.COUNT) {
        acc[i] = (Long) acc[i] + nonNull;
        continue;
      }
      if (nonNull == 0) {
        continue;
      }
      Object value = a.kind() == Kind.MIN ? stats.min()[a.field()] : stats.max()[a.field()];
      if (value == null) {
        return false; // stats mode 'counts' or 'none' for this column
      }
      Comparator<Object> cmp = ValueComparator.of(schema.rowType().field(a.field()).type());
      if (acc[i] == null
          || (a.kind() == Kind.MIN
              ? cmp.compare(value, acc[i]) < 0
              : cmp.compare(value, acc[i]) > 0)) {
        acc[i] = value;
      }
    }
    return true;
  }
}

package io.strata.core.scan;

import io.strata.core.data.ValueComparator;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.options.Options;
import io.strata.core.options.TableOptions;
import io.strata.core.schema.SchemaManager;
import io.strata.core.schema.TableSchema;
import io.strata.core.split.DataSplit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Drops the splits that cannot hold any of the first {@code n} rows of {@code ORDER BY col}, by the
 * value stats of their files. Under the sort order (direction and null placement), every row of a
 * split lies between its split's lowest and highest key. If splits whose rows all reach the reader
 * unchanged hold at least {@code n} rows with keys up to a threshold T, then a split whose lowest
 * key is above T holds only rows that n others precede, and it need not be read. Splits whose stats
 * are unknown, or whose rows a merge may change, are always kept and never counted.
 */
public final class TopNPruning {

  /** The sort: a column of the table's row type, its direction and where NULLs go. */
  public record Order(int field, boolean descending, boolean nullsFirst) {}

  /** A file's key range under the order; null keys stand for NULL. */
  private record Bounds(Object low, Object high, long rows) {}

  private final FileStatsReader stats;
  private final TableSchema schema;
  private final Order order;
  private final Comparator<Object> keys;

  private TopNPruning(SchemaManager schemas, TableSchema schema, Order order) {
    this.stats = new FileStatsReader(schemas, schema);
    this.schema = schema;
    this.order = order;
    Comparator<Object> values = ValueComparator.of(schema.rowType().typeAt(order.field()));
    Comparator<Object> directed = order.descending() ? values.reversed() : values;
    this.keys =
        (a, b) -> {
          if (a == null || b == null) {
            return a == b ? 0 : (a == null) == order.nullsFirst() ? -1 : 1;
          }
          return directed.compare(a, b);
        };
  }

  /**
   * The splits (in their order) that may hold one of the first {@code n} rows, or all of them when
   * the column's stats are not exact ({@link MetadataAggregation#exactMinMax}) or the table uses
   * deletion vectors (which hide rows the counts include).
   */
  public static List<DataSplit> prune(
      SchemaManager schemas, TableSchema schema, List<DataSplit> splits, Order order, long n) {
    if (!MetadataAggregation.exactMinMax(schema.rowType().typeAt(order.field()))
        || new Options(schema.options()).get(TableOptions.DELETION_VECTORS_ENABLED)) {
      return splits;
    }
    return new TopNPruning(schemas, schema, order).prune(splits, n);
  }

  private List<DataSplit> prune(List<DataSplit> splits, long n) {
    // A split read without a merge is a list of independent files: each is bounded and counted.
    List<Bounds> certain = new ArrayList<>();
    for (DataSplit split : splits) {
      if (rowsReachReader(split)) {
        for (DataFileMeta file : split.files()) {
          Bounds b = bounds(file);
          if (b != null) {
            certain.add(b);
          }
        }
      }
    }
    Object threshold = threshold(certain, n);
    if (threshold == NONE) {
      return splits;
    }
    List<DataSplit> kept = new ArrayList<>();
    for (DataSplit split : splits) {
      if (!rowsReachReader(split)) {
        kept.add(split);
        continue;
      }
      List<DataFileMeta> files = new ArrayList<>();
      for (DataFileMeta file : split.files()) {
        Bounds b = bounds(file);
        if (b == null || keys.compare(b.low(), threshold) <= 0) {
          files.add(file);
        }
      }
      if (files.size() == split.files().size()) {
        kept.add(split);
      } else if (!files.isEmpty()) {
        kept.add(
            new DataSplit(
                split.snapshotId(),
                split.partition(),
                split.bucket(),
                split.totalBuckets(),
                files,
                split.rawConvertible()));
      }
    }
    return kept;
  }

  /** Marks that no threshold exists (NULL is a valid key). */
  private static final Object NONE = new Object();

  /** The least key T such that files with keys up to T hold n rows, or {@link #NONE}. */
  private Object threshold(List<Bounds> certain, long n) {
    certain.sort((x, y) -> keys.compare(x.high(), y.high()));
    long rows = 0;
    for (Bounds b : certain) {
      rows += b.rows();
      if (rows >= n) {
        return b.high();
      }
    }
    return NONE;
  }

  /** Whether the split's rows reach the reader as its files hold them (no merge, no retraction). */
  private boolean rowsReachReader(DataSplit split) {
    if (!split.rawConvertible()) {
      return false;
    }
    if (!schema.hasPrimaryKey()) {
      return true;
    }
    for (DataFileMeta f : split.files()) {
      if (f.deleteRowCount() == null || f.deleteRowCount() != 0) {
        return false;
      }
    }
    return true;
  }

  /** The file's key range, or null when it has no rows or its stats do not bound it. */
  private Bounds bounds(DataFileMeta file) {
    if (file.rowCount() == 0) {
      return null;
    }
    Object[] range = fileRange(file);
    return range == null ? null : new Bounds(range[0], range[1], file.rowCount());
  }

  /** {lowest key, highest key} of a file with rows, or null when its stats are incomplete. */
  private Object[] fileRange(DataFileMeta file) {
    FileStatsReader.FileStats s = stats.read(file);
    if (s == null || s.nullCounts()[order.field()] == null) {
      return null;
    }
    long nulls = s.nullCounts()[order.field()];
    long values = file.rowCount() - nulls;
    Object min = s.min()[order.field()];
    Object max = s.max()[order.field()];
    if (values > 0 && (min == null || max == null)) {
      return null;
    }
    if (values <= 0) {
      return new Object[] {null, null};
    }
    Object first = order.descending() ? max : min;
    Object last = order.descending() ? min : max;
    if (nulls == 0) {
      return new Object[] {first, last};
    }
    return order.nullsFirst() ? new Object[] {null, last} : new Object[] {first, null};
  }
}

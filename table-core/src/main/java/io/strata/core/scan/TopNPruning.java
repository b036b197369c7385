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

  /** A split's key range under the order; null keys stand for NULL. */
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
    List<Bounds> bounds = new ArrayList<>(splits.size());
    List<Bounds> certain = new ArrayList<>();
    for (DataSplit split : splits) {
      Bounds b = rowsReachReader(split) ? bounds(split) : null;
      bounds.add(b);
      if (b != null) {
        certain.add(b);
      }
    }
    certain.sort((x, y) -> keys.compare(x.high(), y.high()));
    long rows = 0;
    Object threshold = null;
    boolean found = false;
    for (Bounds b : certain) {
      rows += b.rows();
      if (rows >= n) {
        threshold = b.high();
        found = true;
        break;
      }
    }
    if (!found) {
      return splits;
    }
    List<DataSplit> kept = new ArrayList<>();
    for (int i = 0; i < splits.size(); i++) {
      Bounds b = bounds.get(i);
      if (b == null || keys.compare(b.low(), threshold) <= 0) {
        kept.add(splits.get(i));
      }
    }
    return kept;
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

  /** The split's key range, or null when a file's stats do not bound it. */
  private Bounds bounds(DataSplit split) {
    Object low = null;
    Object high = null;
    boolean any = false;
    for (DataFileMeta file : split.files()) {
      if (file.rowCount() == 0) {
        continue;
      }
      Object[] range = fileRange(file);
      if (range == null) {
        return null;
      }
      if (!any || keys.compare(range[0], low) < 0) {
        low = range[0];
      }
      if (!any || keys.compare(range[1], high) > 0) {
        high = range[1];
      }
      any = true;
    }
    return any ? new Bounds(low, high, split.rowCount()) : null;
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

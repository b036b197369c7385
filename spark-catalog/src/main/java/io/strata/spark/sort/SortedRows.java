package io.strata.spark.sort;

import static org.apache.spark.sql.functions.col;

import io.strata.core.compact.CompactionOrder;
import io.strata.core.compact.OrderStrategy;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;

/**
 * The rows of a sort compaction in the order they are written: range-partitioned and sorted by the
 * partition columns, then by the order columns ({@code order}) or their z-order key ({@code
 * zorder}), so each Spark task writes contiguous ranges and each file covers a narrow range.
 */
final class SortedRows {

  /** The column of the z-order key, dropped again before the rows are written. */
  private static final String ZORDER_COLUMN = "__strata_zorder_key";

  private SortedRows() {}

  /**
   * @param tasks the Spark tasks that write the sorted rows, each a range of the order
   * @param varLengthBytes {@code zorder.var-length-contribution}
   */
  static Dataset<Row> of(
      Dataset<Row> rows,
      CompactionOrder order,
      List<String> partitionKeys,
      int tasks,
      int varLengthBytes) {
    List<Column> sortBy = new ArrayList<>();
    partitionKeys.forEach(k -> sortBy.add(col(quoted(k))));
    Dataset<Row> keyed = rows;
    if (order.strategy() == OrderStrategy.ZORDER) {
      Column[] orderColumns =
          order.columnNames().stream().map(c -> col(quoted(c))).toArray(Column[]::new);
      Column key =
          functions
              .udf(new ZOrderUdf(order.columns(), varLengthBytes), DataTypes.BinaryType)
              .apply(functions.struct(orderColumns));
      keyed = rows.withColumn(ZORDER_COLUMN, key);
      sortBy.add(col(ZORDER_COLUMN));
    } else {
      order.columnNames().forEach(c -> sortBy.add(col(quoted(c))));
    }
    Column[] by = sortBy.toArray(new Column[0]);
    Dataset<Row> sorted = keyed.repartitionByRange(tasks, by).sortWithinPartitions(by);
    return order.strategy() == OrderStrategy.ZORDER ? sorted.drop(ZORDER_COLUMN) : sorted;
  }

  private static String quoted(String column) {
    return "`" + column.replace("`", "``") + "`";
  }
}

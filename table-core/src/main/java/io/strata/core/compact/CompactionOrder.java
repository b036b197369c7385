package io.strata.core.compact;

import io.strata.core.errors.CoreErrors;
import io.strata.core.options.Options;
import io.strata.core.options.TableOptions;
import io.strata.core.schema.TableSchema;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypeRoot;
import io.strata.core.types.RowType;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The order a sort compaction gives the rows of each partition it rewrites: a strategy and the
 * columns it sorts by, checked against the table. Like Paimon, only append tables with {@code
 * 'bucket' = -1} are sorted: key files must stay sorted by key and fixed-bucket rows in their hash
 * buckets.
 */
public record CompactionOrder(OrderStrategy strategy, List<DataField> columns)
    implements Serializable {

  private static final Set<DataTypeRoot> UNORDERED =
      Set.of(DataTypeRoot.ARRAY, DataTypeRoot.MAP, DataTypeRoot.ROW);

  public CompactionOrder {
    columns = List.copyOf(columns);
  }

  /**
   * The order {@code CALL sys.compact} asks for on {@code table}: {@code orderBy} is the
   * comma-separated {@code order_by} argument (null when not given).
   */
  public static CompactionOrder of(
      String table, TableSchema schema, OrderStrategy strategy, String orderBy) {
    boolean noColumns = orderBy == null || orderBy.isBlank();
    if (strategy == OrderStrategy.NONE) {
      if (!noColumns) {
        throw CoreErrors.orderByWithoutStrategy(orderBy);
      }
      return new CompactionOrder(strategy, List.of());
    }
    if (schema.hasPrimaryKey()) {
      throw CoreErrors.sortCompactPrimaryKey(table);
    }
    int buckets = new Options(schema.options()).get(TableOptions.BUCKET);
    if (buckets != -1) {
      throw CoreErrors.sortCompactFixedBucket(table, buckets);
    }
    if (noColumns) {
      throw CoreErrors.orderStrategyWithoutColumns(strategy.argument());
    }
    return new CompactionOrder(strategy, columns(schema, orderBy));
  }

  private static List<DataField> columns(TableSchema schema, String orderBy) {
    RowType rowType = schema.rowType();
    List<String> sortable = new ArrayList<>();
    for (DataField f : rowType.fields()) {
      if (!schema.partitionKeys().contains(f.name()) && !UNORDERED.contains(f.type().root())) {
        sortable.add(f.name());
      }
    }
    List<DataField> columns = new ArrayList<>();
    for (String part : orderBy.split(",")) {
      String name = part.trim();
      int i = rowType.indexOf(name);
      if (i < 0) {
        throw CoreErrors.orderByUnknownColumn(name, rowType.fieldNames());
      }
      DataField field = rowType.field(i);
      if (schema.partitionKeys().contains(name)) {
        throw CoreErrors.orderByPartitionColumn(name, sortable);
      }
      if (UNORDERED.contains(field.type().root())) {
        throw CoreErrors.orderByUnsortableType(name, field.type().toString(), sortable);
      }
      columns.add(field);
    }
    return columns;
  }

  public boolean sorts() {
    return strategy != OrderStrategy.NONE;
  }

  public List<String> columnNames() {
    return columns.stream().map(DataField::name).toList();
  }
}

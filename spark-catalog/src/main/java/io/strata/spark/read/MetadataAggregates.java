package io.strata.spark.read;

import io.strata.core.scan.MetadataAggregation;
import io.strata.core.scan.MetadataAggregation.Aggregate;
import io.strata.core.scan.MetadataAggregation.Kind;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.spark.SparkRowConverter;
import io.strata.spark.SparkTypes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.aggregate.AggregateFunc;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.connector.expressions.aggregate.Count;
import org.apache.spark.sql.connector.expressions.aggregate.CountStar;
import org.apache.spark.sql.connector.expressions.aggregate.Max;
import org.apache.spark.sql.connector.expressions.aggregate.Min;

/**
 * Translates Spark's pushed aggregation (COUNT(*), COUNT, MIN, MAX grouped by partition columns)
 * for {@link MetadataAggregation} and wraps its answer as a local scan.
 */
final class MetadataAggregates {

  private MetadataAggregates() {}

  /**
   * The answered scan, or null when Spark must aggregate the rows itself.
   *
   * @param splits the splits of the filtered scan, planned on demand (only for an aggregation that
   *     manifests can answer)
   */
  static MetadataAggregateScan answer(
      FileStoreTable table,
      Snapshot snapshot,
      Supplier<List<DataSplit>> splits,
      Aggregation aggregation) {
    RowType rowType = table.schema().rowType();
    RowType partitionType = table.schema().partitionType();
    Expression[] groupBy = aggregation.groupByExpressions();
    int[] groupIndexes = new int[groupBy.length];
    List<DataField> outputFields = new ArrayList<>();
    for (int i = 0; i < groupBy.length; i++) {
      String column = column(groupBy[i]);
      int index = column == null ? -1 : partitionType.indexOf(column);
      if (index < 0) {
        return null;
      }
      groupIndexes[i] = index;
      outputFields.add(partitionType.field(index));
    }
    List<Aggregate> aggregates = new ArrayList<>();
    for (AggregateFunc f : aggregation.aggregateExpressions()) {
      Aggregate a = aggregate(f, rowType);
      if (a == null) {
        return null;
      }
      aggregates.add(a);
      DataField out =
          a.kind() == Kind.COUNT_STAR || a.kind() == Kind.COUNT
              ? new DataField(-1, f.toString(), DataTypes.BIGINT().notNull())
              : new DataField(-1, f.toString(), rowType.field(a.field()).type().withNullable(true));
      outputFields.add(out);
    }
    Optional<List<Object[]>> rows =
        MetadataAggregation.compute(
            table.schemaManager(), table.schema(), splits.get(), groupIndexes, aggregates);
    if (rows.isEmpty()) {
      return null;
    }
    RowType outputType = new RowType(outputFields);
    SparkRowConverter converter = new SparkRowConverter(outputType);
    InternalRow[] sparkRows = new InternalRow[rows.get().size()];
    for (int i = 0; i < sparkRows.length; i++) {
      sparkRows[i] = converter.toSpark(rows.get().get(i)).copy();
    }
    return new MetadataAggregateScan(
        table.root().getName(),
        snapshot,
        SparkTypes.toStructType(outputType),
        sparkRows,
        describe(aggregation));
  }

  private static String describe(Aggregation aggregation) {
    StringBuilder sb = new StringBuilder("aggregates=");
    sb.append(java.util.Arrays.toString(aggregation.aggregateExpressions()));
    if (aggregation.groupByExpressions().length > 0) {
      sb.append(", groupBy=").append(java.util.Arrays.toString(aggregation.groupByExpressions()));
    }
    return sb.toString();
  }

  private static Aggregate aggregate(AggregateFunc f, RowType rowType) {
    if (f instanceof CountStar) {
      return new Aggregate(Kind.COUNT_STAR, -1);
    }
    if (f instanceof Count c && !c.isDistinct()) {
      return column(c.column(), rowType, Kind.COUNT);
    }
    if (f instanceof Min m) {
      return column(m.column(), rowType, Kind.MIN);
    }
    if (f instanceof Max m) {
      return column(m.column(), rowType, Kind.MAX);
    }
    return null;
  }

  private static Aggregate column(Expression e, RowType rowType, Kind kind) {
    String name = column(e);
    int index = name == null ? -1 : rowType.indexOf(name);
    return index < 0 ? null : new Aggregate(kind, index);
  }

  private static String column(Expression e) {
    return e instanceof NamedReference ref && ref.fieldNames().length == 1
        ? ref.fieldNames()[0]
        : null;
  }
}

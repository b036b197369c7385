package io.strata.spark.compact;

import io.strata.core.predicate.Predicate;
import io.strata.core.schema.TableSchema;
import io.strata.core.types.RowType;
import io.strata.spark.SparkErrors;
import io.strata.spark.SparkFilters;
import io.strata.spark.SparkTypes;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.plans.logical.Filter;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.datasources.DataSourceStrategy$;
import scala.Option;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The {@code where} argument of {@code CALL sys.compact} and {@code sys.rewrite_file_index}: parsed
 * and resolved by Spark over the table's columns, then converted to a predicate over the partition
 * row. Only partition columns may appear, since these procedures select whole buckets.
 */
public final class PartitionWhere {

  private PartitionWhere() {}

  /**
   * The partition predicate {@code where} means, or null when it is blank; errors name {@code
   * procedure}.
   */
  public static Predicate parse(
      SparkSession spark, TableSchema schema, String where, String procedure) {
    if (where == null || where.isBlank()) {
      return null;
    }
    Expression condition = resolve(spark, schema, where);
    List<String> partitionKeys = schema.partitionKeys();
    for (Attribute a : CollectionConverters.asJava(condition.references().toSeq())) {
      if (!partitionKeys.contains(a.name())) {
        throw SparkErrors.whereNotOnPartitions(procedure, where, a.name(), partitionKeys);
      }
    }
    RowType partitionType = schema.partitionType();
    Option<org.apache.spark.sql.sources.Filter> filter =
        DataSourceStrategy$.MODULE$.translateFilter(condition, true);
    if (filter.isEmpty()) {
      throw SparkErrors.whereUntranslatable(procedure, where, partitionKeys);
    }
    return new SparkFilters(partitionType)
        .convertExactAll(
            new org.apache.spark.sql.sources.Filter[] {filter.get()}, procedure + " partitions")
        .orElse(null);
  }

  /** {@code where} analyzed against an empty relation with the table's columns. */
  private static Expression resolve(SparkSession spark, TableSchema schema, String where) {
    LogicalPlan analyzed =
        spark
            .createDataFrame(List.<Row>of(), SparkTypes.toStructType(schema.rowType()))
            .where(where)
            .queryExecution()
            .analyzed();
    return ((Filter) analyzed).condition();
  }
}

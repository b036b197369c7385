package io.strata.spark.extensions;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.catalyst.analysis.ResolvedTable;
import org.apache.spark.sql.catalyst.plans.logical.DescribeRelation;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.connector.catalog.Column;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.catalog.constraints.Constraint;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.SparkStrategy;
import org.apache.spark.sql.execution.datasources.v2.DescribeTableExec;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import scala.collection.immutable.Seq;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Plans {@code DESCRIBE TABLE EXTENDED} of a {@link TableDetails} table as Spark's own {@link
 * DescribeTableExec} (so the SQL shell formats it as any DESCRIBE) over a view of the table whose
 * properties include its details. Anything else is left to Spark's strategies.
 */
public final class DescribeWithDetails extends SparkStrategy {

  @Override
  public Seq<SparkPlan> apply(LogicalPlan plan) {
    if (!(plan instanceof DescribeRelation describe)
        || !describe.isExtended()
        || !describe.partitionSpec().isEmpty()
        || !(describe.relation() instanceof ResolvedTable resolved)
        || !(resolved.table() instanceof TableDetails table)) {
      return CollectionConverters.asScala(List.<SparkPlan>of()).toList();
    }
    SparkPlan exec = new DescribeTableExec(describe.output(), new Described(table), true);
    return CollectionConverters.asScala(List.of(exec)).toList();
  }

  /** The table as DESCRIBE sees it: the same in every respect, plus its details as properties. */
  private record Described(TableDetails table) implements SupportsRead {

    @Override
    public String name() {
      return table.name();
    }

    @Override
    @SuppressWarnings("deprecation")
    public StructType schema() {
      return table.schema();
    }

    @Override
    public Column[] columns() {
      return table.columns();
    }

    @Override
    public Transform[] partitioning() {
      return table.partitioning();
    }

    @Override
    public Map<String, String> properties() {
      Map<String, String> properties = new LinkedHashMap<>(table.properties());
      properties.putAll(table.details());
      return properties;
    }

    @Override
    public Set<TableCapability> capabilities() {
      return table.capabilities();
    }

    @Override
    public Constraint[] constraints() {
      return table.constraints();
    }

    @Override
    public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
      return table.newScanBuilder(options);
    }
  }
}

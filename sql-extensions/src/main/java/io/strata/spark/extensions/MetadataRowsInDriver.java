package io.strata.spark.extensions;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.And;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.AttributeReference;
import org.apache.spark.sql.catalyst.expressions.BasePredicate;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.InterpretedMutableProjection;
import org.apache.spark.sql.catalyst.expressions.NamedExpression;
import org.apache.spark.sql.catalyst.expressions.Predicate$;
import org.apache.spark.sql.catalyst.expressions.Unevaluable;
import org.apache.spark.sql.catalyst.planning.PhysicalOperation$;
import org.apache.spark.sql.catalyst.plans.logical.Filter;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.Project;
import org.apache.spark.sql.execution.LocalTableScanExec;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.SparkStrategy;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2ScanRelation;
import scala.Option;
import scala.Tuple3;
import scala.collection.immutable.Seq;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Plans a projection or filter over a {@link MetadataRowsScan} as the rows it yields, computed in
 * the driver, so that collecting them is a driver-local {@link LocalTableScanExec} and runs no
 * Spark job.
 *
 * <p>Spark folds such operators into local rows only for logical {@code LocalRelation}s; a
 * connector's local scan becomes one at physical planning, after that rule has run, so {@code
 * SELECT count(*)} answered from the manifests kept a projection over it that Spark compiled into a
 * whole-stage program and ran as a job: about 15 ms of a 25 ms query. Expressions the driver cannot
 * evaluate alone (subqueries, Python functions) or that are not deterministic are left to Spark.
 */
public final class MetadataRowsInDriver extends SparkStrategy {

  @Override
  public Seq<SparkPlan> apply(LogicalPlan plan) {
    if (!(plan instanceof Project) && !(plan instanceof Filter)) {
      return none();
    }
    Option<Tuple3<Seq<NamedExpression>, Seq<Expression>, LogicalPlan>> operation =
        PhysicalOperation$.MODULE$.unapply(plan);
    if (operation.isEmpty()
        || !(operation.get()._3() instanceof DataSourceV2ScanRelation relation)
        || !(relation.scan() instanceof MetadataRowsScan scan)) {
      return none();
    }
    List<NamedExpression> named = CollectionConverters.asJava(operation.get()._1());
    // Scala's NamedExpression is an Expression; Java sees an unrelated interface.
    List<Expression> projections = named.stream().map(e -> (Expression) e).toList();
    List<Expression> filters = CollectionConverters.asJava(operation.get()._2());
    List<Expression> all = new ArrayList<>(projections);
    all.addAll(filters);
    if (!all.stream().allMatch(MetadataRowsInDriver::driverEvaluable)) {
      return none();
    }
    Seq<Attribute> input =
        CollectionConverters.asScala(
                new ArrayList<Attribute>(CollectionConverters.asJava(relation.output())))
            .toList();
    BasePredicate predicate = null;
    if (!filters.isEmpty()) {
      Expression condition = filters.stream().reduce(And::new).orElseThrow();
      predicate = Predicate$.MODULE$.create(condition, input);
      predicate.initialize(0);
    }
    InterpretedMutableProjection projection =
        new InterpretedMutableProjection(CollectionConverters.asScala(projections).toList(), input);
    projection.initialize(0);
    List<InternalRow> rows = new ArrayList<>();
    for (InternalRow row : scan.rows()) {
      if (predicate == null || predicate.eval(row)) {
        rows.add(projection.apply(row).copy());
      }
    }
    List<Attribute> output = named.stream().map(NamedExpression::toAttribute).toList();
    SparkPlan local =
        new LocalTableScanExec(
            CollectionConverters.asScala(output).toList(),
            CollectionConverters.asScala(rows).toList(),
            Option.empty());
    return CollectionConverters.asScala(List.of(local)).toList();
  }

  private static boolean driverEvaluable(Expression expression) {
    if (!expression.deterministic()) {
      return false;
    }
    if (expression instanceof Unevaluable && !(expression instanceof AttributeReference)) {
      return false;
    }
    return CollectionConverters.asJava(expression.children()).stream()
        .allMatch(MetadataRowsInDriver::driverEvaluable);
  }

  private static Seq<SparkPlan> none() {
    return CollectionConverters.asScala(List.<SparkPlan>of()).toList();
  }
}

package io.strata.it;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.adaptive.AdaptiveSparkPlanExec;
import org.apache.spark.sql.execution.adaptive.QueryStageExec;

/** Finds nodes in executed Spark plans, looking inside adaptive plans and query stages. */
final class SparkPlans {

  private SparkPlans() {}

  /** Every node of {@code type} in {@code plan}, in plan order. */
  static <T> List<T> find(SparkPlan plan, Class<T> type) {
    List<T> found = new ArrayList<>();
    collect(plan, type, found);
    return found;
  }

  /** Whether the executed plan of {@code df} has a node of {@code type}. */
  static boolean has(Dataset<?> df, Class<?> type) {
    return !find(df.queryExecution().executedPlan(), type).isEmpty();
  }

  private static <T> void collect(SparkPlan plan, Class<T> type, List<T> found) {
    plan.foreach(
        node -> {
          if (type.isInstance(node)) {
            found.add(type.cast(node));
          } else if (node instanceof AdaptiveSparkPlanExec adaptive) {
            collect(adaptive.executedPlan(), type, found);
          } else if (node instanceof QueryStageExec stage) {
            collect(stage.plan(), type, found);
          }
          return null;
        });
  }
}

package io.strata.spark.extensions;

import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.SparkSessionExtensions;
import org.apache.spark.sql.catalyst.parser.ParserInterface;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.rules.Rule;
import org.apache.spark.sql.execution.SparkStrategy;
import scala.runtime.AbstractFunction1;
import scala.runtime.AbstractFunction2;
import scala.runtime.BoxedUnit;

/**
 * Strata's Spark SQL extensions, enabled by {@code spark.sql.extensions=io.strata.spark.
 * extensions.StrataSparkSessionExtensions}: tag DDL, {@code SHOW TAGS}, Flink-style {@code OPTIONS}
 * hints, {@code CALL sys.*} from any current catalog and schema merging of by-name writes ({@code
 * mergeSchema}), DESCRIBE TABLE EXTENDED rows for the table's kind, snapshot and splits, and
 * one-line errors for missing tables of a Strata catalog ({@link MissingTables}), and UPDATE /
 * MERGE on partial-update and aggregation tables reading only the columns they change ({@link
 * PartialRowUpdates}), and queries over rows answered from metadata run without a Spark job ({@link
 * MetadataRowsInDriver}), and Paimon's incremental-query table functions ({@link
 * IncrementalQueryFunctions}). The catalog works without them.
 */
public class StrataSparkSessionExtensions
    extends AbstractFunction1<SparkSessionExtensions, BoxedUnit> {

  @Override
  public BoxedUnit apply(SparkSessionExtensions extensions) {
    extensions.injectParser(
        new AbstractFunction2<SparkSession, ParserInterface, ParserInterface>() {
          @Override
          public ParserInterface apply(SparkSession session, ParserInterface delegate) {
            return new StrataSqlParser(session, delegate);
          }
        });
    extensions.injectHintResolutionRule(
        new AbstractFunction1<SparkSession, Rule<LogicalPlan>>() {
          @Override
          public Rule<LogicalPlan> apply(SparkSession session) {
            return new SaveAsTableOverwrites(session);
          }
        });
    extensions.injectHintResolutionRule(
        new AbstractFunction1<SparkSession, Rule<LogicalPlan>>() {
          @Override
          public Rule<LogicalPlan> apply(SparkSession session) {
            return new MergeSchemaWrites(session);
          }
        });
    extensions.injectPostHocResolutionRule(
        new AbstractFunction1<SparkSession, Rule<LogicalPlan>>() {
          @Override
          public Rule<LogicalPlan> apply(SparkSession session) {
            return new MissingTables(session);
          }
        });
    extensions.injectOptimizerRule(
        new AbstractFunction1<SparkSession, Rule<LogicalPlan>>() {
          @Override
          public Rule<LogicalPlan> apply(SparkSession session) {
            return new PartialRowUpdates();
          }
        });
    extensions.injectPlannerStrategy(
        new AbstractFunction1<SparkSession, SparkStrategy>() {
          @Override
          public SparkStrategy apply(SparkSession session) {
            return new DescribeWithDetails();
          }
        });
    extensions.injectPlannerStrategy(
        new AbstractFunction1<SparkSession, SparkStrategy>() {
          @Override
          public SparkStrategy apply(SparkSession session) {
            return new MetadataRowsInDriver();
          }
        });
    IncrementalQueryFunctions.register(extensions);
    return BoxedUnit.UNIT;
  }
}

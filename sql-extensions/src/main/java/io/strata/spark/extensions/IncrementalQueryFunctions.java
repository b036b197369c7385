package io.strata.spark.extensions;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.SparkSessionExtensions;
import org.apache.spark.sql.catalyst.FunctionIdentifier;
import org.apache.spark.sql.catalyst.analysis.UnresolvedRelation;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.ExpressionInfo;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import scala.Tuple3;
import scala.collection.immutable.Seq;
import scala.jdk.javaapi.CollectionConverters;
import scala.runtime.AbstractFunction1;

/**
 * Paimon's Spark table-valued functions for batch incremental reads, by Paimon's names, so that
 * queries written for Paimon run unchanged. Each reads its table (or {@code t$audit_log}) with the
 * read option it stands for:
 *
 * <ul>
 *   <li>{@code paimon_incremental_query('t', start, end)}: {@code incremental-between} = {@code
 *       start,end} (snapshot ids or tags);
 *   <li>{@code paimon_incremental_between_timestamp('t', start, end)}: {@code
 *       incremental-between-timestamp};
 *   <li>{@code paimon_incremental_to_auto_tag('t', tag)}: {@code incremental-to-auto-tag}.
 * </ul>
 */
final class IncrementalQueryFunctions {

  private IncrementalQueryFunctions() {}

  /** One function: its name, the option it sets and how many values that option joins. */
  private record Function(String name, String option, int values, String takes) {}

  private static final List<Function> FUNCTIONS =
      List.of(
          new Function(
              "paimon_incremental_query",
              "incremental-between",
              2,
              "a table name, a start and an end (snapshot ids or tag names)"),
          new Function(
              "paimon_incremental_between_timestamp",
              "incremental-between-timestamp",
              2,
              "a table name, a start and an end timestamp (epoch millis or 'yyyy-MM-dd"
                  + " HH:mm:ss')"),
          new Function(
              "paimon_incremental_to_auto_tag",
              "incremental-to-auto-tag",
              1,
              "a table name and an automatic tag's name"));

  static void register(SparkSessionExtensions extensions) {
    for (Function f : FUNCTIONS) {
      extensions.injectTableFunction(
          new Tuple3<>(
              new FunctionIdentifier(f.name()),
              new ExpressionInfo(IncrementalQueryFunctions.class.getName(), null, f.name()),
              new AbstractFunction1<Seq<Expression>, LogicalPlan>() {
                @Override
                public LogicalPlan apply(Seq<Expression> arguments) {
                  return relation(f, CollectionConverters.asJava(arguments));
                }
              }));
    }
  }

  private static LogicalPlan relation(Function f, List<Expression> arguments) {
    List<String> values = new ArrayList<>();
    for (Expression e : arguments) {
      Object value = e.foldable() ? e.eval(null) : null;
      if (value == null) {
        throw ExtensionErrors.badTableFunctionArguments(f.name(), f.takes(), describe(arguments));
      }
      values.add(value.toString().trim());
    }
    if (values.size() != f.values() + 1) {
      throw ExtensionErrors.badTableFunctionArguments(f.name(), f.takes(), describe(arguments));
    }
    String option = String.join(",", values.subList(1, values.size()));
    return new UnresolvedRelation(
        CollectionConverters.asScala(nameParts(f, values.get(0))).toList(),
        new CaseInsensitiveStringMap(Map.of(f.option(), option)),
        false);
  }

  /**
   * The parts of a table name; {@code db.t$audit_log} splits at its dots, as a system table's
   * {@code $} is no SQL identifier character; back-quoted names go through Spark's parser.
   */
  private static List<String> nameParts(Function f, String name) {
    if (name.contains("`")) {
      try {
        return CollectionConverters.asJava(
            SparkSession.active().sessionState().sqlParser().parseMultipartIdentifier(name));
      } catch (org.apache.spark.sql.catalyst.parser.ParseException e) {
        throw ExtensionErrors.badTableFunctionArguments(f.name(), f.takes(), "'" + name + "'");
      }
    }
    return List.of(name.split("\\."));
  }

  private static String describe(List<Expression> arguments) {
    List<String> shown = new ArrayList<>();
    for (Expression e : arguments) {
      shown.add(e.sql());
    }
    return arguments.size() + " argument" + (arguments.size() == 1 ? "" : "s") + " " + shown;
  }
}

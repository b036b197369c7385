package io.strata.spark.extensions;

import java.util.List;
import org.apache.spark.QueryContext;
import org.apache.spark.sql.AnalysisException;
import scala.Option;
import scala.collection.immutable.Map;

/** The errors the SQL extensions raise themselves. */
public final class ExtensionErrors {

  /** Spark's condition for a missing table, kept so callers that test for it still match. */
  public static final String TABLE_OR_VIEW_NOT_FOUND = "TABLE_OR_VIEW_NOT_FOUND";

  /**
   * A condition of Spark's whose message template is the message alone (parameter {@code message}),
   * for errors Spark has no condition for. PySpark renders an error's message from its condition
   * and parameters (its {@code getMessage()}, and the logging of any error with a query context);
   * an error without a condition fails there with a NullPointerException instead of showing its
   * message.
   */
  public static final String MESSAGE_CONDITION = "_LEGACY_ERROR_TEMP_3100";

  private ExtensionErrors() {}

  /**
   * {@code table} does not exist: one line naming it and what its database holds ({@code existing}
   * null when the database itself does not exist). Thrown here, undeclared (AnalysisException is
   * checked in Java, while Spark's rules, written in Scala, throw it freely): {@code throw
   * ExtensionErrors.tableNotFound(...)}.
   */
  public static RuntimeException tableNotFound(
      String table, String database, List<String> existing) {
    String holds;
    if (existing == null) {
      holds = "database " + database + " does not exist either (SHOW DATABASES lists them)";
    } else if (existing.isEmpty()) {
      holds = database + " has no tables";
    } else {
      int listed = Math.min(existing.size(), MissingTables.LISTED);
      holds =
          "tables in "
              + database
              + ": "
              + String.join(", ", existing.subList(0, listed))
              + (existing.size() > listed ? ", ... (" + existing.size() + " in all)" : "");
    }
    String message =
        "["
            + TABLE_OR_VIEW_NOT_FOUND
            + "] Table "
            + table
            + " does not exist; "
            + holds
            + ". Check the name, or qualify it with its database (db.table) or run USE db."
            + " SQLSTATE: 42P01";
    throw analysisError(message, TABLE_OR_VIEW_NOT_FOUND, new Map.Map1<>("relationName", table));
  }

  /**
   * {@code df.write.partitionBy(...).mode("overwrite").saveAsTable(table)} asked for a partitioning
   * the existing table does not have: overwriting keeps the table's definition.
   */
  public static RuntimeException saveAsTableRepartition(
      String table, List<String> requested, List<String> existing) {
    String message =
        "Cannot overwrite "
            + table
            + " partitioned by "
            + requested
            + ": the table is partitioned by "
            + existing
            + ", and an overwrite by saveAsTable keeps the table's definition. Write without"
            + " partitionBy (or with the table's partitioning), or drop the table first to create"
            + " it anew.";
    throw analysisError(message, MESSAGE_CONDITION, new Map.Map1<>("message", message));
  }

  /**
   * A table-valued function called with the wrong arguments: names the function and what it takes.
   */
  public static RuntimeException badTableFunctionArguments(
      String function, String takes, String given) {
    String message =
        function + " takes " + takes + ", each a constant; it was called with " + given + ".";
    throw analysisError(
        message, MESSAGE_CONDITION, new Map.Map2<>("message", message, "function", function));
  }

  /**
   * An analysis error with {@code message} under Spark's {@code condition}, thrown undeclared
   * (AnalysisException is checked in Java, while Spark's rules, written in Scala, throw it freely).
   */
  private static RuntimeException analysisError(
      String message, String condition, Map<String, String> parameters) {
    throw ExtensionErrors.<RuntimeException>unchecked(
        new AnalysisException(
            message,
            Option.empty(),
            Option.empty(),
            Option.empty(),
            Option.apply(condition),
            parameters,
            new QueryContext[0]));
  }

  @SuppressWarnings("unchecked")
  private static <X extends Throwable> RuntimeException unchecked(Throwable t) throws X {
    throw (X) t;
  }
}

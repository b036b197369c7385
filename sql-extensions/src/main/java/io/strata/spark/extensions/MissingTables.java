package io.strata.spark.extensions;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.analysis.NoSuchNamespaceException;
import org.apache.spark.sql.catalyst.analysis.RelationTimeTravel;
import org.apache.spark.sql.catalyst.analysis.UnresolvedRelation;
import org.apache.spark.sql.catalyst.plans.logical.InsertIntoStatement;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.rules.Rule;
import org.apache.spark.sql.connector.catalog.CatalogManager;
import org.apache.spark.sql.connector.catalog.CatalogPlugin;
import org.apache.spark.sql.connector.catalog.Identifier;
import scala.jdk.javaapi.CollectionConverters;

/**
 * A relation of a Strata catalog still unresolved once resolution has finished is a table that does
 * not exist: fails with Spark's {@code TABLE_OR_VIEW_NOT_FOUND} condition, but in one line that
 * names the table, lists the tables of its database and says what to do, instead of Spark's
 * three-line text followed by the unresolved plan (which the {@code spark-sql} shell prints whole).
 * Runs as a post-hoc resolution rule, after the fixed point, exactly where Spark's check would
 * report the same relation; other catalogs, temporary views and every other error are left to
 * Spark.
 */
final class MissingTables extends Rule<LogicalPlan> {

  /** Tables listed in the message at most. */
  static final int LISTED = 10;

  private final SparkSession session;

  MissingTables(SparkSession session) {
    this.session = session;
  }

  @Override
  public LogicalPlan apply(LogicalPlan plan) {
    plan.foreach(
        node -> {
          if (node instanceof UnresolvedRelation relation) {
            check(relation);
          } else if (node instanceof InsertIntoStatement insert
              && insert.table() instanceof UnresolvedRelation target) {
            check(target);
          } else if (node instanceof RelationTimeTravel travel
              && travel.relation() instanceof UnresolvedRelation traveled) {
            check(traveled); // a leaf node: its relation is not a child
          }
          return null;
        });
    return plan;
  }

  private void check(UnresolvedRelation relation) {
    List<String> parts =
        new ArrayList<>(CollectionConverters.asJava(relation.multipartIdentifier()));
    CatalogManager catalogs = session.sessionState().catalogManager();
    CatalogPlugin catalog;
    if (parts.size() > 1
        && (catalogs.isCatalogRegistered(parts.get(0))
            || parts.get(0).equalsIgnoreCase(CatalogManager.SESSION_CATALOG_NAME()))) {
      catalog = catalogs.catalog(parts.remove(0));
    } else {
      catalog = catalogs.currentCatalog();
    }
    if (!(catalog instanceof StrataTableCatalog tables)) {
      return;
    }
    String[] namespace =
        parts.size() > 1
            ? parts.subList(0, parts.size() - 1).toArray(new String[0])
            : catalogs.currentNamespace();
    Identifier id = Identifier.of(namespace, parts.get(parts.size() - 1));
    if (tables.tableExists(id)) {
      return; // unresolved for another reason, which Spark reports
    }
    String database = catalog.name() + "." + String.join(".", namespace);
    throw ExtensionErrors.tableNotFound(
        database + "." + id.name(), database, existing(tables, namespace));
  }

  /** The first {@link #LISTED} tables of {@code namespace} by name; null when it does not exist. */
  private static List<String> existing(StrataTableCatalog tables, String[] namespace) {
    try {
      return Arrays.stream(tables.listTables(namespace)).map(Identifier::name).sorted().toList();
    } catch (NoSuchNamespaceException e) {
      return null;
    }
  }
}

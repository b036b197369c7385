package io.strata.spark.extensions;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.analysis.UnresolvedRelation;
import org.apache.spark.sql.catalyst.plans.logical.AppendData;
import org.apache.spark.sql.catalyst.plans.logical.InsertIntoStatement;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.OverwriteByExpression;
import org.apache.spark.sql.catalyst.plans.logical.OverwritePartitionsDynamic;
import org.apache.spark.sql.catalyst.plans.logical.V2WriteCommand;
import org.apache.spark.sql.catalyst.rules.Rule;
import org.apache.spark.sql.connector.catalog.CatalogManager;
import org.apache.spark.sql.connector.catalog.CatalogPlugin;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableCatalog;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2Relation;
import scala.Option;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Resolves the target of a by-name write that asks for schema merging (write option {@code
 * mergeSchema} or {@code write.merge-schema} = true, or session setting {@code
 * spark.strata.write.merge-schema} = true; a write option wins over the session) to a {@link
 * SupportsSchemaMerge} table accepting any schema. It runs with the hint rules, before Spark's
 * resolution would reject the data's extra columns; other writes are left alone, so Spark still
 * checks them (by position writes never merge).
 */
final class MergeSchemaWrites extends Rule<LogicalPlan> {

  private final SparkSession session;

  MergeSchemaWrites(SparkSession session) {
    this.session = session;
  }

  @Override
  public LogicalPlan apply(LogicalPlan plan) {
    if (plan instanceof V2WriteCommand write
        && write.isByName()
        && mergeRequested(writeOptions(write))) {
      DataSourceV2Relation relation = null;
      if (write.table() instanceof UnresolvedRelation target) {
        relation = resolve(target);
      } else if (write.table() instanceof DataSourceV2Relation resolved) {
        relation = acceptingAnySchema(resolved); // saveAsTable resolves the table itself
      }
      return relation == null ? plan : (LogicalPlan) write.withNewTable(relation);
    }
    if (plan instanceof InsertIntoStatement insert
        && insert.byName()
        && insert.table() instanceof UnresolvedRelation target
        && mergeRequested(Map.of())) {
      DataSourceV2Relation relation = resolve(target);
      return relation == null
          ? plan
          : insert.copy(
              relation,
              insert.partitionSpec(),
              insert.userSpecifiedCols(),
              insert.query(),
              insert.overwrite(),
              insert.ifPartitionNotExists(),
              insert.byName());
    }
    return plan;
  }

  private static Map<String, String> writeOptions(V2WriteCommand write) {
    scala.collection.immutable.Map<String, String> options;
    if (write instanceof AppendData a) {
      options = a.writeOptions();
    } else if (write instanceof OverwriteByExpression o) {
      options = o.writeOptions();
    } else if (write instanceof OverwritePartitionsDynamic o) {
      options = o.writeOptions();
    } else {
      return Map.of();
    }
    return CollectionConverters.asJava(options);
  }

  /** Whether the write merges schemas: its own option, else the session's, by precedence. */
  private boolean mergeRequested(Map<String, String> writeOptions) {
    Map<String, String> statement = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : writeOptions.entrySet()) {
      for (String key : SupportsSchemaMerge.MERGE_SCHEMA_OPTIONS) {
        if (e.getKey().equalsIgnoreCase(key)) {
          statement.putIfAbsent(MERGE_SCHEMA, e.getValue());
        }
      }
    }
    // The target is not resolved yet, so only session-wide settings apply.
    String merge =
        PRECEDENCE
            .resolve(CollectionConverters.asJava(session.conf().getAll()), null, statement)
            .get(MERGE_SCHEMA);
    return merge != null && Boolean.parseBoolean(merge.trim());
  }

  private static final String MERGE_SCHEMA = "write.merge-schema";
  private static final OptionPrecedence PRECEDENCE = new OptionPrecedence(MERGE_SCHEMA::equals);

  private static DataSourceV2Relation acceptingAnySchema(DataSourceV2Relation relation) {
    if (!(relation.table() instanceof SupportsSchemaMerge mergeable)
        || relation.skipSchemaResolution()) {
      return null;
    }
    return relation.copy(
        mergeable.acceptingAnySchema(),
        relation.output(),
        relation.catalog(),
        relation.identifier(),
        relation.options(),
        relation.timeTravelSpec());
  }

  /** The relation of a Strata table accepting any schema, or null to leave it to Spark. */
  private DataSourceV2Relation resolve(UnresolvedRelation target) {
    List<String> parts = new ArrayList<>(CollectionConverters.asJava(target.multipartIdentifier()));
    CatalogManager catalogs = session.sessionState().catalogManager();
    if (parts.size() == 1
        && session.sessionState().catalog().isTempView(target.multipartIdentifier())) {
      return null;
    }
    CatalogPlugin catalog = catalogs.currentCatalog();
    if (parts.size() > 1 && catalogs.isCatalogRegistered(parts.get(0))) {
      catalog = catalogs.catalog(parts.remove(0));
    }
    if (!(catalog instanceof TableCatalog tables)) {
      return null;
    }
    String[] namespace =
        parts.size() == 1
            ? catalogs.currentNamespace()
            : parts.subList(0, parts.size() - 1).toArray(new String[0]);
    Identifier ident = Identifier.of(namespace, parts.get(parts.size() - 1));
    Table table;
    try {
      table = tables.loadTable(ident);
    } catch (Exception e) {
      return null; // Spark's own resolution reports a missing table.
    }
    if (!(table instanceof SupportsSchemaMerge mergeable)) {
      return null;
    }
    return DataSourceV2Relation.create(
        mergeable.acceptingAnySchema(), Option.apply(catalog), Option.apply(ident));
  }
}

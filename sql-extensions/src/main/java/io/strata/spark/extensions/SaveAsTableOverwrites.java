package io.strata.spark.extensions;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.analysis.UnresolvedIdentifier;
import org.apache.spark.sql.catalyst.expressions.Literal;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.OverwriteByExpression$;
import org.apache.spark.sql.catalyst.plans.logical.OverwritePartitionsDynamic$;
import org.apache.spark.sql.catalyst.plans.logical.ReplaceTableAsSelect;
import org.apache.spark.sql.catalyst.plans.logical.UnresolvedTableSpec;
import org.apache.spark.sql.catalyst.rules.Rule;
import org.apache.spark.sql.connector.catalog.CatalogManager;
import org.apache.spark.sql.connector.catalog.CatalogPlugin;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.connector.catalog.SupportsV1OverwriteWithSaveAsTable;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2Relation;
import org.apache.spark.sql.internal.SQLConf;
import scala.Option;
import scala.jdk.javaapi.CollectionConverters;

/**
 * {@code df.write.mode("overwrite").saveAsTable("t")} on an existing Strata table overwrites the
 * table's rows instead of replacing the table, as Delta Lake does and Paimon's Spark connector now
 * does too. Spark plans that call as a replace ({@code ReplaceTableAsSelect}), which a catalog
 * without staged replaces runs by dropping the table and creating a new one from the DataFrame: the
 * primary key, partitioning, options, snapshots and tags would be lost, and a query that fails
 * after the drop would lose the rows as well.
 *
 * <p>The rewrite is an {@code OverwriteByExpression} of every row by name (or, with {@code
 * spark.sql.sources.partitionOverwriteMode = dynamic} on a partitioned table, of the partitions the
 * DataFrame writes), committed as one OVERWRITE snapshot; the write options still apply ({@code
 * mergeSchema} among them). It applies only to the DataFrame writer's plan, without a format or
 * with {@code format("paimon")} (which Spark marks as the writer's overwrite): a replace that comes
 * from SQL ({@code CREATE OR REPLACE TABLE ... AS SELECT}) carries its statement's text and is left
 * a replace, as is one whose writer named a format other than Strata's. A missing table is created
 * as before.
 */
final class SaveAsTableOverwrites extends Rule<LogicalPlan> {

  private final SparkSession session;

  SaveAsTableOverwrites(SparkSession session) {
    this.session = session;
  }

  @Override
  public LogicalPlan apply(LogicalPlan plan) {
    if (!(plan instanceof ReplaceTableAsSelect replace)
        || !replace.orCreate()
        || replace.origin().sqlText().isDefined()
        || !(replace.name() instanceof UnresolvedIdentifier name)
        || !(replace.tableSpec() instanceof UnresolvedTableSpec spec)
        || !(writerWithoutFormat(spec.provider()) || markedBySpark(replace))) {
      return plan;
    }
    List<String> parts = new ArrayList<>(CollectionConverters.asJava(name.nameParts()));
    CatalogManager catalogs = session.sessionState().catalogManager();
    CatalogPlugin catalog = catalogs.currentCatalog();
    if (parts.size() > 1 && catalogs.isCatalogRegistered(parts.get(0))) {
      catalog = catalogs.catalog(parts.remove(0));
    }
    if (!(catalog instanceof StrataTableCatalog tables)) {
      return plan;
    }
    String[] namespace =
        parts.size() == 1
            ? catalogs.currentNamespace()
            : parts.subList(0, parts.size() - 1).toArray(new String[0]);
    Identifier ident = Identifier.of(namespace, parts.get(parts.size() - 1));
    Table table;
    try {
      if (!tables.tableExists(ident)) {
        return plan; // created from the DataFrame, as Spark plans it
      }
      table = tables.loadTable(ident);
    } catch (Exception e) {
      return plan; // Spark's own planning reports what is wrong with the name
    }
    List<Transform> requested = CollectionConverters.asJava(replace.partitioning());
    if (!requested.isEmpty()
        && !describe(requested).equals(describe(Arrays.asList(table.partitioning())))) {
      throw ExtensionErrors.saveAsTableRepartition(
          catalog.name() + "." + ident,
          describe(requested),
          describe(Arrays.asList(table.partitioning())));
    }
    DataSourceV2Relation relation =
        DataSourceV2Relation.create(table, Option.apply(catalog), Option.apply(ident));
    boolean dynamic =
        table.partitioning().length > 0
            && SQLConf.get().partitionOverwriteMode()
                == SQLConf.PartitionOverwriteMode$.MODULE$.DYNAMIC();
    scala.collection.immutable.Map<String, String> options =
        replace.writeOptions().$minus(SupportsV1OverwriteWithSaveAsTable.OPTION_NAME);
    return dynamic
        ? OverwritePartitionsDynamic$.MODULE$.byName(relation, replace.query(), options)
        : OverwriteByExpression$.MODULE$.byName(
            relation, replace.query(), Literal.TrueLiteral(), options);
  }

  /**
   * Whether the plan is the DataFrame writer's without a format: it then names the session's
   * default source. ({@code writeTo(t).replace()} and {@code createOrReplace()} name none; a named
   * format other than a registered source fails in the writer before this rule.)
   */
  private static boolean writerWithoutFormat(Option<String> provider) {
    return provider.isDefined()
        && provider.get().equalsIgnoreCase(SQLConf.get().defaultDataSourceName());
  }

  /**
   * Whether Spark marked the plan as the DataFrame writer's overwrite: it does for a named format
   * whose source asks for it (Strata's {@code paimon} source does).
   */
  private static boolean markedBySpark(ReplaceTableAsSelect replace) {
    return replace
        .writeOptions()
        .get(SupportsV1OverwriteWithSaveAsTable.OPTION_NAME)
        .exists(v -> Boolean.parseBoolean(v));
  }

  private static List<String> describe(List<Transform> transforms) {
    List<String> described = new ArrayList<>();
    for (Transform t : transforms) {
      described.add(t.describe());
    }
    return described;
  }
}

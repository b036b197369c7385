package io.strata.spark.extensions;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.analysis.UnresolvedIdentifier;
import org.apache.spark.sql.catalyst.expressions.Literal;
import org.apache.spark.sql.catalyst.plans.logical.CreateTableAsSelect;
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
 * The DataFrame writer's plans for a Strata catalog, made to mean what its users expect.
 *
 * <p>{@code df.write.mode("overwrite").saveAsTable("t")} on an existing table overwrites the
 * table's rows instead of replacing the table, as Delta Lake does. Spark plans that call as a
 * replace ({@code ReplaceTableAsSelect}): the primary key, partitioning, options, snapshots and
 * tags would go. The rewrite is an {@code OverwriteByExpression} of every row by name (or, with
 * {@code spark.sql.sources.partitionOverwriteMode = dynamic} on a partitioned table, of the
 * partitions the DataFrame writes), committed as one OVERWRITE snapshot; the write options still
 * apply ({@code mergeSchema} among them). It applies to the writer without a format, and with
 * {@code format("paimon")}, which Spark marks as the writer's overwrite. SQL's {@code CREATE OR
 * REPLACE TABLE ... AS SELECT} carries its statement's text and {@code
 * df.writeTo(t).createOrReplace()} names no provider: both stay replaces, as asked.
 *
 * <p>The writer without a format also names the session's default source ({@code parquet}) as the
 * provider of a table it creates; the rule removes it, so {@code df.write.saveAsTable("t")} creates
 * a Strata table while SQL's {@code USING parquet} is still refused by name.
 */
final class SaveAsTableOverwrites extends Rule<LogicalPlan> {

  private final SparkSession session;

  SaveAsTableOverwrites(SparkSession session) {
    this.session = session;
  }

  @Override
  public LogicalPlan apply(LogicalPlan plan) {
    if (plan instanceof CreateTableAsSelect create
        && create.origin().sqlText().isEmpty()
        && create.tableSpec() instanceof UnresolvedTableSpec spec
        && writerWithoutFormat(spec.provider())
        && create.name() instanceof UnresolvedIdentifier name
        && target(name) != null) {
      return create.copy(
          create.name(),
          create.partitioning(),
          create.query(),
          withoutProvider(spec),
          create.writeOptions(),
          create.ignoreIfExists(),
          create.isAnalyzed());
    }
    if (!(plan instanceof ReplaceTableAsSelect replace)
        || !replace.orCreate()
        || replace.origin().sqlText().isDefined()
        || !(replace.name() instanceof UnresolvedIdentifier name)
        || !(replace.tableSpec() instanceof UnresolvedTableSpec spec)
        || !(writerWithoutFormat(spec.provider()) || markedBySpark(replace))) {
      return plan;
    }
    Target target = target(name);
    if (target == null) {
      return plan;
    }
    Table table;
    try {
      if (!target.catalog().tableExists(target.ident())) {
        // Created from the DataFrame, as Spark plans it, as a table of the catalog's own kind.
        return writerWithoutFormat(spec.provider())
            ? replace.copy(
                replace.name(),
                replace.partitioning(),
                replace.query(),
                withoutProvider(spec),
                replace.writeOptions(),
                replace.orCreate(),
                replace.isAnalyzed())
            : plan;
      }
      table = target.catalog().loadTable(target.ident());
    } catch (Exception e) {
      return plan; // Spark's own planning reports what is wrong with the name
    }
    List<Transform> requested = CollectionConverters.asJava(replace.partitioning());
    if (!requested.isEmpty()
        && !describe(requested).equals(describe(Arrays.asList(table.partitioning())))) {
      throw ExtensionErrors.saveAsTableRepartition(
          target.catalog().name() + "." + target.ident(),
          describe(requested),
          describe(Arrays.asList(table.partitioning())));
    }
    DataSourceV2Relation relation =
        DataSourceV2Relation.create(
            table, Option.apply(target.catalog()), Option.apply(target.ident()));
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

  /** A table name in a Strata catalog. */
  private record Target(StrataTableCatalog catalog, Identifier ident) {}

  /** Where {@code name} points when that is a Strata catalog, else null. */
  private Target target(UnresolvedIdentifier name) {
    List<String> parts = new ArrayList<>(CollectionConverters.asJava(name.nameParts()));
    CatalogManager catalogs = session.sessionState().catalogManager();
    CatalogPlugin catalog = catalogs.currentCatalog();
    if (parts.size() > 1 && catalogs.isCatalogRegistered(parts.get(0))) {
      catalog = catalogs.catalog(parts.remove(0));
    }
    if (!(catalog instanceof StrataTableCatalog tables)) {
      return null;
    }
    String[] namespace =
        parts.size() == 1
            ? catalogs.currentNamespace()
            : parts.subList(0, parts.size() - 1).toArray(new String[0]);
    return new Target(tables, Identifier.of(namespace, parts.get(parts.size() - 1)));
  }

  /**
   * The spec without the provider the writer filled in for want of a format: the table is the
   * catalog's own kind.
   */
  private static UnresolvedTableSpec withoutProvider(UnresolvedTableSpec spec) {
    return spec.copy(
        spec.properties(),
        Option.empty(),
        spec.optionExpression(),
        spec.location(),
        spec.comment(),
        spec.collation(),
        spec.serde(),
        spec.external(),
        spec.constraints());
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

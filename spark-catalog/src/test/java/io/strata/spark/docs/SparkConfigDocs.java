package io.strata.spark.docs;

import io.strata.core.options.CatalogOptions;
import io.strata.core.options.ConfigOption;
import io.strata.spark.StrataAnalysisException;
import io.strata.spark.StrataCatalog;
import io.strata.spark.extensions.OptionPrecedence;
import io.strata.spark.extensions.StrataSparkSessionExtensions;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.internal.config.ConfigEntry;
import org.apache.spark.sql.internal.SQLConf;

/** Renders every Spark configuration key Strata reads: catalog options, session settings. */
final class SparkConfigDocs {

  private SparkConfigDocs() {}

  static String markdown() {
    StringBuilder sb = new StringBuilder("# Spark configuration\n\n").append(Markdown.GENERATED);
    sb.append("## Registering Strata\n\n| Key | Value |\n|---|---|\n")
        .append(
            Markdown.row("`spark.sql.catalog.<name>`", "`" + StrataCatalog.class.getName() + "`"))
        .append(
            Markdown.row(
                "`spark.sql.extensions`",
                "`"
                    + StrataSparkSessionExtensions.class.getName()
                    + "` (tag DDL, hints, merge-schema writes, DESCRIBE TABLE EXTENDED details;"
                    + " `count(*)` answered from the manifests and filtered or projected system"
                    + " tables run in the driver without a Spark job)"))
        .append(
            Markdown.row(
                "`spark.sql.defaultCatalog`",
                "`<name>`, to write `db.t` instead of `<name>.db.t`"));
    sb.append("\n## Catalog options\n\nSet as `spark.sql.catalog.<name>.<key>`, once per catalog.")
        .append(" Hadoop settings of the session (`fs.*`, `dfs.*`, `hadoop.*`, e.g. from")
        .append(" `spark.hadoop.fs.s3a.*`) open the warehouse's file system.\n\n")
        .append("| Key | Type | Default | Description |\n|---|---|---|---|\n")
        .append(
            Markdown.row(
                "`" + StrataCatalog.WAREHOUSE + "`",
                "string",
                "(required)",
                "Root directory of the catalog's databases: a local path or any Hadoop file"
                    + " system URI."));
    for (ConfigOption<?> o : catalogOptions()) {
      sb.append(
          Markdown.row(
              "`" + o.key() + "`",
              o.type().name().toLowerCase(),
              o.defaultValueText(),
              o.description().replaceFirst("^Catalog option: ", "")));
    }
    String first = OptionPrecedence.PREFIXES.get(0);
    sb.append("\n## Session settings\n\n")
        .append("Any [table option](options.md) that affects reads can be set for the session,")
        .append(" with `SET` (quote keys containing `-`) or `--conf`:\n\n")
        .append("| Key | Applies to |\n|---|---|\n")
        .append(Markdown.row("`" + first + "<option>`", "every Strata table the session reads"))
        .append(
            Markdown.row(
                "`" + first + "<catalog>.<db>.<table>.<option>`",
                "one table; each of the three names may be `*`"))
        .append(
            Markdown.row(
                "`" + StrataAnalysisException.STACK_TRACE_CONF + "`",
                "not an option: `true` keeps the stack trace of Strata's errors, which `spark-sql`"
                    + " then prints (default: one line, no stack trace)"))
        .append("\nPrecedence, highest first: the read's own options (`WITH (...)`, hints,")
        .append(" DataFrame reader options), per-table settings, session-wide settings, table")
        .append(" properties. The prefix")
        .append(
            String.join(
                ", ",
                OptionPrecedence.PREFIXES.subList(1, OptionPrecedence.PREFIXES.size()).stream()
                    .map(p -> " `" + p + "`")
                    .toList()))
        .append(" works too, for sessions configured for Paimon. Writes read one session setting,")
        .append(" `")
        .append(first)
        .append("write.merge-schema`.\n");
    sb.append(
        "\n## Spark settings Strata follows\n\n| Key | Default | Effect on Strata |\n|---|---|---|\n");
    spark(
        sb,
        SQLConf.SESSION_LOCAL_TIMEZONE(),
        "the JVM's zone",
        "Zone of `TIMESTAMP AS OF` and `scan.timestamp` strings.");
    spark(
        sb,
        SQLConf.PARTITION_OVERWRITE_MODE(),
        null,
        "`dynamic`: INSERT OVERWRITE replaces only the partitions written.");
    spark(
        sb,
        SQLConf.V2_BUCKETING_ENABLED(),
        null,
        "With `read.bucketed-scan.enabled`, reports fixed buckets to Spark so joins on the bucket key skip the shuffle.");
    spark(
        sb,
        SQLConf.PARQUET_VECTORIZED_READER_BATCH_SIZE(),
        null,
        "Rows per columnar batch of Strata's columnar reads.");
    spark(
        sb, SQLConf.COLUMN_VECTOR_OFFHEAP_ENABLED(), null, "Whether those batches live off heap.");
    return sb.toString();
  }

  /** A Spark setting; {@code defaultText} replaces a default that depends on the machine. */
  private static void spark(
      StringBuilder sb, ConfigEntry<?> entry, String defaultText, String effect) {
    String shown = defaultText != null ? defaultText : entry.defaultValueString();
    sb.append(Markdown.row("`" + entry.key() + "`", shown, effect));
  }

  private static List<ConfigOption<?>> catalogOptions() {
    List<ConfigOption<?>> options = new ArrayList<>();
    for (Field f : CatalogOptions.class.getDeclaredFields()) {
      if (Modifier.isStatic(f.getModifiers()) && f.getType() == ConfigOption.class) {
        try {
          options.add((ConfigOption<?>) f.get(null));
        } catch (IllegalAccessException e) {
          throw new IllegalStateException(e);
        }
      }
    }
    return options;
  }
}

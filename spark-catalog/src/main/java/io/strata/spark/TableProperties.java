package io.strata.spark;

import io.strata.core.schema.SchemaChange;
import io.strata.core.schema.SchemaFactory;
import io.strata.core.schema.TableSchema;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.connector.catalog.TableCatalog;

/**
 * Maps Spark's table properties to Strata table options: Spark's reserved properties (provider,
 * owner, comment, location) are not options; {@code OPTIONS (k=v)} arrive as {@code option.k}.
 */
final class TableProperties {

  /** The provider Strata tables report: their on-disk format. */
  static final String PROVIDER = "paimon";

  private static final Set<String> ACCEPTED_PROVIDERS = Set.of("strata", PROVIDER);
  private static final String OPTION_PREFIX = "option.";

  private TableProperties() {}

  record Create(Map<String, String> options, String comment) {}

  static Create fromCreate(Map<String, String> properties) {
    Map<String, String> options = new LinkedHashMap<>();
    String comment = null;
    for (Map.Entry<String, String> e : properties.entrySet()) {
      String key = e.getKey();
      switch (key) {
        case TableCatalog.PROP_PROVIDER -> checkProvider(e.getValue());
        case TableCatalog.PROP_COMMENT -> comment = e.getValue();
        case TableCatalog.PROP_LOCATION -> throw SparkErrors.location();
        case TableCatalog.PROP_OWNER,
            TableCatalog.PROP_EXTERNAL,
            TableCatalog.PROP_IS_MANAGED_LOCATION -> {
          // Spark bookkeeping, not a table option.
        }
        default ->
            options.put(
                key.startsWith(OPTION_PREFIX) ? key.substring(OPTION_PREFIX.length()) : key,
                e.getValue());
      }
    }
    return new Create(options, comment);
  }

  private static void checkProvider(String provider) {
    if (provider != null && !ACCEPTED_PROVIDERS.contains(provider.toLowerCase(Locale.ROOT))) {
      throw SparkErrors.provider(provider);
    }
  }

  /**
   * The schema change of one {@code SET TBLPROPERTIES} / {@code UNSET TBLPROPERTIES} / {@code
   * COMMENT ON TABLE} property: the comment is the table comment (an empty one removes it), the
   * owner is Spark bookkeeping (null), everything else is a table option.
   */
  static SchemaChange fromSetProperty(String key, String value) {
    if (key.equals(TableCatalog.PROP_COMMENT)) {
      return new SchemaChange.UpdateComment(value == null || value.isEmpty() ? null : value);
    }
    return key.equals(TableCatalog.PROP_OWNER) ? null : new SchemaChange.SetOption(key, value);
  }

  static SchemaChange fromRemoveProperty(String key) {
    if (key.equals(TableCatalog.PROP_COMMENT)) {
      return new SchemaChange.UpdateComment(null);
    }
    return key.equals(TableCatalog.PROP_OWNER) ? null : new SchemaChange.RemoveOption(key);
  }

  /**
   * What Spark shows as table properties: options, the primary key, and Spark's reserved comment,
   * provider and location (DESCRIBE EXTENDED shows these; SHOW TBLPROPERTIES hides them, and SHOW
   * CREATE TABLE leaves out the managed location).
   */
  static Map<String, String> toSpark(TableSchema schema, String location) {
    Map<String, String> properties = new LinkedHashMap<>(schema.options());
    if (schema.hasPrimaryKey()) {
      properties.put(SchemaFactory.PRIMARY_KEY_OPTION, String.join(",", schema.primaryKeys()));
    }
    if (schema.comment() != null) {
      properties.put(TableCatalog.PROP_COMMENT, schema.comment());
    }
    properties.put(TableCatalog.PROP_PROVIDER, PROVIDER);
    properties.put(TableCatalog.PROP_LOCATION, location);
    properties.put(TableCatalog.PROP_IS_MANAGED_LOCATION, "true");
    return properties;
  }
}

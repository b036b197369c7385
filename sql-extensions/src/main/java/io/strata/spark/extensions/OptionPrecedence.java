package io.strata.spark.extensions;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.spark.sql.SparkSession;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Resolves Strata options in one place, highest first: the statement's own options (read or write
 * options), then session conf for this table ({@code spark.strata.<catalog>.<db>.<table>.<option>},
 * {@code *} wildcards), then session conf for every table ({@code spark.strata.<option>}), then
 * table properties (applied by the caller under the result). The {@code spark.paimon.} prefix is
 * accepted for users coming from Paimon.
 */
public final class OptionPrecedence {

  /** Session-conf prefixes of Strata options, Strata's first. */
  public static final List<String> PREFIXES = List.of("spark.strata.", "spark.paimon.");

  private final Predicate<String> isOptionKey;

  /**
   * @param isOptionKey whether a key is a whole option key ({@code spark.strata.<option>}) rather
   *     than the start of a per-table one
   */
  public OptionPrecedence(Predicate<String> isOptionKey) {
    this.isOptionKey = isOptionKey;
  }

  /** The table this resolution is for: catalog, database and table names. */
  public record TableName(String catalog, String database, String table) {}

  /**
   * The options that override table properties for {@code table} (null: session-wide settings
   * only), given the active session's conf and the statement's options.
   */
  public Map<String, String> resolve(TableName table, Map<String, String> statementOptions) {
    return resolve(sessionConf(), table, statementOptions);
  }

  /** {@link #resolve(TableName, Map)} over an explicit session conf. */
  public Map<String, String> resolve(
      Map<String, String> sessionConf, TableName table, Map<String, String> statementOptions) {
    Map<String, String> global = new LinkedHashMap<>();
    Map<String, String> perTable = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : sessionConf.entrySet()) {
      classify(e.getKey(), e.getValue(), table, global, perTable);
    }
    Map<String, String> merged = new LinkedHashMap<>(global);
    merged.putAll(perTable);
    merged.putAll(statementOptions);
    return merged;
  }

  private static Map<String, String> sessionConf() {
    Map<String, String> conf = new LinkedHashMap<>();
    SparkSession.getActiveSession()
        .foreach(
            session -> {
              conf.putAll(CollectionConverters.asJava(session.conf().getAll()));
              return null;
            });
    return conf;
  }

  private void classify(
      String key,
      String value,
      TableName table,
      Map<String, String> global,
      Map<String, String> perTable) {
    for (String prefix : PREFIXES) {
      if (!key.startsWith(prefix)) {
        continue;
      }
      String rest = key.substring(prefix.length());
      if (isOptionKey.test(rest)) {
        global.put(rest, value);
        return;
      }
      String[] parts = rest.split("\\.", 4);
      if (table != null
          && parts.length == 4
          && matches(parts[0], table.catalog())
          && matches(parts[1], table.database())
          && matches(parts[2], table.table())) {
        perTable.put(parts[3], value);
      }
      return;
    }
  }

  private static boolean matches(String pattern, String value) {
    return pattern.equals("*") || pattern.equalsIgnoreCase(value);
  }
}

package io.strata.spark;

import io.strata.core.catalog.Identifier;
import io.strata.core.options.OptionRegistry;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.spark.sql.SparkSession;

/**
 * Resolves read options in one place, highest first: the read's own options, then session conf for
 * this table ({@code spark.strata.<catalog>.<db>.<table>.<option>}, {@code *} wildcards), then
 * session conf for every table ({@code spark.strata.<option>}), then table properties. The {@code
 * spark.paimon.} prefix is accepted for users coming from Paimon.
 */
public final class ReadOptions {

  private static final String[] PREFIXES = {"spark.strata.", "spark.paimon."};

  private ReadOptions() {}

  public static Map<String, String> resolve(
      String catalogName, Identifier table, Map<String, String> readOptions) {
    Map<String, String> global = new LinkedHashMap<>();
    Map<String, String> perTable = new LinkedHashMap<>();
    SparkSession.getActiveSession()
        .foreach(
            session -> {
              for (Map.Entry<String, String> e :
                  scala.jdk.javaapi.CollectionConverters.asJava(session.conf().getAll())
                      .entrySet()) {
                classify(e.getKey(), e.getValue(), catalogName, table, global, perTable);
              }
              return null;
            });
    Map<String, String> merged = new LinkedHashMap<>(global);
    merged.putAll(perTable);
    merged.putAll(readOptions);
    return merged;
  }

  static void classify(
      String key,
      String value,
      String catalogName,
      Identifier table,
      Map<String, String> global,
      Map<String, String> perTable) {
    for (String prefix : PREFIXES) {
      if (!key.startsWith(prefix)) {
        continue;
      }
      String rest = key.substring(prefix.length());
      if (OptionRegistry.find(rest) != null) {
        global.put(rest, value);
        return;
      }
      String[] parts = rest.split("\\.", 4);
      if (parts.length == 4
          && matches(parts[0], catalogName)
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

package io.strata.spark;

import io.strata.core.catalog.Identifier;
import io.strata.core.options.OptionRegistry;
import io.strata.spark.extensions.OptionPrecedence;
import java.util.Map;

/**
 * The options of one read of a table, by {@link OptionPrecedence}: the read's own options, then
 * session conf for this table, then for every table; a session key is an option key when it is one
 * of the typed table options.
 */
public final class ReadOptions {

  private static final OptionPrecedence PRECEDENCE =
      new OptionPrecedence(key -> OptionRegistry.find(key) != null);

  private ReadOptions() {}

  public static Map<String, String> resolve(
      String catalogName, Identifier table, Map<String, String> readOptions) {
    return PRECEDENCE.resolve(
        new OptionPrecedence.TableName(catalogName, table.database(), table.table()), readOptions);
  }
}

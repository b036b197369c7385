package io.strata.core.options;

import static io.strata.core.options.ConfigOption.of;

/** Options of writes through Spark. */
public final class WriteOptions {

  private WriteOptions() {}

  public static final ConfigOption<Boolean> MERGE_SCHEMA =
      of(
          "write.merge-schema",
          OptionType.BOOLEAN,
          false,
          "Let writes by column name add the columns (and nested fields) the table lacks and widen"
              + " column types, instead of failing: session setting"
              + " spark.strata.write.merge-schema, or the DataFrame write option mergeSchema (needs"
              + " the Strata SQL extensions).");
}

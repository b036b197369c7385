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

  public static final ConfigOption<Integer> SINK_PARALLELISM =
      ConfigOption.<Integer>of(
              "sink.parallelism",
              OptionType.INT,
              null,
              "Number of Spark tasks that write a fixed-bucket table (write option or table"
                  + " property); default: Spark's shuffle partitions. Each bucket is written by one"
                  + " task.")
          .withCheck(v -> v >= 1, "a positive number");
}

package io.strata.core.options;

import static io.strata.core.options.ConfigOption.of;

/** Options of dynamic bucket mode: primary-key tables with {@code 'bucket' = -1}. */
public final class DynamicBucketOptions {

  private DynamicBucketOptions() {}

  /** Paimon's cap on dynamic bucket ids (they are stored as shorts). */
  public static final int MAX_BUCKETS_LIMIT = Short.MAX_VALUE;

  public static final ConfigOption<Long> TARGET_ROW_NUM =
      of(
              "dynamic-bucket.target-row-num",
              OptionType.LONG,
              2_000_000L,
              "Keys a dynamic bucket takes before new keys open the next bucket of the partition.")
          .withCheck(v -> v > 0, "a positive number");

  public static final ConfigOption<Integer> MAX_BUCKETS =
      of(
              "dynamic-bucket.max-buckets",
              OptionType.INT,
              -1,
              "Most buckets a partition opens in dynamic bucket mode (-1: no limit); once all are"
                  + " full, new keys join existing buckets.")
          .withCheck(
              v -> v == -1 || (v > 0 && v <= MAX_BUCKETS_LIMIT), "-1 or between 1 and 32767");
}

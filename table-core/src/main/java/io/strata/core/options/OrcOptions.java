package io.strata.core.options;

import static io.strata.core.options.ConfigOption.of;

/**
 * Options of the ORC data file writer, with Paimon's keys and defaults. Every other table option
 * whose key starts with {@code orc.} and that orc-core knows (its {@code OrcConf}, e.g. {@code
 * orc.stripe.size}, {@code orc.compress.size}, {@code orc.bloom.filter.columns}) is passed to the
 * ORC writer as is.
 */
public final class OrcOptions {

  private OrcOptions() {}

  public static final ConfigOption<Integer> WRITE_BATCH_SIZE =
      of(
              "write.batch-size",
              OptionType.INT,
              1024,
              "Rows the ORC writer collects in one vector batch before encoding them.")
          .withAliases("orc.write.batch-size")
          .withCheck(v -> v >= 1, "a positive number");
}

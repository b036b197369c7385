package io.strata.core.format;

import java.util.EnumSet;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.orc.OrcConf;

/**
 * Passes a table's {@code orc.*} options to orc-core's writer, as Paimon does: every key orc-core
 * knows ({@link OrcConf}, e.g. {@code orc.stripe.size}, {@code orc.compress.size}, {@code
 * orc.row.index.stride}, {@code orc.bloom.filter.columns}, {@code orc.dictionary.key.threshold})
 * goes into the writer's configuration. Keys orc-core does not know are ignored, and so are those
 * Strata decides itself: the codec comes from {@code file.compression} and a data file is never
 * overwritten.
 */
final class OrcWriterConf {

  private static final Set<OrcConf> DECIDED_BY_STRATA =
      EnumSet.of(OrcConf.COMPRESS, OrcConf.OVERWRITE_OUTPUT_FILE);

  private static final Set<String> PASSED_ON = passedOn();

  private OrcWriterConf() {}

  /** Sets each passed-on {@code orc.*} option of {@code formatOptions} in {@code conf}. */
  static void apply(Map<String, String> formatOptions, Configuration conf) {
    for (Map.Entry<String, String> e : formatOptions.entrySet()) {
      if (PASSED_ON.contains(e.getKey())) {
        conf.set(e.getKey(), e.getValue().strip());
      }
    }
  }

  private static Set<String> passedOn() {
    Set<String> keys = new HashSet<>();
    for (OrcConf conf : OrcConf.values()) {
      if (!DECIDED_BY_STRATA.contains(conf) && conf.getAttribute().startsWith("orc.")) {
        keys.add(conf.getAttribute());
      }
    }
    return Set.copyOf(keys);
  }
}

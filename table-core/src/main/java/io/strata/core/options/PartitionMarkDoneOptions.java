package io.strata.core.options;

import java.util.Arrays;
import java.util.List;

/** Options of {@code CALL sys.mark_partition_done}. */
public final class PartitionMarkDoneOptions {

  private PartitionMarkDoneOptions() {}

  /** The action Strata performs: a {@code _SUCCESS} file in the partition directory. */
  public static final String SUCCESS_FILE = "success-file";

  /** Every action Paimon names; only {@link #SUCCESS_FILE} needs nothing but the file system. */
  public static final List<String> ACTIONS =
      List.of(SUCCESS_FILE, "done-partition", "mark-event", "http-report", "custom");

  public static final ConfigOption<String> MARK_DONE_ACTION =
      ConfigOption.<String>of(
              "partition.mark-done-action",
              OptionType.STRING,
              SUCCESS_FILE,
              "How mark_partition_done marks a partition, a comma-separated list: success-file"
                  + " writes <partition>/_SUCCESS. Paimon's done-partition and mark-event (a"
                  + " metastore), http-report and custom are accepted here and refused when a"
                  + " partition is marked.")
          .withCheck(
              v -> actions(v).stream().allMatch(ACTIONS::contains),
              "a comma-separated list of " + ACTIONS);

  /** The actions of an option value, trimmed and lower-cased, empty entries dropped. */
  public static List<String> actions(String value) {
    return Arrays.stream(value.split(","))
        .map(a -> a.trim().toLowerCase(java.util.Locale.ROOT))
        .filter(a -> !a.isEmpty())
        .toList();
  }
}

package io.strata.core.expire;

import io.strata.core.errors.OptionErrors;
import io.strata.core.options.ExpireOptions;
import io.strata.core.options.Options;
import java.time.Duration;

/**
 * What one snapshot expiration may do: keep at least {@code retainMin} and at most {@code
 * retainMax} snapshots, expire only snapshots superseded before {@code olderThanMillis}, and at
 * most {@code limit} per run.
 */
public record ExpireConfig(int retainMin, int retainMax, long olderThanMillis, int limit) {

  public ExpireConfig {
    if (retainMin < 1) {
      throw OptionErrors.retainMinBelowOne(retainMin);
    }
    if (retainMax < retainMin) {
      throw OptionErrors.retainMaxBelowMin(retainMax, retainMin);
    }
    if (limit < 1) {
      throw OptionErrors.maxDeletesBelowOne(limit);
    }
  }

  /** The table's own settings at time {@code nowMillis}. */
  public static ExpireConfig fromOptions(Options options, long nowMillis) {
    Duration retained = options.get(ExpireOptions.SNAPSHOT_TIME_RETAINED);
    return new ExpireConfig(
        options.get(ExpireOptions.SNAPSHOT_NUM_RETAINED_MIN),
        options.get(ExpireOptions.SNAPSHOT_NUM_RETAINED_MAX),
        nowMillis - retained.toMillis(),
        options.get(ExpireOptions.SNAPSHOT_EXPIRE_LIMIT));
  }
}

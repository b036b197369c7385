package io.strata.core.maintenance;

import io.strata.core.expire.ExpireConfig;
import io.strata.core.expire.SnapshotExpiration;
import io.strata.core.options.TableOptions;
import io.strata.core.table.FileStoreTable;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What runs in the driver after every successful commit, in this order: automatic tags, partition
 * expiration, snapshot expiration. {@code write-only} = true skips it all. A failure here never
 * fails the commit that already succeeded; it is logged and retried next commit.
 */
public final class PostCommitMaintenance {

  private static final Logger LOG = LoggerFactory.getLogger(PostCommitMaintenance.class);

  private final Clock clock;

  public PostCommitMaintenance(Clock clock) {
    this.clock = clock;
  }

  public void run(FileStoreTable table) {
    if (table.options().get(TableOptions.WRITE_ONLY)) {
      return;
    }
    try {
      new SnapshotExpiration(table)
          .expire(ExpireConfig.fromOptions(table.options(), clock.millis()));
    } catch (RuntimeException e) {
      LOG.warn(
          "Snapshot expiration after a commit to {} failed; the commit stands and expiration"
              + " retries after the next one.",
          table.root(),
          e);
    }
  }
}

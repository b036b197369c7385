package io.strata.spark.compact;

import io.strata.core.compact.CompactionTask;
import io.strata.core.store.FileStore;
import io.strata.core.write.CommitMessage;
import java.io.Serializable;

/**
 * What one compaction task sends back: its compaction, or the failure after it deleted what it
 * wrote. Tasks report failures instead of throwing so that every task finishes and the driver knows
 * all files written before it decides to commit or delete them.
 */
record TaskOutcome(CommitMessage compaction, RuntimeException failure) implements Serializable {

  static TaskOutcome run(CompactionTask task, FileStore table) {
    try {
      return new TaskOutcome(task.run(table), null);
    } catch (RuntimeException e) {
      return new TaskOutcome(null, e);
    }
  }
}

package io.strata.core.commit;

import io.strata.core.options.LockOptions;
import io.strata.core.options.Options;
import io.strata.core.store.FileStore;
import java.time.Clock;
import java.util.function.Supplier;

/**
 * Makes the commits of one table take turns around "read the latest snapshot, publish the next".
 * Without {@code lock.enabled} it does nothing: the atomic create of {@code snapshot-N} decides
 * races on its own wherever rename is atomic.
 */
public interface CommitLock {

  /** Runs {@code action} while holding the lock. */
  <T> T runWithLock(Supplier<T> action);

  /** No lock: commits race, and the atomic snapshot create picks the winner. */
  CommitLock NONE =
      new CommitLock() {
        @Override
        public <T> T runWithLock(Supplier<T> action) {
          return action.get();
        }
      };

  /** The lock {@code table}'s options ask for. */
  static CommitLock of(FileStore table) {
    Options options = table.options();
    if (!options.get(LockOptions.LOCK_ENABLED)) {
      return NONE;
    }
    return new FileSystemLock(
        table.fileIO(),
        table.paths().commitLock(),
        options.get(LockOptions.LOCK_ACQUIRE_TIMEOUT),
        options.get(LockOptions.LOCK_CHECK_MAX_SLEEP),
        Clock.systemUTC());
  }
}

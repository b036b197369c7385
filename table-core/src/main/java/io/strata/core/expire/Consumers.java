package io.strata.core.expire;

import io.strata.core.options.ExpireOptions;
import io.strata.core.snapshot.Consumer;
import io.strata.core.store.FileStore;
import java.time.Duration;
import java.util.OptionalLong;

/** Consumer positions ({@code consumer/consumer-<id>}) that keep snapshots from expiring. */
final class Consumers {

  private Consumers() {}

  /**
   * The smallest next snapshot any live consumer needs; consumers idle longer than {@code
   * consumer.expiration-time} no longer count.
   */
  static OptionalLong minNextSnapshot(FileStore table) {
    Duration expiration = table.options().get(ExpireOptions.CONSUMER_EXPIRATION_TIME);
    long now = table.clock().millis();
    OptionalLong min = OptionalLong.empty();
    for (Consumer c : table.consumerManager().consumers()) {
      if (expiration != null && c.modificationTimeMillis() < now - expiration.toMillis()) {
        continue;
      }
      if (min.isEmpty() || c.nextSnapshot() < min.getAsLong()) {
        min = OptionalLong.of(c.nextSnapshot());
      }
    }
    return min;
  }
}

package io.strata.core.expire;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.core.io.FileIO;
import io.strata.core.options.ExpireOptions;
import io.strata.core.store.FileStore;
import java.io.IOException;
import java.io.UncheckedIOException;
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
    ObjectMapper mapper = new ObjectMapper();
    try {
      for (FileIO.FileStatusInfo f : table.fileIO().list(table.paths().consumerDir())) {
        if (!f.path().getName().startsWith("consumer-")) {
          continue;
        }
        if (expiration != null && f.modificationTime() < now - expiration.toMillis()) {
          continue;
        }
        long next =
            mapper.readTree(table.fileIO().readUtf8(f.path())).path("nextSnapshot").asLong();
        if (min.isEmpty() || next < min.getAsLong()) {
          min = OptionalLong.of(next);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read consumers of " + table.root(), e);
    }
    return min;
  }
}

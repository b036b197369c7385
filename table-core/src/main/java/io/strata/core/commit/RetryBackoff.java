package io.strata.core.commit;

import java.util.concurrent.ThreadLocalRandom;

/** How long a commit that lost a race waits before its next attempt; tests inject their own. */
@FunctionalInterface
public interface RetryBackoff {

  /** Waits before retry number {@code attempt} + 1 (the first retry has attempt 0). */
  void await(int attempt) throws InterruptedException;

  /** Exponential from 10 ms up to 1 s, with up to as much again of random jitter. */
  static RetryBackoff exponential() {
    return attempt -> {
      long millis = Math.min(1000, 10L << Math.min(attempt, 6));
      Thread.sleep(millis + ThreadLocalRandom.current().nextLong(millis));
    };
  }
}

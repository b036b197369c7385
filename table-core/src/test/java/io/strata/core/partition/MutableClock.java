package io.strata.core.partition;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;

/** A clock tests move by hand: expiration tests never sleep. */
final class MutableClock extends Clock {

  private final ZoneId zone;
  private Instant now;

  MutableClock(LocalDateTime localNow, ZoneId zone) {
    this.zone = zone;
    this.now = localNow.atZone(zone).toInstant();
  }

  void advance(Duration d) {
    now = now.plus(d);
  }

  @Override
  public ZoneId getZone() {
    return zone;
  }

  @Override
  public Clock withZone(ZoneId newZone) {
    return Clock.fixed(now, newZone);
  }

  @Override
  public Instant instant() {
    return now;
  }
}

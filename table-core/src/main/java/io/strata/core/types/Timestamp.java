package io.strata.core.types;

import io.strata.core.errors.ValueErrors;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/** A timestamp value with nanosecond precision: epoch millis plus nanos within that milli. */
public record Timestamp(long millis, int nanoOfMillisecond)
    implements Comparable<Timestamp>, java.io.Serializable {

  public Timestamp {
    if (nanoOfMillisecond < 0 || nanoOfMillisecond > 999_999) {
      throw ValueErrors.invalidNanoOfMillisecond(nanoOfMillisecond);
    }
  }

  public static Timestamp fromMicros(long micros) {
    return new Timestamp(Math.floorDiv(micros, 1000), (int) Math.floorMod(micros, 1000) * 1000);
  }

  public static Timestamp fromMillis(long millis) {
    return new Timestamp(millis, 0);
  }

  public long toMicros() {
    return Math.multiplyExact(millis, 1000L) + nanoOfMillisecond / 1000;
  }

  /** Wall-clock reading of this value taken as UTC (TIMESTAMP without time zone). */
  public LocalDateTime toLocalDateTime() {
    return LocalDateTime.ofEpochSecond(
        Math.floorDiv(millis, 1000),
        (int) Math.floorMod(millis, 1000) * 1_000_000 + nanoOfMillisecond,
        ZoneOffset.UTC);
  }

  public static Timestamp fromLocalDateTime(LocalDateTime t) {
    long seconds = t.toEpochSecond(ZoneOffset.UTC);
    int nanos = t.getNano();
    return new Timestamp(seconds * 1000 + nanos / 1_000_000, nanos % 1_000_000);
  }

  public Instant toInstant() {
    return Instant.ofEpochMilli(millis).plusNanos(nanoOfMillisecond);
  }

  @Override
  public int compareTo(Timestamp o) {
    int c = Long.compare(millis, o.millis);
    return c != 0 ? c : Integer.compare(nanoOfMillisecond, o.nanoOfMillisecond);
  }
}

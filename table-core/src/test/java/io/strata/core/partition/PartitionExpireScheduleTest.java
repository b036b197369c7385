package io.strata.core.partition;

import static io.strata.core.partition.PartitionTestTables.insert;
import static io.strata.core.partition.PartitionTestTables.maintain;
import static io.strata.core.partition.PartitionTestTables.partitions;
import static io.strata.core.partition.PartitionTestTables.table;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.table.FileStoreTable;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** partition.expiration-check-interval: per table, per driver, first commit checks. */
class PartitionExpireScheduleTest {

  @TempDir Path dir;

  final MutableClock clock = new MutableClock(LocalDateTime.of(2026, 3, 3, 15, 0), ZoneOffset.UTC);
  final PartitionExpireSchedule driver = new PartitionExpireSchedule();

  static Map<String, String> hourlyChecks() {
    return Map.of(
        "partition.expiration-time", "1 d",
        "partition.timestamp-formatter", "yyyyMMdd",
        "partition.expiration-check-interval", "1 h");
  }

  @Test
  void checksOnTheFirstCommitThenWaitsForTheInterval() {
    FileStoreTable table = table(dir, "t", hourlyChecks());
    insert(table, "20200101", "20990101");
    maintain(table, clock, driver);
    assertThat(partitions(table)).containsExactly("dt=20990101");

    insert(table, "20200102");
    clock.advance(Duration.ofMinutes(30));
    maintain(table, clock, driver);
    assertThat(partitions(table)).containsExactly("dt=20200102", "dt=20990101");

    // Exactly one interval later is not yet "after" it.
    clock.advance(Duration.ofMinutes(30));
    maintain(table, clock, driver);
    assertThat(partitions(table)).containsExactly("dt=20200102", "dt=20990101");

    clock.advance(Duration.ofSeconds(1));
    maintain(table, clock, driver);
    assertThat(partitions(table)).containsExactly("dt=20990101");
  }

  @Test
  void eachTableAndEachDriverKeepsItsOwnLastCheck() {
    FileStoreTable first = table(dir, "first", hourlyChecks());
    FileStoreTable second = table(dir, "second", hourlyChecks());
    insert(first, "20990101");
    maintain(first, clock, driver);

    insert(first, "20200101");
    insert(second, "20200101");
    clock.advance(Duration.ofMinutes(10));
    maintain(first, clock, driver);
    maintain(second, clock, driver);
    assertThat(partitions(first)).containsExactly("dt=20200101", "dt=20990101");
    assertThat(partitions(second)).isEmpty();

    // A fresh driver (another JVM) has not checked this table yet.
    maintain(first, clock, new PartitionExpireSchedule());
    assertThat(partitions(first)).containsExactly("dt=20990101");
  }

  @Test
  void endInputCheckIgnoresTheInterval() {
    Map<String, String> options = new HashMap<>(hourlyChecks());
    options.put("end-input.check-partition-expire", "true");
    FileStoreTable table = table(dir, "t", options);
    insert(table, "20990101");
    maintain(table, clock, driver);
    insert(table, "20200101");
    maintain(table, clock, driver);
    assertThat(partitions(table)).containsExactly("dt=20990101");
  }

  @Test
  void zeroIntervalIsAlwaysDue() {
    Instant now = Instant.parse("2026-03-03T15:00:00Z");
    driver.checked("t", now);
    assertThat(driver.isDue("t", now, Duration.ZERO)).isTrue();
    assertThat(driver.isDue("t", now, Duration.ofMillis(1))).isFalse();
    assertThat(driver.isDue("other", now, Duration.ofHours(1))).isTrue();
  }
}

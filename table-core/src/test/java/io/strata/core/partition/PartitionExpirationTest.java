package io.strata.core.partition;

import static io.strata.core.partition.PartitionTestTables.dataFiles;
import static io.strata.core.partition.PartitionTestTables.describe;
import static io.strata.core.partition.PartitionTestTables.insert;
import static io.strata.core.partition.PartitionTestTables.insertCreatedAt;
import static io.strata.core.partition.PartitionTestTables.latestKind;
import static io.strata.core.partition.PartitionTestTables.maintain;
import static io.strata.core.partition.PartitionTestTables.partitions;
import static io.strata.core.partition.PartitionTestTables.table;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.options.Options;
import io.strata.core.options.PartitionExpireStrategy;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which partitions a check drops, in how many commits, and that no data file goes yet. */
class PartitionExpirationTest {

  // Local 15:00 in a zone far from UTC: expiration compares wall-clock times, not instants.
  static final ZoneId TOKYO = ZoneId.of("Asia/Tokyo");
  static final LocalDateTime NOW = LocalDateTime.of(2026, 3, 3, 15, 0);

  @TempDir Path dir;

  MutableClock clock = new MutableClock(NOW, TOKYO);

  static Map<String, String> hourly(String expiration) {
    return Map.of(
        "partition.expiration-time", expiration, "partition.timestamp-formatter", "yyyyMMddHH");
  }

  @Test
  void seedThresholdDropsOnlyPartitionsStrictlyOlder() throws Exception {
    FileStoreTable table = table(dir, "t", hourly("3 d"));
    insert(table, "2026022800", "2026022815", "2026022816", "2026030100", "2026-03-01", "abc");
    long files = dataFiles(dir);

    maintain(table, clock, new PartitionExpireSchedule());

    assertThat(partitions(table))
        .containsExactly(
            "dt=2026-03-01", "dt=2026022815", "dt=2026022816", "dt=2026030100", "dt=abc");
    Snapshot latest = table.snapshotManager().latest();
    assertThat(latest.id()).isEqualTo(2);
    assertThat(latest.commitKind()).isEqualTo(CommitKind.OVERWRITE);
    assertThat(latest.deltaRecordCount()).isEqualTo(-1);
    assertThat(latest.totalRecordCount()).isEqualTo(5);
    assertThat(TableTestSupport.readAll(table)).hasSize(5);
    // The OVERWRITE only marks files deleted; snapshot expiration removes them later.
    assertThat(dataFiles(dir)).isEqualTo(files);
  }

  @Test
  void aSecondCheckFindsNothingAndCommitsNothing() {
    FileStoreTable table = table(dir, "t", hourly("3 d"));
    insert(table, "2026022800", "2026030100");
    PartitionExpireSchedule schedule = new PartitionExpireSchedule();
    maintain(table, clock, schedule);
    maintain(table, clock, schedule);
    assertThat(table.snapshotManager().latest().id()).isEqualTo(2);
    assertThat(partitions(table)).containsExactly("dt=2026030100");
  }

  @Test
  void maxNumDropsTheOldestFirstAcrossSeveralCommits() {
    Map<String, String> options = new java.util.HashMap<>(hourly("1 d"));
    options.put("partition.expiration-max-num", "2");
    FileStoreTable table = table(dir, "t", options);
    insert(
        table, "2026010105", "2026010100", "2026010300", "2026010200", "2026010400", "2099010100");
    PartitionExpireSchedule schedule = new PartitionExpireSchedule();

    maintain(table, clock, schedule);
    assertThat(partitions(table))
        .containsExactly("dt=2026010200", "dt=2026010300", "dt=2026010400", "dt=2099010100");
    insert(table, "2099010100");
    maintain(table, clock, schedule);
    assertThat(partitions(table)).containsExactly("dt=2026010400", "dt=2099010100");
    insert(table, "2099010100");
    maintain(table, clock, schedule);
    assertThat(partitions(table)).containsExactly("dt=2099010100");
    assertThat(table.snapshotManager().latest().id()).isEqualTo(6);
    assertThat(latestKind(table)).isEqualTo(CommitKind.OVERWRITE);
  }

  @Test
  void batchSizeSplitsOneCheckIntoSeveralCommitsOldestFirst() {
    FileStoreTable table = table(dir, "t", Map.of());
    insert(
        table, "2026010400", "2026010100", "2026010300", "2026010200", "2026010500", "2099010100");
    PartitionExpireConfig config =
        new PartitionExpireConfig(
            Duration.ofDays(1), PartitionExpireStrategy.VALUES_TIME, "yyyyMMddHH", null, 100, 2);

    List<PartitionEntry> expired = new PartitionExpiration(table, config, clock, "test").expire();

    assertThat(describe(table, expired))
        .containsExactly(
            "dt=2026010100", "dt=2026010200", "dt=2026010300", "dt=2026010400", "dt=2026010500");
    assertThat(table.snapshotManager().latest().id()).isEqualTo(4);
    List<Long> dropped = new ArrayList<>();
    for (long id = 2; id <= 4; id++) {
      Snapshot s = table.snapshotManager().snapshot(id);
      assertThat(s.commitKind()).isEqualTo(CommitKind.OVERWRITE);
      dropped.add(-s.deltaRecordCount());
    }
    assertThat(dropped).containsExactly(2L, 2L, 1L);
    assertThat(partitions(table)).containsExactly("dt=2099010100");
  }

  @Test
  void updateTimeDropsOnlyTheIdlePartition() {
    FileStoreTable table =
        table(
            dir,
            "t",
            Map.of(
                "partition.expiration-time", "1 h",
                "partition.expiration-strategy", "update-time"));
    List<Object[]> idle = List.<Object[]>of(new Object[] {1L, "a", "idle"});
    List<Object[]> busy = List.<Object[]>of(new Object[] {2L, "b", "busy"});
    insertCreatedAt(table, NOW.minusHours(5), idle);
    insertCreatedAt(table, NOW.minusHours(5), busy);
    // The threshold is local 14:00: one minute older expires, a later write keeps "busy".
    insertCreatedAt(table, NOW.minusMinutes(61), List.<Object[]>of(new Object[] {3L, "c", "idle"}));
    insertCreatedAt(table, NOW.minusMinutes(30), List.<Object[]>of(new Object[] {4L, "d", "busy"}));

    maintain(table, clock, new PartitionExpireSchedule());

    assertThat(partitions(table)).containsExactly("dt=busy");
    assertThat(TableTestSupport.readAll(table)).hasSize(2);
    assertThat(latestKind(table)).isEqualTo(CommitKind.OVERWRITE);
  }

  @Test
  void multiFieldPatternBuildsTheTimeFromSeveralFields() {
    FileStoreTable table =
        TableTestSupport.create(
            TableTestSupport.catalog(dir),
            "hourly",
            withColumn("hour"),
            List.of("dt", "hour"),
            Map.of(
                "partition.expiration-time", "2 h",
                "partition.timestamp-pattern", "$dt $hour:00:00"));
    TableTestSupport.append(
        table,
        List.of(
            new Object[] {1L, "a", "2026-03-03", "14"},
            new Object[] {2L, "b", "2026-03-03", "11"},
            new Object[] {3L, "c", "2026-03-01", "10"},
            new Object[] {4L, "d", "2026-03-01", "5"}));
    PartitionExpireConfig config = PartitionExpireConfig.fromOptions(table.options()).orElseThrow();

    PartitionExpiration expiration = new PartitionExpiration(table, config, clock, "test");
    List<PartitionEntry> expired = expiration.expire();

    assertThat(expired.stream().map(expiration::describe))
        .containsExactly("dt=2026-03-01, hour=10", "dt=2026-03-03, hour=11");
    // "5" is not two digits, so "2026-03-01 5:00:00" does not parse: skipped, not dropped.
    assertThat(partitions(table)).containsExactly("dt=2026-03-01/hour=5", "dt=2026-03-03/hour=14");
  }

  /** {@code (id, v, dt)} and one more STRING column. */
  static RowType withColumn(String name) {
    List<DataField> fields = new ArrayList<>(PartitionTestTables.ROWS.fields());
    fields.add(new DataField(3, name, DataTypes.STRING()));
    return new RowType(fields);
  }

  @Test
  void valuesWithCommasEqualsSlashesAndSpacesDropExactlyTheirPartitions() {
    FileStoreTable table =
        TableTestSupport.create(
            TableTestSupport.catalog(dir),
            "tricky",
            withColumn("tag"),
            List.of("dt", "tag"),
            Map.of("partition.expiration-time", "1 d", "partition.timestamp-pattern", "$dt"));
    String old = "2020-01-01 00:00:00";
    String young = "2099-01-01 00:00:00";
    String[][] partitions = {
      {old, "a,b"},
      {old, "x=y/z"},
      {old, "tag=a, dt=" + young},
      {young, "a,b"},
      {young, "a"},
      {young, "b"},
      {young, "x=y/z"},
      {young, "x"},
      {young, " a b "},
      {young, "tag=a, dt=" + old}
    };
    List<Object[]> rows = new ArrayList<>();
    for (int i = 0; i < partitions.length; i++) {
      rows.add(new Object[] {(long) i, "v", partitions[i][0], partitions[i][1]});
    }
    TableTestSupport.append(table, rows);

    maintain(table, clock, new PartitionExpireSchedule());

    assertThat(partitions(table))
        .containsExactlyInAnyOrder(
            "dt=" + young + "/tag=a,b",
            "dt=" + young + "/tag=a",
            "dt=" + young + "/tag=b",
            "dt=" + young + "/tag=x=y/z",
            "dt=" + young + "/tag=x",
            "dt=" + young + "/tag= a b ",
            "dt=" + young + "/tag=tag=a, dt=" + old);
    assertThat(TableTestSupport.readAll(table).stream().map(r -> (Long) r[0]))
        .containsExactlyInAnyOrder(3L, 4L, 5L, 6L, 7L, 8L, 9L);

    // Dropping one of them by its entry leaves its look-alikes.
    PartitionEntry commaPartition =
        Partitions.live(table).stream()
            .filter(p -> p.values()[1].equals("a,b"))
            .findFirst()
            .orElseThrow();
    Partitions.drop(table, List.of(commaPartition), "test", clock);
    assertThat(TableTestSupport.readAll(table).stream().map(r -> (Long) r[0]))
        .containsExactlyInAnyOrder(4L, 5L, 6L, 7L, 8L, 9L);
  }

  @Test
  void writeOnlyAndUnsetExpirationSkipTheCheck() {
    FileStoreTable writeOnly =
        table(
            dir,
            "write_only",
            Map.of(
                "partition.expiration-time", "1 d",
                "partition.timestamp-formatter", "yyyyMMddHH",
                "write-only", "true"));
    FileStoreTable off = table(dir, "off", Map.of("partition.timestamp-formatter", "yyyyMMddHH"));
    insert(writeOnly, "2020010100");
    insert(off, "2020010100");
    maintain(writeOnly, clock, new PartitionExpireSchedule());
    maintain(off, clock, new PartitionExpireSchedule());
    assertThat(partitions(writeOnly)).containsExactly("dt=2020010100");
    assertThat(partitions(off)).containsExactly("dt=2020010100");
    assertThat(PartitionExpireConfig.fromOptions(new Options(Map.of()))).isEmpty();
  }
}

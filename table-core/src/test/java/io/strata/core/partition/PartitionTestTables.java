package io.strata.core.partition;

import io.strata.core.commit.FileStoreCommit;
import io.strata.core.maintenance.PostCommitMaintenance;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.write.CommitMessage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** Tables, writes and listings shared by the partition expiration tests. */
final class PartitionTestTables {

  static final RowType ROWS =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT()),
              new DataField(1, "v", DataTypes.STRING()),
              new DataField(2, "dt", DataTypes.STRING())));

  private PartitionTestTables() {}

  /** {@code (id, v, dt)} partitioned by dt, checked on every commit, plus {@code options}. */
  static FileStoreTable table(Path dir, String name, Map<String, String> options) {
    Map<String, String> all = new LinkedHashMap<>();
    all.put("partition.expiration-check-interval", "0 s");
    all.putAll(options);
    return TableTestSupport.create(TableTestSupport.catalog(dir), name, ROWS, List.of("dt"), all);
  }

  /** One row per partition value, in one APPEND commit. */
  static Snapshot insert(FileStoreTable table, String... dts) {
    List<Object[]> rows = new ArrayList<>();
    for (int i = 0; i < dts.length; i++) {
      rows.add(new Object[] {(long) i, "v" + i, dts[i]});
    }
    return TableTestSupport.append(table, rows);
  }

  /** Commits rows whose files say they were created at {@code created} (local wall clock). */
  static Snapshot insertCreatedAt(
      FileStoreTable table, LocalDateTime created, List<Object[]> rows) {
    long millis = created.toInstant(ZoneOffset.UTC).toEpochMilli();
    List<CommitMessage> messages = new ArrayList<>();
    for (CommitMessage m : TableTestSupport.write(table, rows)) {
      List<DataFileMeta> files =
          m.newFiles().stream().map(f -> f.withCreationTimeMillis(millis)).toList();
      messages.add(
          new CommitMessage(m.partition(), m.bucket(), m.totalBuckets(), files, List.of()));
    }
    return new FileStoreCommit(table, "test", Clock.systemUTC())
        .commit(messages, CommitKind.APPEND);
  }

  /** Runs post-commit maintenance as a driver with this clock and schedule would. */
  static void maintain(FileStoreTable table, Clock clock, PartitionExpireSchedule schedule) {
    new PostCommitMaintenance(clock, schedule).run(table, "test");
  }

  /** Live partitions as {@code k=v/k2=v2}, sorted. */
  static List<String> partitions(FileStoreTable table) {
    return Partitions.live(table).stream()
        .map(p -> p.describe(table.schema().partitionType(), "__DEFAULT_PARTITION__", "/"))
        .sorted()
        .toList();
  }

  static List<String> describe(FileStoreTable table, List<PartitionEntry> entries) {
    return entries.stream()
        .map(p -> p.describe(table.schema().partitionType(), "__DEFAULT_PARTITION__", "/"))
        .toList();
  }

  static long dataFiles(Path dir) throws Exception {
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(p -> p.getFileName().toString().startsWith("data-")).count();
    }
  }

  static CommitKind latestKind(FileStoreTable table) {
    return table.snapshotManager().latest().commitKind();
  }
}

package io.strata.core.table;

import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.expire.ExpireConfig;
import io.strata.core.expire.SnapshotExpiration;
import io.strata.core.options.PartitionExpireStrategy;
import io.strata.core.partition.PartitionExpireConfig;
import io.strata.core.schema.SchemaFactory;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.tag.TagOperations;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.write.TableWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Operations a process can die in, each on a table prepared the same way every time, so that the
 * N-th file operation of one run is the N-th of the next: an append, a primary-key write that also
 * compacts, an overwrite, snapshot expiration, partition expiration, tag creation and deletion.
 */
record CrashScenarios(
    String name,
    List<String> primaryKeys,
    Map<String, String> options,
    Consumer<FileStoreTable> setup,
    Consumer<FileStoreTable> operation,
    Consumer<FileStoreTable> recovery) {

  /** A scenario whose recovery is the next write alone. */
  CrashScenarios(
      String name,
      List<String> primaryKeys,
      Map<String, String> options,
      Consumer<FileStoreTable> setup,
      Consumer<FileStoreTable> operation) {
    this(name, primaryKeys, options, setup, operation, t -> {});
  }

  static final RowType ROWS =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT()),
              new DataField(1, "v", DataTypes.STRING()),
              new DataField(2, "dt", DataTypes.STRING())));

  static final String[] DAYS = {"2020-01-01", "2099-01-01"};

  @Override
  public String toString() {
    return name;
  }

  static List<CrashScenarios> all() {
    Map<String, String> pk = Map.of("bucket", "1", "num-sorted-run.compaction-trigger", "2");
    return List.of(
        new CrashScenarios("append", List.of(), Map.of(), t -> commits(t, 2), t -> append(t, 9)),
        new CrashScenarios(
            "primary-key write that compacts",
            List.of("dt", "id"),
            pk,
            t -> commits(t, 2),
            t -> upsert(t, 9)),
        new CrashScenarios(
            "overwrite", List.of(), Map.of(), t -> commits(t, 2), CrashScenarios::overwrite),
        new CrashScenarios(
            "snapshot expiration",
            List.of(),
            Map.of(),
            CrashScenarios::commitsAndOverwrites,
            CrashScenarios::expireAllButLatest,
            // As a user would: expire_snapshots again finishes what the dead one started.
            CrashScenarios::expireAllButLatest),
        new CrashScenarios(
            "partition expiration",
            List.of(),
            Map.of(),
            t -> commits(t, 2),
            t -> t.newCommit("crash").expirePartitions(partitionsOlderThanADay())),
        new CrashScenarios(
            "tag creation and deletion",
            List.of(),
            Map.of(),
            CrashScenarios::taggedAndExpired,
            CrashScenarios::retag));
  }

  FileStoreTable create(WarehouseCatalog catalog) {
    Map<String, String> all = new LinkedHashMap<>();
    all.put("delete-file.thread-num", "1"); // one order of operations, run after run
    all.putAll(options);
    return catalog.createTable(
        new Identifier("default", "t"),
        SchemaFactory.create(ROWS, List.of("dt"), primaryKeys, all, null, 1L));
  }

  /** Rows of commit {@code n}: one per day, tagged with the commit number. */
  static List<Object[]> rowsOf(int n) {
    List<Object[]> rows = new ArrayList<>();
    for (int d = 0; d < DAYS.length; d++) {
      rows.add(new Object[] {(long) n * 10 + d, "commit-" + n, DAYS[d]});
    }
    return rows;
  }

  static void commits(FileStoreTable table, int count) {
    for (int n = 1; n <= count; n++) {
      append(table, n);
    }
  }

  static void append(FileStoreTable table, int n) {
    table.newCommit("crash").commit(TableTestSupport.write(table, rowsOf(n)), CommitKind.APPEND);
  }

  /** Rewrites the keys of commit 1 through a writer that compacts the bucket it writes. */
  static void upsert(FileStoreTable table, int n) {
    try (TableWriter writer = table.newWrite()) {
      for (Object[] row : rowsOf(1)) {
        writer.write(new Object[] {row[0], "commit-" + n, row[2]});
      }
      table.newCommit("crash").commit(writer.prepareCommit(), CommitKind.APPEND);
    }
  }

  static void overwrite(FileStoreTable table) {
    table.newCommit("crash").overwrite(TableTestSupport.write(table, rowsOf(9)), null);
  }

  /** Five snapshots, two of them overwrites, so expiration has data files to delete. */
  static void commitsAndOverwrites(FileStoreTable table) {
    append(table, 1);
    overwrite(table);
    append(table, 2);
    overwrite(table);
    append(table, 3);
  }

  static void expireAllButLatest(FileStoreTable table) {
    new SnapshotExpiration(table).expire(new ExpireConfig(1, 1, Long.MAX_VALUE, 100));
  }

  static PartitionExpireConfig partitionsOlderThanADay() {
    return new PartitionExpireConfig(
        Duration.ofDays(1), PartitionExpireStrategy.VALUES_TIME, "yyyy-MM-dd", null, 100, null);
  }

  /** Tag t0 holds snapshot 1, whose files only the tag keeps once snapshots 1 and 2 expired. */
  static void taggedAndExpired(FileStoreTable table) {
    append(table, 1);
    new TagOperations(table, table.clock()).create("t0", 1L, null);
    overwrite(table);
    append(table, 2);
    new SnapshotExpiration(table).expire(new ExpireConfig(1, 1, Long.MAX_VALUE, 100));
  }

  static void retag(FileStoreTable table) {
    TagOperations tags = new TagOperations(table, table.clock());
    tags.create("t1", null, null);
    tags.delete(List.of("t0"));
  }
}

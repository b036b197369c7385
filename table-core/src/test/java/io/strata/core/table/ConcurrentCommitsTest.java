package io.strata.core.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.commit.CommitConflictException;
import io.strata.core.expire.ExpireConfig;
import io.strata.core.expire.OrphanFiles;
import io.strata.core.expire.SnapshotExpiration;
import io.strata.core.io.HadoopFileIO;
import io.strata.core.levels.CompactStrategy;
import io.strata.core.schema.SchemaFactory;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.snapshot.SnapshotManager;
import io.strata.core.write.TableWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writers, each with its own table object, commit to one append table and one primary-key table
 * while a maintenance thread loops compaction, snapshot expiration, partition expiration and orphan
 * removal. Every acknowledged commit is then present exactly once, nothing unacknowledged is, ids
 * are contiguous, every listed snapshot reads, and the only failures are conflicts that say so.
 */
class ConcurrentCommitsTest {

  static final int WRITERS = 4;
  static final int COMMITS = 50;
  static final int UPSERTERS = 2;
  static final int UPSERTS = 25;
  static final String[] DAYS = {"2099-01-01", "2099-01-02"};

  @TempDir Path dir;

  private final Set<String> acknowledged = ConcurrentHashMap.newKeySet();
  private final Map<Long, String> lastUpsert = new ConcurrentHashMap<>();
  private final Queue<Throwable> writeFailures = new ConcurrentLinkedQueue<>();
  private final Queue<Throwable> maintenanceFailures = new ConcurrentLinkedQueue<>();
  private final AtomicInteger maintenanceRounds = new AtomicInteger();

  @Test
  void concurrentWritersAndMaintenanceLoseNothing() throws Exception {
    WarehouseCatalog catalog = TableTestSupport.catalog(dir);
    FileStoreTable appends = create(catalog, "appends", List.of(), Map.of());
    FileStoreTable upserts = create(catalog, "upserts", List.of("dt", "id"), Map.of("bucket", "1"));
    // An old partition that partition expiration drops while the writers run.
    appends
        .newCommit("setup")
        .commit(
            TableTestSupport.write(
                appends, List.<Object[]>of(new Object[] {-1L, "old", "2020-01-01"})),
            CommitKind.APPEND);

    ExecutorService pool = Executors.newFixedThreadPool(WRITERS + UPSERTERS + 1);
    List<Future<?>> writers = new ArrayList<>();
    for (int w = 0; w < WRITERS; w++) {
      int writer = w;
      writers.add(pool.submit(() -> append(reopen(appends), writer)));
    }
    for (int u = 0; u < UPSERTERS; u++) {
      int writer = u;
      writers.add(pool.submit(() -> upsert(reopen(upserts), writer)));
    }
    AtomicBoolean writing = new AtomicBoolean(true);
    Future<?> maintenance = pool.submit(() -> maintain(reopen(appends), reopen(upserts), writing));
    for (Future<?> f : writers) {
      f.get();
    }
    writing.set(false);
    maintenance.get();
    pool.shutdown();

    // The figures docs/reliability.md quotes.
    System.out.printf(
        "appends acknowledged %d of %d, upserts acknowledged %d of %d, write conflicts %d,"
            + " maintenance rounds %d, maintenance conflicts %d%n",
        acknowledged.size(),
        WRITERS * COMMITS,
        upsertsAcknowledged.get(),
        UPSERTERS * UPSERTS,
        writeFailures.size(),
        maintenanceRounds.get(),
        maintenanceFailures.size());
    assertThat(writeFailures).allSatisfy(ConcurrentCommitsTest::isAConflictNamingASnapshot);
    assertThat(maintenanceFailures).allSatisfy(ConcurrentCommitsTest::isAConflictNamingASnapshot);
    assertThat(acknowledged.size() + lastUpsertAttempts() + writeFailures.size())
        .isEqualTo(WRITERS * COMMITS + UPSERTERS * UPSERTS);
    assertThat(maintenanceRounds.get()).isPositive();
    assertAppendsHoldExactlyTheAcknowledged(reopen(appends));
    assertUpsertsHoldTheLastAcknowledgedValues(reopen(upserts));
  }

  private final AtomicInteger upsertsAcknowledged = new AtomicInteger();

  private int lastUpsertAttempts() {
    return upsertsAcknowledged.get();
  }

  private void append(FileStoreTable table, int writer) {
    for (int n = 0; n < COMMITS; n++) {
      String tag = "w" + writer + "-c" + n;
      Object[] row = {(long) writer * 1000 + n, tag, DAYS[n % DAYS.length]};
      try {
        table
            .newCommit("writer-" + writer)
            .commit(TableTestSupport.write(table, List.<Object[]>of(row)), CommitKind.APPEND);
        acknowledged.add(tag);
      } catch (RuntimeException e) {
        writeFailures.add(e);
      }
    }
  }

  /** Keys of its own ({@code writer * 100 + n % 5}), each rewritten several times. */
  private void upsert(FileStoreTable table, int writer) {
    for (int n = 0; n < UPSERTS; n++) {
      long key = writer * 100L + n % 5;
      String value = "u" + writer + "-c" + n;
      try (TableWriter w = table.newWrite()) {
        w.write(new Object[] {key, value, DAYS[0]});
        table.newCommit("upserter-" + writer).commit(w.prepareCommit(), CommitKind.APPEND);
        lastUpsert.put(key, value);
        upsertsAcknowledged.incrementAndGet();
      } catch (RuntimeException e) {
        writeFailures.add(e);
      }
    }
  }

  private void maintain(FileStoreTable appends, FileStoreTable upserts, AtomicBoolean writing) {
    ExpireConfig keepTen = new ExpireConfig(10, 10, Long.MAX_VALUE, 100);
    while (writing.get()) {
      for (Runnable step :
          List.<Runnable>of(
              () -> appends.newCommit("compactor").compact(null, CompactStrategy.FULL),
              () -> upserts.newCommit("compactor").compact(null, CompactStrategy.FULL),
              () -> new SnapshotExpiration(appends).expire(keepTen),
              () -> new SnapshotExpiration(upserts).expire(keepTen),
              () ->
                  appends
                      .newCommit("partition-expiration")
                      .expirePartitions(CrashScenarios.partitionsOlderThanADay()),
              // Files younger than any commit of this test can take are never orphans.
              () -> removeOrphans(appends),
              () -> removeOrphans(upserts))) {
        try {
          step.run();
        } catch (RuntimeException e) {
          maintenanceFailures.add(e);
        }
      }
      maintenanceRounds.incrementAndGet();
    }
  }

  private static void removeOrphans(FileStoreTable table) {
    new OrphanFiles(table)
        .remove(table.clock().millis() - Duration.ofSeconds(30).toMillis(), false);
  }

  private void assertAppendsHoldExactlyTheAcknowledged(FileStoreTable table) throws Exception {
    assertContiguousAndReadable(table);
    List<String> tags = new ArrayList<>();
    for (Object[] row : TableTestSupport.readAll(table)) {
      tags.add((String) row[1]);
    }
    assertThat(tags).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(acknowledged);
    assertThat(table.snapshotManager().latest().totalRecordCount()).isEqualTo(acknowledged.size());
  }

  private void assertUpsertsHoldTheLastAcknowledgedValues(FileStoreTable table) throws Exception {
    assertContiguousAndReadable(table);
    Map<Long, String> values = new HashMap<>();
    for (Object[] row : TableTestSupport.readAll(table)) {
      assertThat(values.put((Long) row[0], (String) row[1])).isNull();
    }
    assertThat(values).isEqualTo(lastUpsert);
  }

  private static void assertContiguousAndReadable(FileStoreTable table) throws Exception {
    SnapshotManager snapshots = table.snapshotManager();
    List<Long> ids = snapshots.listIds();
    long earliest = ids.get(0);
    assertThat(ids).hasSize((int) (snapshots.latest().id() - earliest + 1));
    for (long id : ids) {
      assertThat(id).isEqualTo(earliest++);
      TableTestSupport.read(table, table.newScan(), snapshots.snapshot(id));
    }
  }

  private static void isAConflictNamingASnapshot(Throwable e) {
    if (e instanceof CommitConflictException) {
      assertThat(e).hasMessageContaining("(the latest snapshot is now ");
    } else {
      assertThat(e)
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("attempts: other writers kept committing first (last: snapshot ")
          .hasMessageContaining("'commit.max-retries'");
    }
  }

  private static FileStoreTable create(
      WarehouseCatalog catalog,
      String name,
      List<String> primaryKeys,
      Map<String, String> options) {
    return catalog.createTable(
        new Identifier("default", name),
        SchemaFactory.create(CrashScenarios.ROWS, List.of("dt"), primaryKeys, options, null, 1L));
  }

  private static FileStoreTable reopen(FileStoreTable table) {
    return new FileStoreTable(HadoopFileIO.local(), table.root(), table.schema());
  }
}

package io.strata.core.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.schema.SchemaFactory;
import io.strata.core.snapshot.CommitKind;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On a store whose snapshot publish is check-then-write ({@link RacyCreateFileIO}), concurrent
 * commits silently lose each other; with {@code lock.enabled} they take turns and nothing is lost.
 */
class CommitLockTest {

  static final int WRITERS = 4;
  static final int COMMITS = 15;

  @TempDir Path dir;

  private final Set<String> acknowledged = ConcurrentHashMap.newKeySet();
  private final Queue<Throwable> failures = new ConcurrentLinkedQueue<>();

  @Test
  void withoutTheLockTwoWritersPublishingTheSameIdBothSucceedAndOneCommitIsLost() throws Exception {
    RacyCreateFileIO io = new RacyCreateFileIO(Duration.ofSeconds(30));
    FileStoreTable table = create(io, Map.of());

    run(table, io, 2, 1);

    assertThat(failures).isEmpty();
    assertThat(acknowledged).hasSize(2);
    assertThat(rows(table)).hasSize(1);
    assertThat(table.snapshotManager().listIds()).containsExactly(1L);
    assertThat(io.overwrittenSnapshots()).isEqualTo(1);
  }

  @Test
  void withTheLockTheSameRaceLosesNothing() throws Exception {
    RacyCreateFileIO io = new RacyCreateFileIO(Duration.ofMillis(500));
    FileStoreTable table = create(io, lockOptions());

    run(table, io, 2, 1);

    assertThat(failures).isEmpty();
    assertThat(rows(table)).containsExactlyInAnyOrderElementsOf(acknowledged).hasSize(2);
    assertThat(table.snapshotManager().listIds()).containsExactly(1L, 2L);
    assertThat(io.overwrittenSnapshots()).isZero();
  }

  @Test
  void manyWritersWithTheLockLoseNothing() throws Exception {
    RacyCreateFileIO io = new RacyCreateFileIO(Duration.ofMillis(20));
    FileStoreTable table = create(io, lockOptions());

    run(table, io, WRITERS, COMMITS);

    // The figures docs/reliability.md quotes.
    System.out.printf(
        "lock.enabled: %d of %d commits acknowledged, %d failed, %d snapshots overwritten%n",
        acknowledged.size(), WRITERS * COMMITS, failures.size(), io.overwrittenSnapshots());
    assertThat(failures).isEmpty();
    assertThat(io.overwrittenSnapshots()).isZero();
    assertThat(rows(table))
        .doesNotHaveDuplicates()
        .containsExactlyInAnyOrderElementsOf(acknowledged);
    assertThat(acknowledged).hasSize(WRITERS * COMMITS);
    List<Long> ids = table.snapshotManager().listIds();
    assertThat(ids).hasSize(WRITERS * COMMITS).endsWith((long) WRITERS * COMMITS);
    assertThat(table.snapshotManager().latest().totalRecordCount()).isEqualTo(WRITERS * COMMITS);
  }

  private static Map<String, String> lockOptions() {
    Map<String, String> options = new HashMap<>();
    options.put("lock.enabled", "true");
    options.put("lock.check-max-sleep", "20 ms");
    options.put("lock.acquire-timeout", "2 min");
    return options;
  }

  /** {@code writers} threads, each with its own table object, appending {@code commits} rows. */
  private void run(FileStoreTable table, RacyCreateFileIO io, int writers, int commits)
      throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(writers);
    List<Future<?>> futures = new ArrayList<>();
    for (int w = 0; w < writers; w++) {
      int writer = w;
      FileStoreTable own = new FileStoreTable(io, table.root(), table.schema());
      futures.add(pool.submit(() -> append(own, writer, commits)));
    }
    for (Future<?> f : futures) {
      f.get();
    }
    pool.shutdown();
  }

  private void append(FileStoreTable table, int writer, int commits) {
    for (int n = 0; n < commits; n++) {
      String tag = "w" + writer + "-c" + n;
      Object[] row = {(long) writer * 1000 + n, tag, "2099-01-01"};
      try {
        table
            .newCommit("writer-" + writer)
            .commit(TableTestSupport.write(table, List.<Object[]>of(row)), CommitKind.APPEND);
        acknowledged.add(tag);
      } catch (RuntimeException e) {
        failures.add(e);
      }
    }
  }

  private static List<String> rows(FileStoreTable table) {
    List<String> tags = new ArrayList<>();
    for (Object[] row : TableTestSupport.readAll(table)) {
      tags.add((String) row[1]);
    }
    return tags;
  }

  private FileStoreTable create(RacyCreateFileIO io, Map<String, String> options) {
    WarehouseCatalog catalog = new WarehouseCatalog(io, new org.apache.hadoop.fs.Path(dir.toUri()));
    return catalog.createTable(
        new Identifier("default", "t"),
        SchemaFactory.create(CrashScenarios.ROWS, List.of("dt"), List.of(), options, null, 1L));
  }
}

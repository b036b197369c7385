package io.strata.it.hdfs;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.format.CloseableIterator;
import io.strata.core.io.FileIO;
import io.strata.core.io.HadoopFileIO;
import io.strata.core.options.Options;
import io.strata.core.read.TableRead;
import io.strata.core.scan.TableScan;
import io.strata.core.schema.SchemaFactory;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import io.strata.core.write.TableWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Strata's file primitives and commit on HDFS, where rename never replaces its target: a snapshot
 * is published once, hints are replaced in one step, the lock file has one owner, and concurrent
 * writers (with and without {@code lock.enabled}) lose no acknowledged commit.
 */
class HdfsCommitTest {

  private static final int WRITERS = 3;
  private static final int COMMITS = 4;
  private static final RowType ROWS =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT()),
              new DataField(1, "v", DataTypes.STRING())));

  private final FileIO io = new HadoopFileIO(TestHdfs.clientConf());

  @Test
  void anAtomicCreateOfAnExistingFileLosesAndKeepsTheWinner() throws Exception {
    Path file = new Path(TestHdfs.newDirectory("create"), "snapshot-1");

    assertThat(io.tryCreateAtomically(file, bytes("first"))).isTrue();
    assertThat(io.tryCreateAtomically(file, bytes("second"))).isFalse();

    assertThat(io.readUtf8(file)).isEqualTo("first");
    assertThat(io.list(file.getParent())).hasSize(1);
  }

  @Test
  void overwriteReplacesAnExistingFileInOneStep() throws Exception {
    Path hint = new Path(TestHdfs.newDirectory("overwrite"), "LATEST");

    io.overwriteFile(hint, bytes("1"));
    io.overwriteFile(hint, bytes("2"));

    assertThat(io.readUtf8(hint)).isEqualTo("2");
    assertThat(io.list(hint.getParent())).hasSize(1);
  }

  @Test
  void aReaderNeverFindsAFileMissingWhileItIsReplaced() throws Exception {
    // Tags and consumers are replaced this way: a missing tag would let expiration delete its
    // files. A read that opened the file before a replacement fails on HDFS and is read again.
    Path tag = new Path(TestHdfs.newDirectory("replace"), "tag-t1");
    io.overwriteFile(tag, bytes("0"));
    AtomicBoolean writing = new AtomicBoolean(true);
    ExecutorService pool = Executors.newSingleThreadExecutor();
    Future<List<String>> reader =
        pool.submit(
            () -> {
              List<String> seen = new ArrayList<>();
              while (writing.get()) {
                seen.add(io.exists(tag) ? io.readUtf8(tag) : "<missing>");
              }
              return seen;
            });
    for (int i = 1; i <= 50; i++) {
      io.overwriteFile(tag, bytes(String.valueOf(i)));
    }
    writing.set(false);
    List<String> seen = reader.get();
    pool.shutdown();

    assertThat(seen).isNotEmpty().doesNotContain("<missing>", "");
    assertThat(io.readUtf8(tag)).isEqualTo("50");
  }

  @Test
  void ofWritersRacingForOneExclusiveFileExactlyOneWins() throws Exception {
    Path lock = new Path(TestHdfs.newDirectory("exclusive"), ".commit.lock");
    ExecutorService pool = Executors.newFixedThreadPool(6);
    List<Future<Boolean>> racers = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      String token = "racer-" + i;
      racers.add(pool.submit((Callable<Boolean>) () -> io.createExclusively(lock, bytes(token))));
    }
    List<String> winners = new ArrayList<>();
    for (int i = 0; i < racers.size(); i++) {
      if (racers.get(i).get()) {
        winners.add("racer-" + i);
      }
    }
    pool.shutdown();

    assertThat(winners).hasSize(1);
    assertThat(io.readUtf8(lock)).isEqualTo(winners.get(0));
  }

  @ParameterizedTest(name = "lock.enabled = {0}")
  @ValueSource(booleans = {false, true})
  void concurrentWritersLoseNothing(boolean lockEnabled) throws Exception {
    WarehouseCatalog catalog =
        new WarehouseCatalog(io, TestHdfs.newDirectory("commits-lock-" + lockEnabled));
    FileStoreTable table =
        catalog.createTable(
            new Identifier("default", "t"),
            SchemaFactory.create(
                ROWS,
                List.of(),
                List.of(),
                Map.of(
                    "lock.enabled", String.valueOf(lockEnabled), "lock.check-max-sleep", "50 ms"),
                null,
                1L));
    Set<String> acknowledged = ConcurrentHashMap.newKeySet();
    Queue<Throwable> failures = new ConcurrentLinkedQueue<>();
    ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
    List<Future<?>> writers = new ArrayList<>();
    for (int w = 0; w < WRITERS; w++) {
      int writer = w;
      FileStoreTable own = new FileStoreTable(io, table.root(), table.schema());
      writers.add(pool.submit(() -> append(own, writer, acknowledged, failures)));
    }
    for (Future<?> f : writers) {
      f.get();
    }
    pool.shutdown();

    assertThat(failures)
        .allSatisfy(
            e ->
                assertThat(e)
                    .hasMessageContaining(
                        "attempts: other writers kept committing first (last: snapshot "));
    if (lockEnabled) {
      assertThat(failures).isEmpty();
    }
    assertThat(tags(table))
        .doesNotHaveDuplicates()
        .containsExactlyInAnyOrderElementsOf(acknowledged);
    List<Long> ids = table.snapshotManager().listIds();
    assertThat(ids).hasSize(acknowledged.size()).endsWith((long) acknowledged.size());
    assertThat(io.exists(table.paths().commitLock())).isFalse();
  }

  private static void append(
      FileStoreTable table, int writer, Set<String> acknowledged, Queue<Throwable> failures) {
    for (int n = 0; n < COMMITS; n++) {
      String tag = "w" + writer + "-c" + n;
      try (TableWriter w = table.newWrite()) {
        w.write(new Object[] {(long) writer * 1000 + n, tag});
        table.newCommit("writer-" + writer).commit(w.prepareCommit(), CommitKind.APPEND);
        acknowledged.add(tag);
      } catch (RuntimeException e) {
        failures.add(e);
      }
    }
  }

  private static List<String> tags(FileStoreTable table) throws Exception {
    List<String> tags = new ArrayList<>();
    TableScan.Plan plan =
        new TableScan(table, new Options(Map.of())).plan(table.snapshotManager().latest());
    for (DataSplit split : plan.splits()) {
      try (CloseableIterator<Object[]> rows =
          TableRead.open(table, split, table.schema().rowType())) {
        rows.forEachRemaining(r -> tags.add((String) r[1]));
      }
    }
    return tags;
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}

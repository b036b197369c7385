package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.classic.SparkSession;
import org.junit.jupiter.api.Test;

/**
 * Several sessions of the shared SparkSession append to one table with INSERT statements, in
 * threads, while another loops {@code CALL sys.compact}, {@code sys.expire_snapshots} and {@code
 * sys.remove_orphan_files}: every acknowledged INSERT is present exactly once, snapshot ids are
 * contiguous, every listed snapshot reads, and the only failures are commit conflicts.
 */
public class ConcurrentSessionsTest {

  /**
   * A fresh session whose {@code strata} catalog holds the table; subclasses move the warehouse.
   */
  protected SparkSession newSession() {
    return TestSpark$.MODULE$.session().newSession();
  }

  /** INSERT statements per writer session. */
  protected int inserts() {
    return INSERTS;
  }

  private static final int WRITERS = 3;
  private static final int INSERTS = 5;
  private static final String TABLE = "strata.default.concurrent_sessions";

  private final Set<String> acknowledged = ConcurrentHashMap.newKeySet();
  private final Queue<Throwable> failures = new ConcurrentLinkedQueue<>();

  @Test
  void sessionsInsertingWhileMaintenanceRunsLoseNothing() throws Exception {
    SparkSession spark = newSession();
    spark.sql("DROP TABLE IF EXISTS " + TABLE).collect();
    spark.sql("CREATE TABLE " + TABLE + " (id BIGINT, tag STRING, p INT) PARTITIONED BY (p)");
    ExecutorService pool = Executors.newFixedThreadPool(WRITERS + 1);
    List<Future<?>> writers = new ArrayList<>();
    for (int w = 0; w < WRITERS; w++) {
      int writer = w;
      writers.add(pool.submit(() -> insert(newSession(), writer)));
    }
    AtomicBoolean writing = new AtomicBoolean(true);
    AtomicInteger rounds = new AtomicInteger();
    Future<?> maintenance = pool.submit(() -> maintain(newSession(), writing, rounds));
    for (Future<?> f : writers) {
      f.get();
    }
    writing.set(false);
    maintenance.get();
    pool.shutdown();

    assertThat(failures)
        .allSatisfy(
            e ->
                assertThat(e.getMessage())
                    .containsAnyOf(
                        "was removed by a concurrent commit (the latest snapshot is now ",
                        "attempts: other writers kept committing first (last: snapshot "));
    assertThat(rounds.get()).isPositive();
    List<String> tags = new ArrayList<>();
    for (Row r : spark.sql("SELECT tag FROM " + TABLE).collectAsList()) {
      tags.add(r.getString(0));
    }
    assertThat(tags).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(acknowledged);
    List<Long> ids = new ArrayList<>();
    for (Row r :
        spark
            .sql(
                "SELECT snapshot_id FROM strata.default.`concurrent_sessions$snapshots` ORDER BY 1")
            .collectAsList()) {
      ids.add(r.getLong(0));
    }
    for (int i = 0; i < ids.size(); i++) {
      assertThat(ids.get(i)).isEqualTo(ids.get(0) + i);
      spark.sql("SELECT count(*) FROM " + TABLE + " VERSION AS OF " + ids.get(i)).collect();
    }
  }

  private void insert(SparkSession session, int writer) {
    for (int n = 0; n < inserts(); n++) {
      String tag = "w" + writer + "-c" + n;
      try {
        session
            .sql(
                "INSERT INTO "
                    + TABLE
                    + " VALUES ("
                    + (writer * 1000 + n)
                    + ", '"
                    + tag
                    + "', "
                    + n % 2
                    + ")")
            .collect();
        acknowledged.add(tag);
      } catch (Exception e) { // Spark's AnalysisException too
        failures.add(e);
      }
    }
  }

  private void maintain(SparkSession session, AtomicBoolean writing, AtomicInteger rounds) {
    while (writing.get()) {
      for (String call :
          List.of(
              "CALL sys.compact(table => 'default.concurrent_sessions')",
              "CALL sys.expire_snapshots(table => 'default.concurrent_sessions',"
                  + " retain_min => 1, retain_max => 5)",
              "CALL sys.remove_orphan_files(table => 'default.concurrent_sessions')")) {
        try {
          session.sql(call).collect();
        } catch (Exception e) { // Spark's AnalysisException too
          failures.add(e);
        }
      }
      rounds.incrementAndGet();
    }
  }
}

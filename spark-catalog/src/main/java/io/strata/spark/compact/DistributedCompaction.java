package io.strata.spark.compact;

import io.strata.core.compact.CompactionPlanner;
import io.strata.core.compact.CompactionSummary;
import io.strata.core.compact.CompactionTask;
import io.strata.core.compact.PostponedFilesMove;
import io.strata.core.levels.CompactStrategy;
import io.strata.core.predicate.Predicate;
import io.strata.core.progress.Progress;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableCommit;
import io.strata.core.write.CommitMessage;
import io.strata.spark.SparkErrors;
import io.strata.spark.SparkJobs;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.Function;
import org.apache.spark.sql.SparkSession;

/**
 * {@code CALL sys.compact} as a Spark job: the driver plans (partition, bucket) tasks from the
 * manifests, Spark tasks rewrite them through the table's file IO (one Spark partition per bucket),
 * and the driver commits every compaction as one COMPACT snapshot, or deletes all of them when any
 * task failed. A postponed-bucket table first has the rows in {@code bucket-postpone/} moved into
 * their buckets the same way, one task per partition, in a COMPACT snapshot of its own.
 */
public final class DistributedCompaction {

  private DistributedCompaction() {}

  /**
   * Compacts the buckets of partitions matching {@code partitionFilter} (null = all).
   *
   * @return the COMPACT snapshot, or null when nothing needed compaction
   */
  public static Snapshot run(
      SparkSession spark,
      FileStoreTable table,
      Predicate partitionFilter,
      CompactStrategy strategy,
      String commitUser) {
    long start = System.nanoTime();
    Snapshot moved = movePostponedFiles(spark, table, partitionFilter, commitUser);
    List<CompactionTask> tasks = new CompactionPlanner(table).plan(partitionFilter, strategy);
    TableCommit commit = table.newCommit(commitUser);
    if (tasks.isEmpty()) {
      Snapshot none = commit.commitCompaction(List.of());
      CompactionSummary.of(List.of()).log(table, "in Spark tasks", none, start);
      return none != null ? none : moved;
    }
    String description =
        "Strata compact "
            + Progress.table(table.root())
            + ": "
            + Progress.count(tasks.size(), "bucket")
            + " ("
            + strategy.name().toLowerCase()
            + ")";
    List<CompactionTask> ordered = CompactionTask.largestFirst(tasks);
    List<TaskOutcome> outcomes =
        inTasks(spark, description, ordered, task -> TaskOutcome.run(task, table));
    // Committed in the planned order, so the manifests list files as the serial path lists them.
    Map<CompactionTask, TaskOutcome> byTask = new IdentityHashMap<>();
    for (int i = 0; i < ordered.size(); i++) {
      byTask.put(ordered.get(i), outcomes.get(i));
    }
    List<CommitMessage> done = new ArrayList<>();
    List<RuntimeException> failures = new ArrayList<>();
    for (CompactionTask task : tasks) {
      TaskOutcome o = byTask.get(task);
      if (o.failure() != null) {
        failures.add(o.failure());
      } else {
        done.add(o.compaction());
      }
    }
    abortIfAnyFailed(table, commit, done, failures);
    Snapshot committed = commit.commitCompaction(done);
    CompactionSummary.of(done)
        .log(table, "in " + Progress.count(tasks.size(), "Spark task"), committed, start);
    return committed != null ? committed : moved;
  }

  /** What one partition's move sends back: its messages, or the failure after it cleaned up. */
  private record MoveOutcome(List<CommitMessage> messages, RuntimeException failure)
      implements Serializable {

    static MoveOutcome run(PostponedFilesMove.Task task, FileStoreTable table) {
      try {
        return new MoveOutcome(PostponedFilesMove.run(table, task), null);
      } catch (RuntimeException e) {
        return new MoveOutcome(List.of(), e);
      }
    }
  }

  /**
   * Gives the rows Paimon's writers left in {@code bucket-postpone/} of the selected partitions
   * their buckets, one Spark task per partition, committed as one COMPACT snapshot before the
   * buckets are planned (null when there are none).
   */
  private static Snapshot movePostponedFiles(
      SparkSession spark, FileStoreTable table, Predicate partitionFilter, String commitUser) {
    List<PostponedFilesMove.Task> tasks = PostponedFilesMove.plan(table, partitionFilter);
    if (tasks.isEmpty()) {
      return null;
    }
    String description =
        "Strata compact "
            + Progress.table(table.root())
            + ": bucket-postpone/ of "
            + Progress.count(tasks.size(), "partition");
    List<MoveOutcome> outcomes =
        inTasks(spark, description, tasks, task -> MoveOutcome.run(task, table));
    TableCommit commit = table.newCommit(commitUser);
    List<CommitMessage> done = new ArrayList<>();
    List<RuntimeException> failures = new ArrayList<>();
    for (MoveOutcome o : outcomes) {
      done.addAll(o.messages());
      if (o.failure() != null) {
        failures.add(o.failure());
      }
    }
    abortIfAnyFailed(table, commit, done, failures);
    return commit.commitCompaction(done);
  }

  /** Runs {@code run} on each of {@code tasks} in a Spark job of one task each, in order. */
  private static <T, R> List<R> inTasks(
      SparkSession spark, String description, List<T> tasks, Function<T, R> run) {
    return SparkJobs.described(
        spark.sparkContext(),
        description,
        () ->
            JavaSparkContext.fromSparkContext(spark.sparkContext())
                .parallelize(tasks, tasks.size())
                .map(run)
                .collect());
  }

  /** Deletes what every task wrote and fails, naming the first failure, if any task failed. */
  private static void abortIfAnyFailed(
      FileStoreTable table,
      TableCommit commit,
      List<CommitMessage> done,
      List<RuntimeException> failures) {
    if (failures.isEmpty()) {
      return;
    }
    commit.abort(done);
    RuntimeException error =
        SparkErrors.compactionFailed(table.root().getName(), failures.size(), failures.get(0));
    failures.subList(1, failures.size()).forEach(error::addSuppressed);
    throw error;
  }
}

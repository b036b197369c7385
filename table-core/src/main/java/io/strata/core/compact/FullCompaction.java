package io.strata.core.compact;

import io.strata.core.commit.FileStoreCommit;
import io.strata.core.levels.CompactStrategy;
import io.strata.core.predicate.Predicate;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.store.FileStore;
import io.strata.core.write.CommitMessage;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * Compaction in one process: plans with {@link CompactionPlanner}, rewrites bucket after bucket
 * here, and commits one COMPACT snapshot, only if something changed (for a postponed-bucket table,
 * after another one that gives the rows in {@code bucket-postpone/} their buckets). Spark runs the
 * same tasks in parallel instead; this serial path serves table-core callers and tests.
 */
public final class FullCompaction {

  private final FileStore table;
  private final String commitUser;
  private final Clock clock;

  public FullCompaction(FileStore table, String commitUser, Clock clock) {
    this.table = table;
    this.commitUser = commitUser;
    this.clock = clock;
  }

  /**
   * Fully compacts the buckets of partitions matching {@code partitionFilter} (null = all).
   *
   * @return the COMPACT snapshot, or null when nothing needed compaction
   */
  public Snapshot run(Predicate partitionFilter) {
    return run(partitionFilter, CompactStrategy.FULL);
  }

  /** Compacts the buckets of partitions matching {@code partitionFilter} under {@code strategy}. */
  public Snapshot run(Predicate partitionFilter, CompactStrategy strategy) {
    long start = System.nanoTime();
    Snapshot moved = movePostponedFiles(partitionFilter);
    List<CompactionTask> tasks = new CompactionPlanner(table).plan(partitionFilter, strategy);
    FileStoreCommit commit = new FileStoreCommit(table, commitUser, clock);
    List<CommitMessage> messages = new ArrayList<>();
    try {
      for (CompactionTask task : tasks) {
        messages.add(task.run(table));
      }
    } catch (RuntimeException e) {
      commit.abort(messages);
      throw e;
    }
    Snapshot committed = messages.isEmpty() ? null : commit.commit(messages, CommitKind.COMPACT);
    CompactionSummary.of(messages).log(table, "in this process", committed, start);
    return committed != null ? committed : moved;
  }

  /**
   * Gives the rows in {@code bucket-postpone/} of the selected partitions their buckets, one
   * partition after the other, in one COMPACT snapshot (null when there are none).
   */
  private Snapshot movePostponedFiles(Predicate partitionFilter) {
    List<PostponedFilesMove.Task> tasks = PostponedFilesMove.plan(table, partitionFilter);
    if (tasks.isEmpty()) {
      return null;
    }
    FileStoreCommit commit = new FileStoreCommit(table, commitUser, clock);
    List<CommitMessage> messages = new ArrayList<>();
    try {
      for (PostponedFilesMove.Task task : tasks) {
        messages.addAll(PostponedFilesMove.run(table, task));
      }
    } catch (RuntimeException e) {
      commit.abort(messages);
      throw e;
    }
    return commit.commit(messages, CommitKind.COMPACT);
  }

  /**
   * What writers do after flushing, over the whole table: compacts the primary-key buckets whose
   * sorted runs reached {@code num-sorted-run.compaction-trigger} as universal compaction picks
   * (first-row tables: every bucket with level-0 files, into the top level).
   */
  public Snapshot runTriggered() {
    return run(null, CompactStrategy.AUTO);
  }
}

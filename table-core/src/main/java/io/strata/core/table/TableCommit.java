package io.strata.core.table;

import io.strata.core.commit.FileStoreCommit;
import io.strata.core.compact.CompactionPlanner;
import io.strata.core.compact.FullCompaction;
import io.strata.core.levels.CompactStrategy;
import io.strata.core.maintenance.MaintenanceResult;
import io.strata.core.maintenance.PostCommitMaintenance;
import io.strata.core.partition.PartitionEntry;
import io.strata.core.partition.PartitionExpiration;
import io.strata.core.partition.PartitionExpireConfig;
import io.strata.core.partition.Partitions;
import io.strata.core.predicate.Predicate;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.write.CommitMessage;
import java.util.Collection;
import java.util.List;
import java.util.OptionalLong;

/**
 * The one commit path of every write, DML statement, partition DDL and procedure: commits a
 * snapshot (and the writers' compactions as a COMPACT one after it), then runs post-commit
 * maintenance (automatic tags, partition and snapshot expiration); {@link #abort} deletes the files
 * of a write that will never commit.
 *
 * <p>A write statement ends a batch, so maintenance follows it even when it had nothing to commit;
 * DDL that removed nothing ({@link #dropPartitions}, {@link #truncate}) changes nothing.
 */
public final class TableCommit {

  private final FileStoreTable table;
  private final String commitUser;
  private final FileStoreCommit commit;
  private int otherRetries;
  private MaintenanceResult maintained = MaintenanceResult.NONE;

  TableCommit(FileStoreTable table, String commitUser) {
    this.table = table;
    this.commitUser = commitUser;
    this.commit = new FileStoreCommit(table, commitUser);
  }

  /** Adds (and replaces) the written files as a snapshot of {@code kind}, then maintains. */
  public Snapshot commit(List<CommitMessage> messages, CommitKind kind) {
    return maintainAlways(commit.commit(messages, kind));
  }

  /**
   * Commits a streaming write's batch {@code identifier} exactly once: when a snapshot of this
   * commit user already carries this identifier or a later one, the batch committed before a
   * failure and is replayed now, so nothing is committed (the replay's own files, never referenced,
   * are left to {@code remove_orphan_files}: a caller may also pass the very files it committed,
   * which must stay); otherwise as {@link #commit}, with the snapshots stamped {@code identifier}.
   *
   * @return the snapshot committed, or null when the batch had committed already or was empty
   */
  public Snapshot commitBatch(List<CommitMessage> messages, long identifier) {
    OptionalLong committed = table.snapshotManager().latestCommitIdentifier(commitUser);
    if (committed.isPresent() && committed.getAsLong() >= identifier) {
      return null;
    }
    FileStoreCommit batch = new FileStoreCommit(table, commitUser).withCommitIdentifier(identifier);
    try {
      return maintainAlways(batch.commit(messages, CommitKind.APPEND));
    } finally {
      otherRetries += batch.retries();
    }
  }

  /**
   * What the commits of this object cost and what their maintenance expired so far, for metrics
   * (Spark's SQL tab shows them for every write).
   */
  public CommitReport report() {
    return new CommitReport(
        commit.retries() + otherRetries,
        maintained.snapshotsExpired(),
        maintained.partitionsExpired());
  }

  /** Replaces the live files matching {@code partitionFilter} (null = all), then maintains. */
  public Snapshot overwrite(List<CommitMessage> messages, Predicate partitionFilter) {
    return maintainAlways(commit.overwrite(messages, partitionFilter));
  }

  /** Replaces the partitions that {@code messages} write, then maintains. */
  public Snapshot overwritePartitions(List<CommitMessage> messages) {
    return maintainAlways(commit.overwritePartitions(messages));
  }

  /** Removes every live file (TRUNCATE TABLE); maintains only when a snapshot was committed. */
  public Snapshot truncate() {
    return maintainIfCommitted(commit.overwrite(List.of(), null));
  }

  /**
   * Removes every live file of these partitions; maintains only when a snapshot was committed.
   *
   * @return the snapshot, or null when none of them has live files any more
   */
  public Snapshot dropPartitions(Collection<PartitionEntry> partitions) {
    return maintainIfCommitted(Partitions.drop(commit, partitions));
  }

  /**
   * Compacts the buckets of partitions matching {@code partitionFilter} (null = all) now, bucket
   * after bucket in this process, then maintains; Spark's {@code CALL sys.compact} runs the same
   * {@link CompactionPlanner} tasks in parallel and commits them with {@link #commitCompaction}.
   *
   * @return the COMPACT snapshot, or null when nothing needed compaction
   */
  public Snapshot compact(Predicate partitionFilter, CompactStrategy strategy) {
    return maintainAlways(
        new FullCompaction(table, commitUser, table.clock()).run(partitionFilter, strategy));
  }

  /**
   * Commits compactions that ran elsewhere as one COMPACT snapshot, then maintains.
   *
   * @return the COMPACT snapshot, or null when {@code compactions} changed nothing
   */
  public Snapshot commitCompaction(List<CommitMessage> compactions) {
    return maintainAlways(commit.commit(compactions, CommitKind.COMPACT));
  }

  /**
   * Rewrites the latest snapshot's manifests into as few as their target size allows, as a COMPACT
   * snapshot that changes no data.
   *
   * <p>No post-commit maintenance follows, as none follows Paimon's: the snapshot changes no data,
   * so a {@code batch} automatic tag would only tag the same rows again, and expiring it could drop
   * the very snapshots the user is compacting to keep readable.
   *
   * @return the snapshot, or null when the manifests could not get fewer or smaller
   */
  public Snapshot compactManifests() {
    return commit.compactManifests();
  }

  /**
   * Runs one partition expiration check now with {@code config}, whatever the check interval, as
   * {@code CALL sys.expire_partitions} does.
   *
   * @return {@code k=v, k2=v2} of each partition dropped, oldest first
   */
  public List<String> expirePartitions(PartitionExpireConfig config) {
    PartitionExpiration expiration =
        new PartitionExpiration(table, config, table.clock(), commitUser);
    return expiration.expire().stream().map(expiration::describe).toList();
  }

  /** Deletes the data files of a write that will never be committed. */
  public void abort(List<CommitMessage> messages) {
    commit.abort(messages);
  }

  private Snapshot maintainAlways(Snapshot committed) {
    maintained = maintained.plus(new PostCommitMaintenance(table.clock()).run(table, commitUser));
    return committed;
  }

  private Snapshot maintainIfCommitted(Snapshot committed) {
    return committed == null ? null : maintainAlways(committed);
  }
}

package io.strata.core.table;

/**
 * What the commits of one {@link TableCommit} cost and caused: attempts retried after losing a race
 * to a concurrent commit, and snapshots and partitions that post-commit maintenance expired.
 */
public record CommitReport(int commitRetries, int snapshotsExpired, int partitionsExpired) {}

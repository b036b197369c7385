package io.strata.core.snapshot;

/** What a snapshot's commit did. */
public enum CommitKind {
  APPEND,
  COMPACT,
  OVERWRITE,
  ANALYZE
}

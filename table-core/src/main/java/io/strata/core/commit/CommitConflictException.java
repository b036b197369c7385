package io.strata.core.commit;

/**
 * A commit cannot apply on the latest snapshot (a file it replaces is gone); nothing was written.
 */
public final class CommitConflictException extends RuntimeException {

  private CommitConflictException(String message) {
    super(message);
  }

  /** A file this write replaces was removed by a concurrent commit. */
  public static CommitConflictException replacedFileRemoved(
      String table, String fileName, int bucket, long latestSnapshot) {
    return new CommitConflictException(
        "Cannot commit to "
            + table
            + ": file "
            + fileName
            + " (bucket "
            + bucket
            + ") that this write replaces was removed by a concurrent commit (the latest snapshot"
            + " is now "
            + latestSnapshot
            + "); retry the statement.");
  }

  /** The schema changed under the write in a way its files cannot follow ({@code problem}). */
  public static CommitConflictException schemaChanged(
      String table, long writtenSchema, long latestSchema, String problem) {
    return new CommitConflictException(
        "Cannot commit to "
            + table
            + ": the table schema changed while this write ran (schema "
            + writtenSchema
            + " to "
            + latestSchema
            + ") and "
            + problem
            + "; run the write again on the new schema.");
  }

  /**
   * A concurrent commit changed the key index of a dynamic bucket this write assigned keys to, so
   * the same key may now be in two buckets.
   */
  public static CommitConflictException keyIndexChanged(String table, int bucket) {
    return new CommitConflictException(
        "Cannot commit to "
            + table
            + ": a concurrent commit changed the key index of dynamic bucket "
            + bucket
            + " that this write assigned keys with; retry the statement (dynamic-bucket tables"
            + " take one writer per partition at a time).");
  }
}

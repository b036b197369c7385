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
  public static CommitConflictException replacedFileIndexChanged(
      String table, String fileName, int bucket, long latestSnapshot) {
    return new CommitConflictException(
        "Cannot commit to "
            + table
            + ": the file index of file "
            + fileName
            + " (bucket "
            + bucket
            + ") that this write replaces was rewritten by a concurrent commit (the latest"
            + " snapshot is now "
            + latestSnapshot
            + "); retry the statement.");
  }

  /** A concurrent commit gave a partition of a postponed-bucket table another bucket count. */
  public static CommitConflictException bucketCountChanged(
      String table, String partition, int written, int existing, long latestSnapshot) {
    return new CommitConflictException(
        "Cannot commit to "
            + table
            + ": this write put "
            + partition
            + " into "
            + written
            + " buckets, but a concurrent commit gave it "
            + existing
            + " (the latest snapshot is now "
            + latestSnapshot
            + "); retry the statement, which then writes into the "
            + existing
            + " buckets.");
  }

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

  /**
   * A concurrent commit changed the deletion vectors of a bucket this write changes, or of a data
   * file ({@code fileName}, null when the whole bucket is meant) this write removes.
   */
  public static CommitConflictException deletionVectorsChanged(
      String table, String fileName, int bucket) {
    return new CommitConflictException(
        "Cannot commit to "
            + table
            + ": a concurrent commit changed the deletion vectors of "
            + (fileName == null ? "" : "file " + fileName + " in ")
            + "bucket "
            + bucket
            + " after this write read them, so committing would bring deleted rows back; retry"
            + " the statement.");
  }

  /** A file this write marks rows of deleted was removed by a concurrent commit. */
  public static CommitConflictException deletionVectorFileRemoved(
      String table, String fileName, int bucket) {
    return new CommitConflictException(
        "Cannot commit to "
            + table
            + ": file "
            + fileName
            + " (bucket "
            + bucket
            + ") whose rows this write marks deleted was removed by a concurrent commit (its rows"
            + " were rewritten elsewhere); retry the statement.");
  }
}

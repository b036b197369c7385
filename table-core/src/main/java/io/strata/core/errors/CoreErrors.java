package io.strata.core.errors;

import java.util.List;

/**
 * The user-facing errors of table-core, in one place so their wording stays consistent: each names
 * the value at fault, what exists instead, and what to do. Schema changes have their own factory
 * ({@code SchemaChangeErrors}). It sits at the bottom layer, so it takes only plain values.
 */
public final class CoreErrors {

  private CoreErrors() {}

  // ---- reading a version ----

  public static IllegalArgumentException conflictingVersionOptions(List<String> given) {
    return new IllegalArgumentException(
        "Only one of "
            + given
            + " may be set for a read; they choose the version to read in different ways.");
  }

  public static IllegalArgumentException noSnapshotYet(long snapshotId) {
    return new IllegalArgumentException(
        "The specified scan snapshotId "
            + snapshotId
            + " does not exist: the table has no snapshot yet.");
  }

  /**
   * @param hint appended as is: how to keep older versions, or empty
   */
  public static IllegalArgumentException snapshotOutOfRange(
      long snapshotId, long earliest, long latest, String hint) {
    return new IllegalArgumentException(
        "The specified scan snapshotId "
            + snapshotId
            + " is out of available snapshotId range ["
            + earliest
            + ", "
            + latest
            + "]."
            + hint);
  }

  public static IllegalArgumentException noSnapshotAtOrBefore(long millis) {
    return new IllegalArgumentException(
        "There is currently no snapshot earlier than or equal to timestamp ["
            + millis
            + "]: the table has no snapshot yet.");
  }

  public static IllegalArgumentException noSnapshotAtOrBefore(long millis, long earliestMillis) {
    return new IllegalArgumentException(
        "There is currently no snapshot earlier than or equal to timestamp ["
            + millis
            + "], the earliest snapshot's timestamp is ["
            + earliestMillis
            + "]");
  }

  public static IllegalArgumentException invalidScanTimestamp(String text) {
    return new IllegalArgumentException(
        "Invalid value '"
            + text
            + "' for read option 'scan.timestamp': expected 'yyyy-MM-dd HH:mm:ss[.SSS]'.");
  }

  // ---- tags ----

  public static IllegalArgumentException tagExistsOnCreate(String name) {
    return new IllegalArgumentException(
        "Tag '" + name + "' already exists; use replace_tag or delete_tag first.");
  }

  public static IllegalArgumentException tagExists(String name) {
    return new IllegalArgumentException("Tag '" + name + "' already exists.");
  }

  public static IllegalArgumentException tagMissingOnReplace(String name) {
    return new IllegalArgumentException(
        "Tag '" + name + "' doesn't exist, so it cannot be replaced; use create_tag.");
  }

  public static IllegalArgumentException noSnapshotAtOrAfter(long millis, String latest) {
    return new IllegalArgumentException(
        "No snapshot was committed at or after timestamp ["
            + millis
            + "]; the latest is "
            + latest
            + ".");
  }

  public static IllegalArgumentException noSnapshotToTag(String table) {
    return new IllegalArgumentException(
        "Table " + table + " has no snapshot to tag yet; write to it first.");
  }

  public static IllegalArgumentException noSnapshot(String table) {
    return new IllegalArgumentException("Table " + table + " has no snapshot.");
  }

  // ---- writes ----

  public static UnsupportedOperationException unsupportedWriteFormat(String table, String format) {
    return new UnsupportedOperationException(
        "Cannot write table "
            + table
            + ": table option 'file.format' = '"
            + format
            + "' is not supported for writes yet; only 'parquet' is.");
  }

  public static UnsupportedOperationException unsupportedPrimaryKeyBucket(
      String table, int bucket) {
    return new UnsupportedOperationException(
        "Cannot write table "
            + table
            + ": it is a primary-key table with 'bucket' = "
            + bucket
            + (bucket == -1 ? " (dynamic bucket mode)" : " (postponed buckets)")
            + ", whose writers must keep the index of which bucket holds each key; Strata does"
            + " not yet, and would duplicate keys. Write it with Paimon, or copy it into a table"
            + " with a fixed bucket number ('bucket' = '4').");
  }

  public static IllegalArgumentException nullInNotNullColumn(String column, String type) {
    return new IllegalArgumentException(
        "Cannot write NULL into column '" + column + "' declared " + type + ".");
  }

  public static UnsupportedOperationException retractionsRefused(String table, String engine) {
    return new UnsupportedOperationException(
        "Cannot delete or update rows of table "
            + table
            + ": its 'merge-engine' = '"
            + engine
            + "' cannot apply DELETE or UPDATE_BEFORE records; set table option 'ignore-delete' ="
            + " 'true' to drop them.");
  }

  // ---- commits ----

  public static IllegalStateException commitRetriesExhausted(String table, int attempts) {
    return new IllegalStateException(
        "Commit to "
            + table
            + " failed after "
            + attempts
            + " attempts: other writers kept committing first; raise table option"
            + " 'commit.max-retries' or retry the write.");
  }

  /** The message of a commit conflict: a replaced file was removed by a concurrent commit. */
  public static String replacedFileRemoved(String table, String fileName, int bucket) {
    return "Cannot commit to "
        + table
        + ": file "
        + fileName
        + " (bucket "
        + bucket
        + ") that this write replaces was removed by a concurrent commit; retry the"
        + " statement.";
  }
}

package io.strata.spark;

import java.util.List;

/**
 * The user-facing errors of the Spark glue, in one place so their wording stays consistent: each
 * names the value at fault, what exists instead, and what to do.
 */
public final class SparkErrors {

  private SparkErrors() {}

  // ---- catalog ----

  public static IllegalArgumentException missingWarehouse(String catalog) {
    return new IllegalArgumentException(
        "Catalog '"
            + catalog
            + "' needs a warehouse: set spark.sql.catalog."
            + catalog
            + ".warehouse to a directory such as file:/tmp/warehouse or hdfs://nn/warehouse.");
  }

  /**
   * @param procedure the name as called, e.g. {@code db.create_tag}
   */
  public static IllegalArgumentException noSuchProcedure(
      String procedure, String namespace, List<String> available) {
    return new IllegalArgumentException(
        "Procedure "
            + procedure
            + " does not exist: Strata procedures live in namespace '"
            + namespace
            + "', e.g. CALL sys.create_tag(...); available procedures: "
            + String.join(", ", available)
            + ".");
  }

  public static IllegalArgumentException nestedNamespace(String namespace) {
    return new IllegalArgumentException(
        "Strata databases are one level deep; cannot create " + namespace + ".");
  }

  public static UnsupportedOperationException namespaceProperties(String namespace) {
    return new UnsupportedOperationException(
        "Strata databases have no properties to alter (database " + namespace + ").");
  }

  public static UnsupportedOperationException systemTableNotVersioned(String table) {
    return new UnsupportedOperationException(
        "System table "
            + table
            + " is not versioned; VERSION/TIMESTAMP AS OF applies to $files,"
            + " $manifests, $partitions, $buckets, $audit_log and $ro.");
  }

  public static UnsupportedOperationException partitionTransform(String transform) {
    return new UnsupportedOperationException(
        "Partition transform "
            + transform
            + " is not supported: Strata partitions by plain columns only. For buckets use"
            + " TBLPROPERTIES ('bucket' = 'N', 'bucket-key' = 'col').");
  }

  public static UnsupportedOperationException nestedPartition(String field) {
    return new UnsupportedOperationException("Cannot partition by nested field " + field + ".");
  }

  // ---- tables ----

  public static UnsupportedOperationException notLatestVersion(
      String action, String table, long snapshotId) {
    return new UnsupportedOperationException(
        "Cannot "
            + action
            + " "
            + table
            + " as of snapshot "
            + snapshotId
            + ": only the latest version is writable.");
  }

  public static UnsupportedOperationException partitionProperties(String table) {
    return new UnsupportedOperationException(
        "Cannot set partition properties of "
            + table
            + ": Strata partitions have no metadata of their own.");
  }

  // ---- procedure arguments ----

  public static IllegalArgumentException invalidDynamicOptions(String text) {
    return new IllegalArgumentException(
        "Invalid options '" + text + "': expected 'key=value' pairs separated by commas.");
  }

  public static IllegalArgumentException invalidDuration(String argument, String text) {
    return new IllegalArgumentException(
        "Invalid "
            + argument
            + " '"
            + text
            + "': expected a duration such as '1 d', '12 h' or '30 min'.");
  }

  public static IllegalArgumentException invalidTime(String text) {
    return new IllegalArgumentException(
        "Invalid time '" + text + "': expected 'yyyy-MM-dd HH:mm:ss' (session-local time).");
  }

  public static IllegalArgumentException snapshotArgumentsDisagree(Long snapshot, Long snapshotId) {
    return new IllegalArgumentException(
        "Arguments snapshot ("
            + snapshot
            + ") and snapshot_id ("
            + snapshotId
            + ") disagree; give one.");
  }

  public static IllegalArgumentException invalidTagMode(String mode) {
    return new IllegalArgumentException(
        "Invalid mode '" + mode + "': expected if_not_exists, create_or_replace or replace.");
  }

  public static IllegalArgumentException tagMissingOnDelete(String name) {
    return new IllegalArgumentException(
        "Tag '" + name + "' doesn't exist; use DELETE TAG IF EXISTS to skip missing tags.");
  }

  public static IllegalArgumentException compactWhereNotOnPartitions(
      String where, String column, java.util.List<String> partitionKeys) {
    String allowed =
        partitionKeys.isEmpty()
            ? "but the table is not partitioned; compact it without where =>."
            : "which is not a partition column; compaction selects whole partitions, so the"
                + " condition may use only the partition columns "
                + partitionKeys
                + ".";
    return new IllegalArgumentException(
        "CALL sys.compact: where => '" + where + "' uses column " + column + ", " + allowed);
  }

  public static IllegalArgumentException compactWhereUntranslatable(
      String where, java.util.List<String> partitionKeys) {
    return new IllegalArgumentException(
        "CALL sys.compact: where => '"
            + where
            + "' cannot select partitions; it must compare partition columns "
            + partitionKeys
            + " with literals (=, <, <=, >, >=, IN, IS NULL, AND, OR, NOT).");
  }

  public static IllegalArgumentException compactWhereAndPartitions() {
    return new IllegalArgumentException(
        "CALL sys.compact: give either partitions => or where =>, not both.");
  }

  public static IllegalStateException compactionFailed(String table, int failed, Throwable cause) {
    return new IllegalStateException(
        "CALL sys.compact of "
            + table
            + ": "
            + failed
            + " compaction task(s) failed; nothing was committed and the files the tasks wrote"
            + " were deleted. Cause: "
            + cause.getMessage(),
        cause);
  }

  public static UnsupportedOperationException compactSortUnsupported() {
    return new UnsupportedOperationException(
        "CALL sys.compact: sorting compaction (order_strategy/order_by) is not supported yet.");
  }

  public static IllegalArgumentException invalidCompactStrategy(String strategy) {
    return new IllegalArgumentException(
        "CALL sys.compact: compact_strategy '" + strategy + "' is not one of full, minor.");
  }

  public static IllegalArgumentException consumerSnapshotOutOfRange(
      long next, long earliest, long nextToCommit) {
    return new IllegalArgumentException(
        "next_snapshot_id "
            + next
            + " is not a snapshot of the table; available range is ["
            + earliest
            + ", "
            + nextToCommit
            + "].");
  }
}

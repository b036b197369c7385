package io.strata.spark;

import java.util.List;
import org.apache.spark.sql.SparkSession;

/**
 * The user-facing errors of the Spark glue, in one place so their wording stays consistent: each
 * names the value at fault, what exists instead, and what to do.
 */
public final class SparkErrors {

  private SparkErrors() {}

  /** Work at Spark's boundary (catalog, table, procedure calls) that may raise Strata's errors. */
  @FunctionalInterface
  public interface BoundaryWork<T, E extends Exception> {
    T run() throws E;
  }

  /**
   * Runs {@code work}, surfacing Strata's user-facing errors (IllegalArgumentException and
   * UnsupportedOperationException, all built in the error factories) as {@link
   * StrataAnalysisException}, which Spark's SQL shell prints as one line.
   */
  public static <T, E extends Exception> T surfaced(BoundaryWork<T, E> work) throws E {
    try {
      return work.run();
    } catch (IllegalArgumentException | UnsupportedOperationException e) {
      throw surface(e);
    }
  }

  /**
   * {@code error} as a {@link StrataAnalysisException}, to be thrown: {@code throw
   * SparkErrors.surface(e)} (for boundary methods declaring several checked exceptions).
   */
  public static RuntimeException surface(RuntimeException error) {
    throw SparkErrors.<RuntimeException>unchecked(
        new StrataAnalysisException(error, stackTraceRequested()));
  }

  /**
   * Throws a checked exception without declaring it: AnalysisException is checked in Java, while
   * Spark, written in Scala, expects it from catalog methods whose Java signatures do not declare
   * it.
   */
  @SuppressWarnings("unchecked")
  private static <X extends Throwable> RuntimeException unchecked(Throwable t) throws X {
    throw (X) t;
  }

  private static boolean stackTraceRequested() {
    return SparkSession.getActiveSession()
        .map(s -> s.conf().get(StrataAnalysisException.STACK_TRACE_CONF, "false"))
        .map(Boolean::parseBoolean)
        .getOrElse(() -> false);
  }

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
            + " $manifests, $table_indexes, $partitions, $buckets, $statistics, $audit_log,"
            + " $binlog, $ro and $row_tracking.");
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

  public static IllegalArgumentException notDatabaseTable(String given) {
    return new IllegalArgumentException(
        "Strata table names have the form database.table, got " + given + ".");
  }

  public static UnsupportedOperationException dropBranchOrSystemTable(
      String name, String table, String branch) {
    return new UnsupportedOperationException(
        branch != null
            ? "Cannot drop "
                + name
                + ": it is branch '"
                + branch
                + "' of table "
                + table
                + "; delete the branch with CALL sys.delete_branch(table => '"
                + table
                + "', branch => '"
                + branch
                + "')."
            : "Cannot drop "
                + name
                + ": it is a system table of "
                + table
                + "; drop "
                + table
                + " itself to drop it.");
  }

  /**
   * A change to {@code name} in the {@code sys} database; {@code action} is what was asked
   * ("create", "drop", "alter", "rename").
   */
  public static UnsupportedOperationException systemDatabaseReadOnly(String action, String name) {
    return new UnsupportedOperationException(
        "Cannot "
            + action
            + " "
            + name
            + ": sys is the catalog's read-only system database, whose tables"
            + " (sys.all_table_options, sys.catalog_options) show the catalog's metadata and whose"
            + " procedures run with CALL sys.*; "
            + (action.equals("drop") || action.equals("alter") || action.equals("rename")
                ? "its tables cannot be changed."
                : "use another database."));
  }

  public static UnsupportedOperationException alterSystemTable(String table) {
    return new UnsupportedOperationException(
        "Cannot alter system table "
            + table
            + ": system tables are read-only views of a table's metadata; alter the data table"
            + " instead.");
  }

  public static UnsupportedOperationException location() {
    return new UnsupportedOperationException(
        "CREATE TABLE ... LOCATION is not supported: Strata tables live under the catalog's"
            + " warehouse.");
  }

  public static UnsupportedOperationException provider(String provider) {
    return new UnsupportedOperationException(
        "Catalog tables are Strata (Paimon-format) tables; USING "
            + provider
            + " is not supported. Omit USING or write USING paimon (a DataFrame writer:"
            + " format(\"paimon\")).");
  }

  // ---- types and schema changes ----

  public static UnsupportedOperationException unsupportedSparkType(String sql) {
    return new UnsupportedOperationException(
        "Spark type " + sql + " is not supported by Strata tables.");
  }

  public static UnsupportedOperationException noSparkType(String type) {
    return new UnsupportedOperationException(
        "Column type " + type + " has no Spark equivalent yet.");
  }

  public static UnsupportedOperationException setColumnDefault(String column) {
    return new UnsupportedOperationException(
        "Cannot set a default value for column '"
            + column
            + "': Strata tables do not support column defaults.");
  }

  public static UnsupportedOperationException addColumnDefault(String column) {
    return new UnsupportedOperationException(
        "Cannot add column '"
            + column
            + "' with a DEFAULT value: Strata tables do not support column defaults.");
  }

  public static UnsupportedOperationException unsupportedTableChange(String change) {
    return new UnsupportedOperationException(
        "ALTER TABLE change "
            + change
            + " is not supported; Strata supports adding, renaming, dropping, moving and"
            + " widening columns, changing their nullability and comment, and setting table"
            + " options.");
  }

  public static UnsupportedOperationException bucketFunctionArguments(
      String name, boolean bucketsFirst, String input) {
    return new UnsupportedOperationException(
        name
            + (bucketsFirst
                ? " takes the INT number of buckets and then the bucket-key columns, got "
                : " takes the bucket-key columns and then the INT number of buckets, got ")
            + input
            + ".");
  }

  public static UnsupportedOperationException modBucketFunctionArguments(
      String name, String input) {
    return new UnsupportedOperationException(
        name
            + " takes one INT or BIGINT key and then the INT number of buckets, got "
            + input
            + ".");
  }

  public static UnsupportedOperationException partitionBucketsFunctionArguments(
      String name, String input) {
    return new UnsupportedOperationException(
        name
            + " takes the STRING bucket layout of a table's partitions and then the partition"
            + " columns, got "
            + input
            + ".");
  }

  public static UnsupportedOperationException writeTaskFunctionArguments(
      String name, String input) {
    return new UnsupportedOperationException(
        name
            + " takes the INT number of tasks, the INT bucket and then the partition columns, got "
            + input
            + ".");
  }

  // ---- tables ----

  public static UnsupportedOperationException streamingWriteMode(String table, String mode) {
    return new UnsupportedOperationException(
        "Cannot write a stream to "
            + table
            + " in "
            + mode
            + " mode: a stream appends its rows (a primary-key table upserts them); use"
            + " outputMode(\"append\").");
  }

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

  public static IllegalStateException tableDirectoryGone(String root, Throwable cause) {
    return new IllegalStateException(
        "Table directory "
            + root
            + " no longer exists (dropped or moved outside Spark); recreate the table or"
            + " REFRESH TABLE.",
        cause);
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

  public static IllegalArgumentException invalidOrphanListingMode(String mode) {
    return new IllegalArgumentException(
        "Invalid mode '"
            + mode
            + "' of remove_orphan_files: expected 'local' (list in the driver) or 'distributed'"
            + " (list in Spark tasks); omit it to choose by the number of directories.");
  }

  public static IllegalArgumentException nonPositiveParallelism(int parallelism) {
    return new IllegalArgumentException(
        "parallelism must be at least 1, got " + parallelism + "; omit it to use Spark's default.");
  }

  public static IllegalArgumentException tagMissingOnDelete(String name) {
    return new IllegalArgumentException(
        "Tag '" + name + "' doesn't exist; use DELETE TAG IF EXISTS to skip missing tags.");
  }

  public static IllegalArgumentException whereNotOnPartitions(
      String procedure, String where, String column, java.util.List<String> partitionKeys) {
    String allowed =
        partitionKeys.isEmpty()
            ? "but the table is not partitioned; call it without where =>."
            : "which is not a partition column; "
                + procedure
                + " selects whole partitions, so the condition may use only the partition columns "
                + partitionKeys
                + ".";
    return new IllegalArgumentException(
        "CALL sys."
            + procedure
            + ": where => '"
            + where
            + "' uses column "
            + column
            + ", "
            + allowed);
  }

  public static IllegalArgumentException whereUntranslatable(
      String procedure, String where, java.util.List<String> partitionKeys) {
    return new IllegalArgumentException(
        "CALL sys."
            + procedure
            + ": where => '"
            + where
            + "' cannot select partitions; it must compare partition columns "
            + partitionKeys
            + " with literals (=, <, <=, >, >=, IN, IS NULL, AND, OR, NOT).");
  }

  public static IllegalArgumentException whereAndPartitions(String procedure) {
    return new IllegalArgumentException(
        "CALL sys." + procedure + ": give either partitions => or where =>, not both.");
  }

  /** A merge the scan planned on batches that the batch merge cannot fold (a planning bug). */
  public static IllegalStateException notMergedOnBatches(String table, String engine) {
    return new IllegalStateException(
        "Cannot merge a split of table "
            + table
            + " (merge-engine "
            + engine
            + ") from columnar batches: a read column's aggregate function, type or"
            + " sequence.field has no batch merge. Set the read option 'read.columnar.enabled'"
            + " = 'false' to merge on rows, and report this.");
  }

  public static IllegalStateException compactionFailed(String table, int failed, Throwable cause) {
    return tasksFailed("compact", table, failed, cause);
  }

  public static IllegalArgumentException rescaleNeedsBuckets(String table, int bucket) {
    return new IllegalArgumentException(
        "CALL sys.rescale: table "
            + table
            + " has 'bucket' = "
            + bucket
            + ", and only a table of fixed buckets (1 or more) or postponed buckets (-2) has a"
            + " bucket count to rescale.");
  }

  public static IllegalArgumentException rescaleNeedsBucketNum(String table) {
    return new IllegalArgumentException(
        "CALL sys.rescale: table "
            + table
            + " has postponed buckets ('bucket' = -2), so give the count its partitions should"
            + " have: bucket_num => N (1 or more).");
  }

  public static IllegalArgumentException rescaleToOtherCount(String table, int asked, int count) {
    return new IllegalArgumentException(
        "CALL sys.rescale: bucket_num => "
            + asked
            + " differs from the bucket count "
            + count
            + " of table "
            + table
            + ", and a fixed-bucket table's partitions are rescaled to its own count. Run ALTER"
            + " TABLE "
            + table
            + " SET TBLPROPERTIES ('bucket' = '"
            + asked
            + "') first, or leave bucket_num out.");
  }

  public static IllegalArgumentException rescaleBucketNum(int asked) {
    return new IllegalArgumentException(
        "CALL sys.rescale: bucket_num => " + asked + " is not a bucket count; give 1 or more.");
  }

  public static IllegalArgumentException rescaleWithoutSnapshot(String table) {
    return new IllegalArgumentException(
        "CALL sys.rescale: table "
            + table
            + " has no snapshot, so there is nothing to rescale; set its 'bucket' option with"
            + " ALTER TABLE instead.");
  }

  /** Spark tasks of a procedure that rewrites data files failed; nothing was committed. */
  public static IllegalStateException tasksFailed(
      String procedure, String table, int failed, Throwable cause) {
    return new IllegalStateException(
        "CALL sys."
            + procedure
            + " of "
            + table
            + ": "
            + failed
            + " task(s) failed; nothing was committed and the files the tasks wrote"
            + " were deleted. Cause: "
            + cause.getMessage(),
        cause);
  }

  public static IllegalStateException fileIndexRewriteFailed(
      String table, int failed, Throwable cause) {
    return new IllegalStateException(
        "CALL sys.rewrite_file_index of "
            + table
            + ": "
            + failed
            + " task(s) failed; nothing was committed and the index files the tasks wrote were"
            + " deleted. Cause: "
            + cause.getMessage(),
        cause);
  }

  public static IllegalArgumentException invalidPattern(
      String argument, String regex, String problem) {
    return new IllegalArgumentException(
        "Invalid "
            + argument
            + " '"
            + regex
            + "': not a regular expression ("
            + problem
            + "); give a Java regular expression such as 'flink-.*'.");
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

  public static UnsupportedOperationException partitionFilter(
      String purpose, Object filter, List<String> partitionColumns) {
    return new UnsupportedOperationException(
        "Cannot "
            + purpose
            + " by condition "
            + filter
            + ": it must compare partition columns "
            + partitionColumns
            + " with literals.");
  }

  // ---- procedure calls ----

  public static IllegalArgumentException unknownProcedure(String procedure, List<String> names) {
    return new IllegalArgumentException(
        "Procedure "
            + procedure
            + " does not exist; available procedures: "
            + String.join(", ", names)
            + ".");
  }

  /**
   * @param argument {@code named 'x'} or {@code at position 3}
   */
  public static IllegalArgumentException noSuchArgument(
      String procedure, String argument, String signature) {
    return new IllegalArgumentException(
        "CALL sys."
            + procedure
            + " takes no argument "
            + argument
            + "; its parameters are "
            + signature
            + ".");
  }

  public static IllegalArgumentException argumentType(
      String procedure, String argument, String expected, String got, String signature) {
    return new IllegalArgumentException(
        "CALL sys."
            + procedure
            + ": argument '"
            + argument
            + "' must be "
            + expected
            + ", got "
            + got
            + "; parameters are "
            + signature
            + ".");
  }

  public static IllegalArgumentException emptyStringArgument(String procedure, String argument) {
    return new IllegalArgumentException(
        "CALL sys." + procedure + ": argument '" + argument + "' must be a non-empty string.");
  }

  public static IllegalArgumentException invalidTableArgument(String text) {
    return new IllegalArgumentException(
        "Invalid table argument '"
            + text
            + "': expected 'database.table' or 'table'; quote names with special characters in"
            + " backticks ('db.`my table`').");
  }

  public static IllegalArgumentException tableArgumentNotFound(String table, String text) {
    return new IllegalArgumentException(
        "Table '" + table + "' (argument table => '" + text + "') does not exist.");
  }

  public static IllegalArgumentException rollbackTarget(List<String> given) {
    return new IllegalArgumentException(
        "CALL sys.rollback needs exactly one of version, snapshot or tag; got " + given + ".");
  }

  public static IllegalArgumentException unknownProcedureOption(String key, String text) {
    return new IllegalArgumentException(
        "Unknown option '"
            + key
            + "' in options => '"
            + text
            + "': a procedure takes only the table options Strata knows (see"
            + " docs/reference/options.md).");
  }

  public static IllegalArgumentException invalidPartitions(
      String text, List<String> partitionColumns) {
    return new IllegalArgumentException(
        "Invalid partitions '"
            + text
            + "': expected 'k=v,k2=v2;k=v3' over partition columns "
            + partitionColumns
            + ".");
  }

  public static IllegalArgumentException incompletePartition(
      String spec, List<String> partitionColumns) {
    return new IllegalArgumentException(
        "Partition '"
            + spec
            + "' does not name one value for each partition column "
            + partitionColumns
            + "; mark_partition_done marks whole partitions, e.g. '"
            + String.join(",", partitionColumns.stream().map(c -> c + "=...").toList())
            + "'.");
  }

  public static IllegalArgumentException notPartitioned(String procedure, String table) {
    return new IllegalArgumentException(
        "CALL sys."
            + procedure
            + ": table '"
            + table
            + "' is not partitioned, so it has no partitions to mark done.");
  }

  public static IllegalArgumentException notPartitioned(String table) {
    return new IllegalArgumentException(
        "CALL sys.expire_partitions: table '"
            + table
            + "' is not partitioned, so it has no partitions to expire.");
  }

  public static IllegalArgumentException expirationTimeRequired(String table, String key) {
    return new IllegalArgumentException(
        "argument 'expiration_time' is required because table '"
            + table
            + "' does not set '"
            + key
            + "'.");
  }

  /** An argument table-core refused, prefixed with the procedure so the user sees the call. */
  public static IllegalArgumentException inProcedure(
      String procedure, IllegalArgumentException cause) {
    return new IllegalArgumentException("CALL sys." + procedure + ": " + cause.getMessage(), cause);
  }

  // ---- scan.fallback-branch ----

  public static IllegalArgumentException fallbackBranchMissing(
      String table, String branch, IllegalArgumentException cause) {
    return new IllegalArgumentException(
        "Cannot read table "
            + table
            + " with scan.fallback-branch = '"
            + branch
            + "': "
            + cause.getMessage()
            + " Create the branch (CALL sys.create_branch) or unset the option.",
        cause);
  }

  public static IllegalArgumentException fallbackBranchColumns(
      String table, String branch, String fallback, String columns, String fallbackColumns) {
    return new IllegalArgumentException(
        "Cannot read table "
            + table
            + " with scan.fallback-branch = '"
            + fallback
            + "': branch "
            + branch
            + " has columns "
            + columns
            + " and branch "
            + fallback
            + " has "
            + fallbackColumns
            + "; a fallback branch needs the same columns. Alter one branch to match, or unset"
            + " the option.");
  }

  public static IllegalArgumentException fallbackBranchKeys(
      String table, String branch, String fallback, List<String> keys, List<String> fallbackKeys) {
    return new IllegalArgumentException(
        "Cannot read table "
            + table
            + " with scan.fallback-branch = '"
            + fallback
            + "': branch "
            + branch
            + " has primary key "
            + keys
            + " and branch "
            + fallback
            + (fallbackKeys.isEmpty() ? " has none" : " has " + fallbackKeys)
            + "; a fallback branch needs the same primary key.");
  }

  /** The {@code paimon} data source was given no directory. */
  public static IllegalArgumentException pathSourceNeedsPath() {
    return new IllegalArgumentException(
        "The paimon data source needs the table's directory: load(path) or save(path), or the"
            + " option 'path'.");
  }

  /** The {@code paimon} data source found no table in {@code location}. */
  public static IllegalArgumentException noTableAtPath(String location) {
    return new IllegalArgumentException(
        "There is no table at "
            + location
            + " (no schema under "
            + location
            + "/schema). Create it through a catalog (CREATE TABLE, or df.write.saveAsTable) and"
            + " read or write it by name or by its directory.");
  }

  /** The {@code paimon} data source could not open or read {@code location}. */
  public static IllegalArgumentException unreadablePathTable(String location, Exception cause) {
    return new IllegalArgumentException(
        "Cannot read the table at " + location + ": " + cause.getMessage(), cause);
  }

  /** A catalog operation the {@code paimon} data source's catalog does not offer. */
  public static UnsupportedOperationException pathSourceRefuses(String what) {
    return new UnsupportedOperationException(
        "The paimon data source reads and writes existing tables by their directories; it cannot "
            + what
            + ".");
  }
}

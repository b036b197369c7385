package io.strata.core.errors;

import java.util.List;

/**
 * The user-facing errors of table-core's operations (versions, tags, writes, commits, catalog,
 * reads), in one place so their wording stays consistent: each names the value at fault, what
 * exists instead, and what to do. Its siblings in this package cover option values, table
 * definitions, metadata and values; schema changes have {@code schema.SchemaChangeErrors}. The
 * package sits at the bottom layer, so it takes only plain values.
 */
public final class CoreErrors {

  private CoreErrors() {}

  // ---- marking partitions done ----

  public static UnsupportedOperationException unsupportedMarkDoneAction(
      String action, String actions) {
    return new UnsupportedOperationException(
        "Cannot mark partitions done by '"
            + action
            + "' (table option 'partition.mark-done-action' = '"
            + actions
            + "'): Strata performs only 'success-file', since its catalog is the file system"
            + " (no metastore for 'done-partition' or 'mark-event') and it calls no URL or class"
            + " ('http-report', 'custom'). Set the table's 'partition.mark-done-action' to"
            + " 'success-file'.");
  }

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

  /**
   * @param earliestWatermark the smallest watermark a snapshot records, or null when none does
   */
  public static IllegalArgumentException noSnapshotAtOrBeforeWatermark(
      long watermark, Long earliestWatermark) {
    return new IllegalArgumentException(
        "No snapshot has a watermark at or before "
            + watermark
            + (earliestWatermark == null
                ? ": no snapshot of the table records a watermark (batch writes record none)."
                : "; the earliest watermark a snapshot records is " + earliestWatermark + ".")
            + " Roll back by snapshot, tag or time instead.");
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

  // ---- streaming reads ----

  public static IllegalStateException streamSnapshotExpired(
      String table, long snapshotId, long earliest, String retention) {
    return new IllegalStateException(
        "Cannot continue the streaming read of "
            + table
            + ": snapshot "
            + snapshotId
            + ", the next one it reads, has expired (the earliest snapshot is "
            + earliest
            + "). Give the stream a 'consumer-id' option, so that expiration keeps the snapshots"
            + " it has not read yet, or keep snapshots longer ("
            + retention
            + "); then restart the stream from a new checkpoint.");
  }

  /** A table with a layout option Strata does not implement. */
  public static UnsupportedOperationException unsupportedTableLayout(
      String table, String option, String what) {
    String risk =
        "read".equals(what)
            ? "read other rows than Paimon reads"
            : "write files Paimon would not find or would read otherwise";
    return new UnsupportedOperationException(
        "Cannot "
            + what
            + " table "
            + table
            + ": it has table option "
            + option
            + ", a layout of Apache Paimon's that Strata does not implement, and it would "
            + risk
            + ". Use Apache Paimon for this table.");
  }

  /** A table's {@code rowkind.field} that is not one of its string columns. */
  public static IllegalArgumentException invalidRowKindField(
      String table, String field, String type) {
    return new IllegalArgumentException(
        "Table option 'rowkind.field' = '"
            + field
            + "' of table "
            + table
            + (type == null
                ? " names no column of the table"
                : " names a column of type " + type + ", not a STRING column")
            + "; it must name the STRING column whose value ('+I', '-U', '+U', '-D') is each"
            + " written row's kind.");
  }

  /** A written row whose {@code rowkind.field} value is NULL or names no row kind. */
  public static IllegalArgumentException rowKindMissing(String column, String value) {
    return new IllegalArgumentException(
        "Cannot write a row whose row kind column '"
            + column
            + "' (table option 'rowkind.field') is "
            + (value == null ? "NULL" : "'" + value + "'")
            + ": it must be one of '+I', '-U', '+U', '-D'. Nothing was written.");
  }

  /** Deleting a tag branches were created from. */
  public static IllegalStateException tagHasBranches(String tag, List<String> branches) {
    return new IllegalStateException(
        "Cannot delete tag '"
            + tag
            + "': branch(es) "
            + branches
            + " were created from it and read its files. Delete those branches first (CALL"
            + " sys.delete_branch), as Paimon requires.");
  }

  /** A column default value Strata cannot apply. */
  public static UnsupportedOperationException unsupportedDefaultValue(
      String table, String column, String type) {
    return new UnsupportedOperationException(
        "Cannot write to table "
            + table
            + ": column '"
            + column
            + "' of type "
            + type
            + " has a default value, which Strata applies to atomic columns only. Write it with"
            + " Apache Paimon, or drop the column's default with Paimon.");
  }

  public static IllegalArgumentException streamModeNeedsOption(String mode, String option) {
    return new IllegalArgumentException(
        "The streaming scan.mode '" + mode + "' needs the option '" + option + "'; set it.");
  }

  public static IllegalArgumentException noSnapshotToTag(String table) {
    return new IllegalArgumentException(
        "Table " + table + " has no snapshot to tag yet; write to it first.");
  }

  /** {@code existing}: every tag name; the message lists the first ten. */
  public static IllegalArgumentException tagNotFound(String name, List<String> existing) {
    String tags =
        existing.isEmpty()
            ? "The table has no tags."
            : "Existing tags: "
                + String.join(", ", existing.subList(0, Math.min(10, existing.size())))
                + (existing.size() > 10 ? " (and " + (existing.size() - 10) + " more)." : ".");
    return new IllegalArgumentException("Tag '" + name + "' doesn't exist. " + tags);
  }

  public static IllegalArgumentException noAutomaticTagCreation(String table, String mode) {
    return new IllegalArgumentException(
        "Table "
            + table
            + " creates no tags automatically (table option 'tag.automatic-creation' = '"
            + mode
            + "'); set it to 'process-time', 'watermark' or 'batch' to have tags created.");
  }

  /** The durations as the options spell them ({@code Durations.format}). */
  public static IllegalArgumentException tagCreationDelayNotBelowPeriod(
      String delay, String period) {
    return new IllegalArgumentException(
        "The table option 'tag.creation-delay' ("
            + delay
            + ") must be shorter than one tag period ("
            + period
            + "), or every period's tag would wait past the next period's end. Lower"
            + " 'tag.creation-delay' or lengthen 'tag.creation-period'.");
  }

  public static IllegalArgumentException noSnapshotAtOrAfterWatermark(
      long watermark, Long latestWatermark) {
    return new IllegalArgumentException(
        "No snapshot has a watermark at or after "
            + watermark
            + " (scan.watermark): "
            + (latestWatermark == null || latestWatermark == Long.MIN_VALUE
                ? "no snapshot of the table records a watermark."
                : "the latest snapshot's watermark is " + latestWatermark + ".")
            + " Read an earlier watermark, or select the snapshot by scan.snapshot-id.");
  }

  public static IllegalArgumentException incrementalNotTwoVersions(String key, String value) {
    return new IllegalArgumentException(
        "The read option '"
            + key
            + "' = '"
            + value
            + "' must name a start (exclusive) and an end (inclusive) separated by one comma,"
            + " e.g. '5,10'.");
  }

  public static IllegalArgumentException incrementalNeitherTagsNorIds(
      String start, String end, List<String> tags) {
    return new IllegalArgumentException(
        "Didn't find two tags for start '"
            + start
            + "' and end '"
            + end
            + "', and they are not two snapshot ids. Set incremental-between to two tags or two"
            + " snapshot ids. "
            + (tags.isEmpty()
                ? "The table has no tags."
                : "Existing tags: "
                    + String.join(", ", tags.subList(0, Math.min(10, tags.size())))
                    + (tags.size() > 10 ? " (and " + (tags.size() - 10) + " more)." : ".")));
  }

  public static IllegalArgumentException incrementalEndBeforeStart(
      String what, Object start, Object end) {
    return new IllegalArgumentException(
        "Ending "
            + what
            + " "
            + end
            + " should be >= starting "
            + what
            + " "
            + start
            + ": an incremental read returns the changes after the start up to the end.");
  }

  public static IllegalArgumentException incrementalTagEndBeforeStart(
      String startTag, long startId, String endTag, long endId) {
    return new IllegalArgumentException(
        "Tag end '"
            + endTag
            + "' with snapshot id "
            + endId
            + " should be >= tag start '"
            + startTag
            + "' with snapshot id "
            + startId
            + ". Swap the two tags.");
  }

  public static IllegalArgumentException incrementalRangeUnavailable(
      long start, long end, long earliest, long latest) {
    return new IllegalArgumentException(
        "The specified scan snapshotId range ["
            + start
            + ", "
            + end
            + "] is out of available snapshotId range ["
            + earliest
            + ", "
            + latest
            + "]: the start may be at most one before the earliest snapshot, the end at most the"
            + " latest.");
  }

  public static IllegalArgumentException invalidIncrementalTimestamp(String value) {
    return new IllegalArgumentException(
        "The incremental-between-timestamp '"
            + value
            + "' must be a start (exclusive) and an end (inclusive) timestamp separated by one"
            + " comma, each epoch millis or 'yyyy-MM-dd HH:mm:ss'.");
  }

  public static IllegalArgumentException notAutomaticTag(String name) {
    return new IllegalArgumentException(
        "Specified tag '"
            + name
            + "' is not an auto-created tag: incremental-to-auto-tag takes a tag named by the"
            + " table's tag.creation-period and tag.period-formatter.");
  }

  public static IllegalStateException incrementalDeltaDeletes(
      long snapshotId, String manifestList) {
    return new IllegalStateException(
        "Snapshot "
            + snapshotId
            + " lists deleted files in "
            + manifestList
            + "; delta and changelog lists of the snapshots an incremental read covers hold only"
            + " added files. Read this range with 'incremental-between-scan-mode' = 'diff'.");
  }

  /** {@code systemTable} is {@code $ro} or {@code $row_tracking}. */
  public static UnsupportedOperationException incrementalOnSystemTable(String systemTable) {
    return new UnsupportedOperationException(
        "Incremental reads (incremental-between, incremental-between-timestamp,"
            + " incremental-to-auto-tag) read a table or its $audit_log, not "
            + systemTable
            + ".");
  }

  public static IllegalArgumentException noRowTracking(String table) {
    return new IllegalArgumentException(
        "Table "
            + table
            + " has no $row_tracking: it does not track row ids. Set 'row-tracking.enabled' ="
            + " 'true' on it (an append table without fixed buckets) to track the rows written"
            + " from then on.");
  }

  public static UnsupportedOperationException incrementalPostponedBuckets(String table) {
    return new UnsupportedOperationException(
        "Cannot read the delta of table "
            + table
            + ": it uses postponed buckets ('bucket' = -2), whose new rows are in"
            + " bucket-postpone/, which Strata does not read. Use 'incremental-between-scan-mode'"
            + " = 'diff', or a changelog producer.");
  }

  public static IllegalArgumentException batchOnlyReadOption(String key) {
    return new IllegalArgumentException(
        "The read option '"
            + key
            + "' selects what a batch read sees; a stream cannot start from it, as in Paimon."
            + " Start the stream with scan.mode (from-snapshot, from-timestamp, latest, ...)"
            + " instead.");
  }

  public static IllegalArgumentException purgeOfBranch(String branch) {
    return new IllegalArgumentException(
        "Cannot purge the files of branch '"
            + branch
            + "' alone: its data and manifest files are the table's. Purge the table's main"
            + " branch, or drop the branch with CALL sys.delete_branch.");
  }

  public static IllegalArgumentException noSnapshot(String table) {
    return new IllegalArgumentException("Table " + table + " has no snapshot.");
  }

  // ---- writes ----

  public static IllegalArgumentException unknownDataFileFormat(String fileName) {
    return new IllegalArgumentException(
        "Cannot read data file "
            + fileName
            + ": its extension names no supported format; data files end in .parquet, .orc or"
            + " .avro.");
  }

  public static UnsupportedOperationException avroTimestampPrecision(
      String table, String column, Object type) {
    return new UnsupportedOperationException(
        "Cannot write table "
            + table
            + " as Avro: column "
            + column
            + " is "
            + type
            + ", and Avro data files hold timestamps of precision up to 6 (as in Paimon). Use"
            + " TIMESTAMP(6) or another 'file.format'.");
  }

  public static UnsupportedOperationException crossPartitionUpsert(
      String table, List<String> primaryKeys, List<String> missingPartitionColumns) {
    return new UnsupportedOperationException(
        "Cannot write table "
            + table
            + ": its primary key "
            + primaryKeys
            + " lacks partition columns "
            + missingPartitionColumns
            + ", so an update may move a key to another partition (Paimon's cross-partition"
            + " upsert with a global index), which Strata does not support. Write it with Paimon.");
  }

  public static IllegalStateException tooManyDynamicBuckets(int limit, long targetRowNum) {
    return new IllegalStateException(
        "Cannot open another dynamic bucket: the partition already has "
            + limit
            + " buckets of 'dynamic-bucket.target-row-num' = "
            + targetRowNum
            + " keys each; raise 'dynamic-bucket.target-row-num'.");
  }

  public static IllegalStateException deletionVectorsWrittenTwice(
      String table, String partition, int bucket) {
    return new IllegalStateException(
        "Cannot commit to "
            + table
            + ": two tasks of one write changed the deletion vectors of bucket "
            + bucket
            + " of partition "
            + partition
            + ", and one bucket takes one new deletion-vector index file per commit. Nothing was"
            + " committed; merge the bucket's deletions into one change and retry.");
  }

  public static IllegalStateException dynamicBucketWrittenTwice(
      String table, String partition, int bucket) {
    return new IllegalStateException(
        "Cannot commit to "
            + table
            + ": two tasks of one write changed the key index of bucket "
            + bucket
            + " of partition "
            + partition
            + ", which could put one key into two buckets. A dynamic-bucket table needs all rows"
            + " of a partition in one task; nothing was committed, retry the write.");
  }

  public static IllegalArgumentException nullInNotNullColumn(String column, String type) {
    return new IllegalArgumentException(
        "Cannot write NULL into column '" + column + "' declared " + type + ".");
  }

  public static UnsupportedOperationException aggregateRetractionRefused(String table) {
    return new UnsupportedOperationException(
        "Cannot delete rows of table "
            + table
            + ": its 'merge-engine' = 'aggregation' would fold a DELETE into its columns, and"
            + " Strata's DELETE carries only the key, so it would change nothing. A table created"
            + " with 'aggregation.remove-record-on-delete' = 'true' deletes whole rows, one with"
            + " 'ignore-delete' = 'true' drops deletes (both options are fixed at CREATE TABLE, as"
            + " in Apache Paimon).");
  }

  /**
   * A retraction (an UPDATE_BEFORE or a DELETE folded field by field) of a column whose aggregate
   * function cannot undo a value; Paimon 1.3.1 fails the same merge.
   */
  public static UnsupportedOperationException aggregateCannotRetract(
      String function, String column) {
    return new UnsupportedOperationException(
        "Cannot merge a retraction (an UPDATE_BEFORE, or a DELETE without"
            + " 'aggregation.remove-record-on-delete') into column '"
            + column
            + "': its aggregate function '"
            + function
            + "' cannot undo a value (only sum, product, last_value and last_non_null_value can),"
            + " and Apache Paimon fails the same merge. Such records come from another writer, e.g."
            + " a changelog written by Apache Paimon. Set table option 'fields."
            + column
            + ".ignore-retract' = 'true' to leave the column as it is on retractions.");
  }

  /**
   * A value of a bitmap or sketch column ({@code rbm32}, {@code rbm64}, {@code hll_sketch}, {@code
   * theta_sketch}) that is not the serialized form its function merges.
   */
  public static IllegalArgumentException unreadableSketch(
      String function, String column, String form, int length, Exception cause) {
    return new IllegalArgumentException(
        "Cannot merge column '"
            + column
            + "' (aggregate function '"
            + function
            + "'): a value of "
            + length
            + " bytes is not "
            + form
            + " ("
            + cause
            + "). Write the column's values in that form, as Apache Paimon's "
            + function
            + " expects.",
        cause);
  }

  /** A value written into a bitmap or sketch column that its function could not merge. */
  public static IllegalArgumentException unwritableSketch(
      String function, String column, String form, int length, Exception cause) {
    return new IllegalArgumentException(
        "Cannot write a value of "
            + length
            + " bytes into column '"
            + column
            + "' (aggregate function '"
            + function
            + "'): it is not "
            + form
            + " ("
            + cause
            + "), and no merge could read it. Nothing was written.",
        cause);
  }

  /** A product retraction whose quotient does not exist in the column's type. */
  public static ArithmeticException productCannotRetract(
      String column, Object product, Object divisor, ArithmeticException cause) {
    ArithmeticException e =
        new ArithmeticException(
            "Cannot merge a retraction into column '"
                + column
                + "' (aggregate function 'product'): dividing the product "
                + product
                + " by the retracted value "
                + divisor
                + " failed ("
                + cause.getMessage()
                + "), as it does in Apache Paimon. Set table option 'fields."
                + column
                + ".ignore-retract' = 'true' to leave the column as it is on retractions.");
    e.initCause(cause);
    return e;
  }

  public static UnsupportedOperationException keyChangeRefused(
      String table, String keys, String why) {
    return new UnsupportedOperationException(
        "Cannot change the primary key ("
            + keys
            + ") of rows of table "
            + table
            + ": moving a row to another key writes a DELETE of its old key, which this table"
            + " refuses. "
            + why);
  }

  public static UnsupportedOperationException retractionsRefused(String table, String engine) {
    return new UnsupportedOperationException(
        "Cannot delete or update rows of table "
            + table
            + ": its 'merge-engine' = '"
            + engine
            + "' cannot apply DELETE or UPDATE_BEFORE records. A table created with"
            + " 'ignore-delete' = 'true' drops them"
            + (engine.equals("partial-update")
                ? ", one with 'partial-update.remove-record-on-delete' = 'true' deletes whole rows"
                : "")
            + " (options fixed at CREATE TABLE, as in Apache Paimon).");
  }

  // ---- commits ----

  public static IllegalStateException commitRetriesExhausted(
      String table, int attempts, long conflictingSnapshot) {
    return new IllegalStateException(
        "Commit to "
            + table
            + " failed after "
            + attempts
            + " attempts: other writers kept committing first (last: snapshot "
            + conflictingSnapshot
            + "); raise table option"
            + " 'commit.max-retries' or retry the write.");
  }

  /**
   * @param heldFor how long ago the current holder took the lock, or null when unknown
   */
  public static IllegalStateException commitLockTimeout(
      String lockFile, String waited, String heldFor) {
    return new IllegalStateException(
        "Cannot take the commit lock "
            + lockFile
            + " within 'lock.acquire-timeout' ("
            + waited
            + "): another writer holds it"
            + (heldFor == null ? "" : " (taken " + heldFor + " ago)")
            + ". Retry the write, or raise table option 'lock.acquire-timeout'; a lock older"
            + " than the timeout is broken automatically, so delete the file only if it cannot"
            + " be read.");
  }

  // ---- catalog ----

  public static IllegalArgumentException dropDefaultDatabase(String db) {
    return new IllegalArgumentException(
        "Cannot drop the default database '"
            + db
            + "': every catalog keeps it; drop its tables instead.");
  }

  public static IllegalStateException unparsableTableOnDrop(
      String table, String path, Throwable cause) {
    return new IllegalStateException(
        "Cannot drop table '"
            + table
            + "': "
            + path
            + " holds schema files that do not parse as a table schema ("
            + cause.getMessage()
            + "). Strata deletes only directories that hold a table; inspect it and remove it by"
            + " hand if it is not one.",
        cause);
  }

  // ---- schema changes ----

  public static IllegalStateException alterWithoutTable(String root) {
    return new IllegalStateException("Cannot alter " + root + ": it holds no table.");
  }

  public static IllegalStateException schemaRetriesExhausted(String root, long schemaId) {
    return new IllegalStateException(
        "Cannot alter "
            + root
            + ": other schema changes kept taking schema id "
            + schemaId
            + " first; retry.");
  }

  // ---- reads and system tables ----

  public static UnsupportedOperationException postponedBucketsStream(String table) {
    return new UnsupportedOperationException(
        "Cannot stream table "
            + table
            + ": it uses postponed buckets ('bucket' = -2) without a changelog producer, whose"
            + " stream is the rows Paimon's writers add to bucket-postpone/, which Strata does not"
            + " read. Read it as a batch (the rows compaction has given a bucket), set"
            + " 'changelog-producer' to 'lookup' so that the changes come from the buckets, or"
            + " stream it with Apache Paimon.");
  }

  public static IllegalStateException mixedBucketCounts(
      String table, String partition, int one, int other) {
    return new IllegalStateException(
        "Cannot write table "
            + table
            + ": the live files of "
            + partition
            + " were written into "
            + one
            + " and into "
            + other
            + " buckets, so a key has no one bucket. Rewrite the partition with INSERT OVERWRITE"
            + " to give it one bucket count.");
  }

  public static UnsupportedOperationException postponedBucketsWithoutFixedBuckets(String table) {
    return new UnsupportedOperationException(
        "Cannot write table "
            + table
            + ": it sets 'postpone.batch-write-fixed-bucket' = 'false', which asks to leave the"
            + " rows in bucket-postpone/ until a compaction gives them a bucket. Strata writes"
            + " postponed-bucket tables straight into the buckets of each partition; unset the"
            + " option (ALTER TABLE ... UNSET TBLPROPERTIES ('postpone.batch-write-fixed-bucket'))"
            + " to write with Strata.");
  }

  public static IllegalArgumentException deletionPositionOutOfRange(long position, long max) {
    return new IllegalArgumentException(
        "Cannot mark row position "
            + position
            + " deleted: a 32-bit deletion vector holds positions 0 to "
            + (max - 1)
            + "; split the data file into smaller files.");
  }

  public static UnsupportedOperationException deletionVectorFormatUnsupported(
      String indexFile, int magic) {
    return new UnsupportedOperationException(
        "Cannot read deletion vectors of "
            + indexFile
            + ": magic number "
            + magic
            + " is neither the 32-bit bitmap format (1581511376) nor the 64-bit one (1681511377,"
            + " little-endian), the formats Strata reads; the file is not a deletion vector"
            + " Paimon 1.3.1 writes.");
  }

  public static IllegalArgumentException readFieldNotInTable(
      String name, int id, List<String> columns) {
    return new IllegalArgumentException(
        "Read field '"
            + name
            + "' (id "
            + id
            + ") is not a column of the table; columns are "
            + columns
            + ".");
  }

  public static IllegalArgumentException systemTableNotFound(
      String table, String name, List<String> available) {
    return new IllegalArgumentException(
        "System table '"
            + name
            + "' does not exist for table "
            + table
            + "; available system tables: "
            + String.join(", ", available)
            + ".");
  }

  // ---- writes and maintenance ----

  public static UnsupportedOperationException appendOnlyInserts(Object kind) {
    return new UnsupportedOperationException(
        "Append tables only take inserted rows, got a "
            + kind
            + " row; define a primary key"
            + " to update or delete by key.");
  }

  public static IllegalArgumentException orphanCutoffInFuture() {
    return new IllegalArgumentException(
        "older_than must be in the past: files of writes in progress would be deleted.");
  }

  // ---- compaction arguments ----

  public static IllegalArgumentException invalidCompactStrategy(String strategy) {
    return new IllegalArgumentException(
        "CALL sys.compact: compact_strategy '" + strategy + "' is not one of full, minor.");
  }

  public static IllegalArgumentException invalidOrderStrategy(String strategy) {
    return new IllegalArgumentException(
        "CALL sys.compact: order_strategy '" + strategy + "' is not one of none, order, zorder.");
  }

  public static UnsupportedOperationException hilbertUnsupported() {
    return new UnsupportedOperationException(
        "CALL sys.compact: order_strategy 'hilbert' is not supported by Strata; use 'zorder'"
            + " (also clusters rows by several columns) or 'order'.");
  }

  public static IllegalArgumentException orderByWithoutStrategy(String orderBy) {
    return new IllegalArgumentException(
        "CALL sys.compact: order_by => '"
            + orderBy
            + "' needs an order_strategy: add order_strategy => 'order' or 'zorder'.");
  }

  public static IllegalArgumentException orderStrategyWithoutColumns(String strategy) {
    return new IllegalArgumentException(
        "CALL sys.compact: order_strategy '"
            + strategy
            + "' needs the columns to sort by: add order_by => 'col1,col2'.");
  }

  public static IllegalArgumentException sortCompactStrategy(String strategy) {
    return new IllegalArgumentException(
        "CALL sys.compact: compact_strategy '"
            + strategy
            + "' cannot be combined with order_strategy: a sort compaction rewrites every file"
            + " of the selected partitions; drop compact_strategy.");
  }

  public static UnsupportedOperationException sortCompactPrimaryKey(String table) {
    return new UnsupportedOperationException(
        "CALL sys.compact: order_strategy applies only to append tables with 'bucket' = -1, but "
            + table
            + " has a primary key, whose files stay sorted by key; compact it without"
            + " order_strategy.");
  }

  public static UnsupportedOperationException sortCompactFixedBucket(String table, int buckets) {
    return new UnsupportedOperationException(
        "CALL sys.compact: order_strategy applies only to append tables with 'bucket' = -1, but "
            + table
            + " has 'bucket' = "
            + buckets
            + ", whose rows must stay in their hash buckets; compact it without order_strategy.");
  }

  public static IllegalArgumentException orderByUnknownColumn(String column, List<String> columns) {
    return new IllegalArgumentException(
        "CALL sys.compact: order_by column '"
            + column
            + "' does not exist; columns are "
            + columns
            + ".");
  }

  public static IllegalArgumentException orderByPartitionColumn(
      String column, List<String> sortable) {
    return new IllegalArgumentException(
        "CALL sys.compact: order_by column '"
            + column
            + "' is a partition column, constant within each partition a sort compaction"
            + " rewrites; sort by the other columns "
            + sortable
            + ".");
  }

  public static IllegalArgumentException orderByUnsortableType(
      String column, String type, List<String> sortable) {
    return new IllegalArgumentException(
        "CALL sys.compact: order_by column '"
            + column
            + "' has type "
            + type
            + ", which has no order; sort by columns of atomic types "
            + sortable
            + ".");
  }

  // ---- branches ----

  /** {@code existing}: every branch name but main; the message lists the first ten. */
  public static IllegalArgumentException branchNotFound(
      String table, String name, List<String> existing) {
    String branches =
        existing.isEmpty()
            ? "The table has no branch but main; create one with CALL sys.create_branch."
            : "Its branches: main, "
                + String.join(", ", existing.subList(0, Math.min(10, existing.size())))
                + (existing.size() > 10 ? " (and " + (existing.size() - 10) + " more)." : ".");
    return new IllegalArgumentException(
        "Branch '" + name + "' doesn't exist in table " + table + ". " + branches);
  }

  public static IllegalArgumentException branchExists(String table, String name) {
    return new IllegalArgumentException(
        "Branch '"
            + name
            + "' already exists in table "
            + table
            + "; delete it with CALL sys.delete_branch first or choose another name.");
  }

  public static IllegalArgumentException branchWithoutSnapshot(String name) {
    return new IllegalArgumentException(
        "Cannot fast-forward to branch '"
            + name
            + "': it has no snapshot yet; write to it first (t$branch_"
            + name
            + ").");
  }

  public static IllegalArgumentException fastForwardGap(
      String name, long branchFirst, String target, long targetKept) {
    return new IllegalArgumentException(
        "Cannot fast-forward "
            + target
            + " to branch '"
            + name
            + "': the branch's first snapshot "
            + branchFirst
            + " does not follow snapshot "
            + targetKept
            + " of "
            + target
            + ", which stays, so the history would have a gap (the branch's earlier snapshots"
            + " expired). Fast-forward a branch whose first snapshot is at most "
            + (targetKept + 1)
            + ".");
  }

  public static IllegalArgumentException fastForwardToMain() {
    return new IllegalArgumentException(
        "Cannot fast-forward to branch 'main', as Paimon refuses too: fast_forward makes the"
            + " table's history a branch's; name the branch whose history the table takes.");
  }

  public static IllegalArgumentException fastForwardIntoItself(String name) {
    return new IllegalArgumentException(
        "Cannot fast-forward branch '"
            + name
            + "' into itself; call fast_forward on the branch to replace (the table for main).");
  }

  public static IllegalArgumentException mainBranchNotDeletable() {
    return new IllegalArgumentException(
        "Branch 'main' is the table itself and cannot be deleted; use DROP TABLE to delete it.");
  }

  // ---- Paimon file indexes ----

  /** {@code problem}: what is wrong with the index bytes. */
  public static IllegalArgumentException unreadableFileIndex(String problem) {
    return new IllegalArgumentException(
        "Cannot read a Paimon file index: "
            + problem
            + " Its data file is read whole instead; rewrite the file (CALL sys.compact) to get"
            + " a new index.");
  }

  /**
   * A table handed to the catalog to install or drop as staged was not staged for {@code table}.
   */
  public static IllegalArgumentException notStaged(String dir, String table) {
    return new IllegalArgumentException(
        dir
            + " is not a table staged for "
            + table
            + ": only a table the catalog staged for it can be put in its place or dropped as"
            + " staged.");
  }
}

package io.strata.core.errors;

import java.util.List;

/**
 * The user-facing errors of table definitions: types, columns, keys, buckets and the options fixed
 * at CREATE TABLE. Refused schema changes have their own factory ({@code
 * schema.SchemaChangeErrors}), which inspects types. Types are passed as objects and printed in
 * their SQL spelling, since this package sits below {@code types}.
 */
public final class SchemaErrors {

  private SchemaErrors() {}

  // ---- types and names ----

  public static IllegalArgumentException notAtomicRoot(Object root) {
    return new IllegalArgumentException("Not an atomic type root: " + root);
  }

  public static IllegalArgumentException invalidDecimal(int precision, int scale) {
    return new IllegalArgumentException(
        "DECIMAL precision must be in [1, 38] and scale in [0, precision], got DECIMAL("
            + precision
            + ", "
            + scale
            + ").");
  }

  public static IllegalArgumentException emptyFieldName(int id) {
    return new IllegalArgumentException("A field needs a non-empty name (field id " + id + ").");
  }

  public static IllegalArgumentException fieldNotFound(String name, List<String> fields) {
    return new IllegalArgumentException(
        "Field '" + name + "' does not exist; fields are " + fields + ".");
  }

  public static IllegalArgumentException emptyColumnPath() {
    return new IllegalArgumentException("A column path needs at least one name.");
  }

  public static IllegalArgumentException invalidSuffixes(String name) {
    return new IllegalArgumentException(
        "Cannot read table name '"
            + name
            + "': after the table, '$' may introduce a branch, a system table or both, as in"
            + " t$branch_dev, t$snapshots and t$branch_dev$snapshots.");
  }

  public static IllegalArgumentException invalidIdentifier(String database, String table) {
    return new IllegalArgumentException(
        "A table identifier needs a database and a table name, got '"
            + database
            + "."
            + table
            + "'.");
  }

  public static IllegalArgumentException dataTypeNotStringOrObject(Object node) {
    return new IllegalArgumentException("A data type must be a string or an object, got " + node);
  }

  public static IllegalArgumentException unsupportedNestedType(String typeString) {
    return new IllegalArgumentException(
        "Unsupported nested data type '" + typeString + "' (supported: ARRAY, MAP, ROW).");
  }

  public static IllegalArgumentException unparsableType(String input, String why) {
    return new IllegalArgumentException("Cannot parse data type '" + input + "': " + why + ".");
  }

  // ---- columns and keys ----

  public static IllegalArgumentException duplicateColumn(String name) {
    return new IllegalArgumentException("Column '" + name + "' is defined more than once.");
  }

  public static IllegalArgumentException unpartitionableType(String column, Object type) {
    return new IllegalArgumentException(
        "Partition column '" + column + "' has type " + type + ", which cannot be a partition.");
  }

  public static IllegalArgumentException primaryKeyLacksPartition(
      List<String> primaryKeys, String partition) {
    return new IllegalArgumentException(
        "Primary key "
            + primaryKeys
            + " must contain every partition column, but it lacks '"
            + partition
            + "'. Updates that move a key across partitions (Paimon's cross-partition upsert with a"
            + " global index) are not supported: add '"
            + partition
            + "' to the primary key.");
  }

  /**
   * A partial-update column aggregated without a sequence group: Paimon refuses such a table, since
   * only a sequence group orders the updates an aggregate folds.
   */
  public static IllegalArgumentException aggregateWithoutSequenceGroup(
      String column, String function, String option) {
    return new IllegalArgumentException(
        "Column '"
            + column
            + "' of a 'partial-update' table aggregates with '"
            + function
            + "' (table option '"
            + option
            + "'), but no sequence group covers it; Paimon refuses such a table. Add a sequence"
            + " group over it ('fields.<sequence column>.sequence-group' = '"
            + column
            + "'), or use 'last_non_null_value'.");
  }

  /**
   * @param what the role of the list, e.g. {@code Primary key}
   */
  public static IllegalArgumentException columnListedTwice(
      String what, String column, List<String> columns) {
    return new IllegalArgumentException(
        what + " column '" + column + "' is listed more than once in " + columns + ".");
  }

  public static IllegalArgumentException keyColumnNotFound(
      String what, String column, List<String> columns) {
    return new IllegalArgumentException(
        what + " column '" + column + "' does not exist; columns are " + columns + ".");
  }

  // ---- buckets ----

  public static IllegalArgumentException bucketKeyIsPartition(String column) {
    return new IllegalArgumentException(
        "Bucket key column '" + column + "' is a partition column; choose non-partition columns.");
  }

  public static IllegalArgumentException bucketKeyOutsidePrimaryKey(
      String column, List<String> primaryKey) {
    return new IllegalArgumentException(
        "Bucket key column '"
            + column
            + "' must be part of the primary key "
            + primaryKey
            + ", or rows with one key could land in two buckets.");
  }

  public static IllegalArgumentException deletionVectorsUnsupported() {
    return new IllegalArgumentException(
        "Primary-key tables with 'deletion-vectors.enabled' = true are not supported yet (append"
            + " tables are); remove that option.");
  }

  public static IllegalArgumentException postponedBucketsNeedPrimaryKey() {
    return new IllegalArgumentException(
        "Cannot create a table with 'bucket' = -2 (postponed buckets) without a primary key:"
            + " postponed buckets are for primary-key tables. Use 'bucket' = -1 for an append"
            + " table without buckets, or a fixed bucket count ('bucket' = '4').");
  }

  public static IllegalArgumentException rowTrackingNeedsBucketUnaware(String given) {
    return new IllegalArgumentException(
        "Cannot define "
            + given
            + " for a row tracking table ('row-tracking.enabled' = 'true'): it must be an append"
            + " table with 'bucket' = '-1', as in Paimon.");
  }

  public static IllegalArgumentException unsupportedLayout(String option) {
    return new IllegalArgumentException(
        "Table option "
            + option
            + " is not supported: Strata does not implement that layout of Apache Paimon's, so it"
            + " could not write such a table; create it without the option, or use Paimon.");
  }

  public static IllegalArgumentException descendingSequenceUnsupported() {
    return new IllegalArgumentException(
        "Table option 'sequence.field.sort-order' = 'descending' is not supported: Apache Paimon"
            + " 1.3.1 orders sequence.field ascending whatever the option says (its comparator"
            + " ignores it), so Paimon and Strata would read other rows than you asked for. Keep"
            + " 'ascending' (the default), e.g. by ordering on a negated column.");
  }

  public static IllegalArgumentException firstRowWithDeletionVectors() {
    return new IllegalArgumentException(
        "A 'first-row' table cannot have 'deletion-vectors.enabled' = true: it never deletes an"
            + " old row, so it needs no deletion vectors (Apache Paimon refuses it too); remove"
            + " that option.");
  }

  public static IllegalArgumentException deletionVectorsChangelogProducer(String producer) {
    return new IllegalArgumentException(
        "A table with 'deletion-vectors.enabled' = true cannot have 'changelog-producer' = '"
            + producer
            + "': deletion vectors work with 'none', 'input' and 'lookup' (as in Apache Paimon);"
            + " choose one of those.");
  }

  public static IllegalArgumentException appendBucketWithoutKey(int bucket) {
    return new IllegalArgumentException(
        "An append table with 'bucket' = "
            + bucket
            + " needs table option 'bucket-key' naming the columns to hash; or use 'bucket' = -1.");
  }

  public static IllegalArgumentException dynamicBucketWithBucketKey(String bucketKey) {
    return new IllegalArgumentException(
        "Cannot set table option 'bucket-key' = '"
            + bucketKey
            + "' on a primary-key table with 'bucket' = -1: dynamic buckets are assigned by the"
            + " primary key. Remove 'bucket-key', or set 'bucket' to a fixed number such as 4.");
  }

  public static IllegalArgumentException modBucketKey(List<String> keyColumns) {
    return new IllegalArgumentException(
        "Table option 'bucket-function.type' = 'mod' needs a bucket key of one INT or BIGINT"
            + " column (its value modulo 'bucket' is the bucket), but the bucket key is "
            + keyColumns
            + ". Set 'bucket-key' to such a column, or use 'bucket-function.type' = 'default'.");
  }

  // ---- options fixed at CREATE TABLE ----

  public static IllegalArgumentException fixedOption(String key) {
    return new IllegalArgumentException(
        "Cannot change table option '"
            + key
            + "' of an existing table: primary keys and partitions are fixed at CREATE"
            + " TABLE.");
  }

  public static IllegalArgumentException immutableOption(String key) {
    return new IllegalArgumentException(
        "Cannot change table option '"
            + key
            + "' of a table that has snapshots: it decides how the table's files merge or where"
            + " they are, and Apache Paimon fixes it at the first write too. Create a table with"
            + " the option you want and copy the rows into it (CREATE TABLE ... AS SELECT).");
  }

  public static IllegalArgumentException unsetBucket() {
    return new IllegalArgumentException(
        "Cannot unset table option 'bucket' of a table that has snapshots: the bucket layout of"
            + " its files depends on it.");
  }

  public static IllegalArgumentException changeBucket(String from, String to) {
    return new IllegalArgumentException(
        "Cannot change table option 'bucket' from "
            + from
            + " to "
            + to
            + ": once a table has snapshots, only a fixed bucket count (1 or more) can change to"
            + " another fixed count, as dynamic (-1) and postponed (-2) buckets lay files out by"
            + " their own rules; rewrite the table with CREATE TABLE AS SELECT instead.");
  }

  // ---- file indexes ----

  public static IllegalArgumentException fileIndexColumnNotFound(
      String option, String column, List<String> columns) {
    return new IllegalArgumentException(
        "Table option '"
            + option
            + "' names column '"
            + column
            + "', which does not exist; columns are "
            + columns
            + ". Name existing columns; to drop or rename an indexed column, first take it out of"
            + " the option (ALTER TABLE ... SET or UNSET TBLPROPERTIES).");
  }

  public static IllegalArgumentException fileIndexColumnType(
      String option, String column, String type, String indexable) {
    return new IllegalArgumentException(
        "Table option '"
            + option
            + "' names column '"
            + column
            + "' of type "
            + type
            + ", which the index cannot hold (nor can Paimon's); it indexes "
            + indexable
            + " columns.");
  }

  // ---- record-level expiration ----

  public static IllegalArgumentException recordLevelExpireWithoutPrimaryKey() {
    return new IllegalArgumentException(
        "Table option 'record-level.expire-time' applies to primary-key tables only (compactions"
            + " drop expired records while merging keys); remove it, or declare a 'primary-key'.");
  }

  public static IllegalArgumentException recordLevelTimeFieldMissing() {
    return new IllegalArgumentException(
        "Table option 'record-level.expire-time' is set but 'record-level.time-field' is not: set"
            + " it to the column a record's age counts from (INT or BIGINT epoch seconds, BIGINT"
            + " epoch milliseconds, TIMESTAMP or TIMESTAMP_LTZ).");
  }

  public static IllegalArgumentException recordLevelTimeFieldNotFound(
      String column, List<String> columns) {
    return new IllegalArgumentException(
        "Table option 'record-level.time-field' names column '"
            + column
            + "', which does not exist; columns are "
            + columns
            + ".");
  }

  public static IllegalArgumentException recordLevelTimeFieldType(String column, Object type) {
    return new IllegalArgumentException(
        "Table option 'record-level.time-field' names column '"
            + column
            + "' of type "
            + type
            + "; a record's age counts from an INT or BIGINT (epoch seconds, or BIGINT epoch"
            + " milliseconds), TIMESTAMP or TIMESTAMP_LTZ column.");
  }
}

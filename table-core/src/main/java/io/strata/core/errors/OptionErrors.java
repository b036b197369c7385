package io.strata.core.errors;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The user-facing errors of option values (table options, their parsers and the settings built from
 * them): each names the option, the value given and what is allowed.
 */
public final class OptionErrors {

  private OptionErrors() {}

  // ---- parsing a value ----

  public static IllegalArgumentException invalidValue(String key, String raw, String expected) {
    return new IllegalArgumentException(
        "Invalid value '" + raw + "' for table option '" + key + "': expected " + expected + ".");
  }

  public static IllegalArgumentException invalidDuration(String text) {
    return new IllegalArgumentException(
        "Invalid duration '"
            + text
            + "': expected a number and a unit, such as '500 ms', '30 s', '10 min', '1 h' or '1 d'.");
  }

  public static IllegalArgumentException unknownTimeUnit(String text, String unit) {
    return new IllegalArgumentException(
        "Invalid duration '"
            + text
            + "': unknown time unit '"
            + unit
            + "'; use ns, us, ms, s, min, h or d.");
  }

  public static IllegalArgumentException invalidMemorySize(String text) {
    return new IllegalArgumentException(
        "Invalid memory size '" + text + "': expected a number and a unit, such as '128 mb'.");
  }

  public static IllegalArgumentException unknownSizeUnit(String text, String unit) {
    return new IllegalArgumentException(
        "Invalid memory size '"
            + text
            + "': unknown size unit '"
            + unit
            + "'; use b, kb, mb, gb or tb.");
  }

  public static IllegalArgumentException invalidBoolean(String text) {
    return new IllegalArgumentException("Invalid boolean '" + text + "': expected true or false.");
  }

  public static IllegalArgumentException unsupportedFileCompression(String compression) {
    return new IllegalArgumentException(
        "Unsupported file.compression '"
            + compression
            + "'; expected zstd, snappy, gzip, lz4 or none.");
  }

  public static IllegalArgumentException unsupportedManifestCompression(String compression) {
    return new IllegalArgumentException(
        "Unsupported manifest compression '"
            + compression
            + "'; use zstd, deflate, snappy or none.");
  }

  public static IllegalArgumentException snappyMissing(Throwable cause) {
    return new IllegalArgumentException(
        "Manifest compression 'snappy' needs snappy-java on the classpath.", cause);
  }

  public static IllegalArgumentException truncateLength(int length) {
    return new IllegalArgumentException("truncate(N) needs N > 0, got " + length + ".");
  }

  public static IllegalArgumentException unknownStatsMode(String value) {
    return new IllegalArgumentException(
        "Unknown stats mode '"
            + value
            + "'; expected none, counts, full or truncate(N) with N > 0.");
  }

  // ---- snapshot expiration ----

  public static IllegalArgumentException retainMinBelowOne(int retainMin) {
    return new IllegalArgumentException(
        "retainMin (" + retainMin + ") must be at least 1: the latest snapshot is always kept.");
  }

  public static IllegalArgumentException retainMaxBelowMin(int retainMax, int retainMin) {
    return new IllegalArgumentException(
        "retainMax (" + retainMax + ") must not be less than retainMin (" + retainMin + ").");
  }

  public static IllegalArgumentException maxDeletesBelowOne(int limit) {
    return new IllegalArgumentException("max_deletes (" + limit + ") must be at least 1.");
  }

  public static IllegalArgumentException retainedMinAboveMax(int min, int max) {
    return new IllegalArgumentException(
        "Table option 'snapshot.num-retained.min' ("
            + min
            + ") must not be larger than 'snapshot.num-retained.max' ("
            + max
            + "); lower the first or raise the second.");
  }

  // ---- partition expiration ----

  public static IllegalArgumentException negativePartitionExpiration(Object expirationTime) {
    return new IllegalArgumentException(
        "Partition expiration time must be zero or more, got " + expirationTime + ".");
  }

  public static IllegalArgumentException partitionMaxExpiresBelowOne(int maxExpires) {
    return new IllegalArgumentException(
        "Partition expiration max number (" + maxExpires + ") must be at least 1.");
  }

  public static IllegalArgumentException partitionBatchSizeBelowOne(int batchSize) {
    return new IllegalArgumentException(
        "Partition expiration batch size (" + batchSize + ") must be at least 1.");
  }

  public static IllegalArgumentException invalidTimestampFormatter(
      String key, String text, String reason) {
    return new IllegalArgumentException(
        "Invalid '" + key + "' value '" + text + "': " + reason + ".");
  }

  public static IllegalArgumentException patternWithoutField(
      String key, String pattern, String example) {
    return new IllegalArgumentException(
        "Invalid '"
            + key
            + "' value '"
            + pattern
            + "': it names no partition field; write fields as $name, e.g. '$"
            + example
            + "'.");
  }

  public static IllegalArgumentException patternUnknownField(
      String key, String pattern, String field, List<String> fields) {
    return new IllegalArgumentException(
        "Invalid '"
            + key
            + "' value '"
            + pattern
            + "': '$"
            + field
            + "' is not a partition field; partition fields are "
            + fields
            + ".");
  }

  // ---- merge engines ----

  public static IllegalArgumentException sequenceGroupColumnMissing(
      String option, String name, List<String> columns) {
    return new IllegalArgumentException(
        "Table option '"
            + option
            + "' names column '"
            + name
            + "', which does not exist; columns are "
            + columns
            + ".");
  }

  public static IllegalArgumentException sequenceGroupOverlap(String option, String column) {
    return new IllegalArgumentException(
        "Column '"
            + column
            + "' of table option '"
            + option
            + "' already belongs to another sequence group; a column can be ordered by one group"
            + " only.");
  }

  public static IllegalArgumentException conflictingOptions(String first, String second) {
    return new IllegalArgumentException(
        "Table options '"
            + first
            + "' and '"
            + second
            + "' conflict (each decides differently what a DELETE does); set only one of them.");
  }

  public static IllegalArgumentException removingSequenceGroupUnknown(
      String option, String column, Set<String> sequenceColumns) {
    return new IllegalArgumentException(
        "Table option '"
            + option
            + "' names column '"
            + column
            + "', which is not a sequence column of any sequence group; sequence columns are "
            + new TreeSet<>(sequenceColumns)
            + ".");
  }

  public static IllegalArgumentException sequenceFieldMissing(String name, List<String> columns) {
    return new IllegalArgumentException(
        "Table option 'sequence.field' names column '"
            + name
            + "', which does not exist; columns are "
            + columns
            + ".");
  }

  public static IllegalArgumentException aggregateNeedsNumeric(
      String function, String column, Object type) {
    return aggregateNeedsType(function, column, "a numeric", type);
  }

  public static IllegalArgumentException aggregateNeedsType(
      String function, String column, String needed, Object type) {
    return new IllegalArgumentException(
        "Aggregate function '"
            + function
            + "' needs "
            + needed
            + " column, but column '"
            + column
            + "' is "
            + type
            + "; choose another 'fields."
            + column
            + ".aggregate-function'.");
  }

  public static IllegalArgumentException nestedKeyUnknown(
      String column, String key, List<String> fields) {
    return new IllegalArgumentException(
        "Table option 'fields."
            + column
            + ".nested-key' names field '"
            + key
            + "', which the rows of column '"
            + column
            + "' do not have; their fields are "
            + fields
            + ".");
  }

  public static IllegalArgumentException unsupportedAggregate(
      String function, String column, List<String> supported) {
    return new IllegalArgumentException(
        "Unsupported aggregate function '"
            + function
            + "' for column '"
            + column
            + "' (table option 'fields."
            + column
            + ".aggregate-function'); supported: "
            + String.join(", ", supported)
            + ".");
  }

  /** A value reached a numeric aggregate that the option check should have refused. */
  public static IllegalArgumentException notNumeric(String function, Object value) {
    return new IllegalArgumentException(
        function + " needs a numeric column, got " + value.getClass().getSimpleName());
  }

  public static IllegalArgumentException bucketsNotPositive(int numBuckets) {
    return new IllegalArgumentException(
        "The number of buckets must be positive for a fixed-bucket table, got " + numBuckets);
  }

  /** A 'mod' bucket key value that is not an INT or BIGINT (validation refuses such tables). */
  public static IllegalArgumentException modBucketKeyValue(String valueClass) {
    return new IllegalArgumentException(
        "Table option 'bucket-function.type' = 'mod' needs a bucket key of one INT or BIGINT"
            + " column, but a key value is a "
            + valueClass
            + ": the table's bucket key has another type. Nothing was written; ALTER TABLE cannot"
            + " change the bucket layout, so rewrite the table with a bucket key of such a column,"
            + " or with 'bucket-function.type' = 'default'.");
  }
}

package io.strata.core.schema;

import io.strata.core.data.PartitionTimeExtractor;
import io.strata.core.options.ExpireOptions;
import io.strata.core.options.OptionRegistry;
import io.strata.core.options.Options;
import io.strata.core.options.TableOptions;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypeRoot;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Checks that a schema describes a table Strata can write and Paimon can read. */
public final class SchemaValidation {

  private SchemaValidation() {}

  public static void validate(TableSchema schema) {
    OptionRegistry.validate(schema.options());
    List<String> names = schema.rowType().fieldNames();
    Set<String> seen = new HashSet<>();
    for (String name : names) {
      if (!seen.add(name)) {
        throw new IllegalArgumentException("Column '" + name + "' is defined more than once.");
      }
    }
    checkColumnsExist("Partition key", schema.partitionKeys(), names);
    checkColumnsExist("Primary key", schema.primaryKeys(), names);
    for (String p : schema.partitionKeys()) {
      DataField f = schema.fields().get(names.indexOf(p));
      DataTypeRoot root = f.type().root();
      if (root == DataTypeRoot.ARRAY
          || root == DataTypeRoot.MAP
          || root == DataTypeRoot.ROW
          || root == DataTypeRoot.VARBINARY
          || root == DataTypeRoot.BINARY) {
        throw new IllegalArgumentException(
            "Partition column '" + p + "' has type " + f.type() + ", which cannot be a partition.");
      }
    }
    if (schema.hasPrimaryKey() && !schema.partitionKeys().isEmpty()) {
      for (String p : schema.partitionKeys()) {
        if (!schema.primaryKeys().contains(p)) {
          throw new IllegalArgumentException(
              "Primary key "
                  + schema.primaryKeys()
                  + " must contain every partition column, but it lacks '"
                  + p
                  + "'.");
        }
      }
    }
    validateBucketing(schema, names);
    validateRetention(new Options(schema.options()));
    if (schema.hasPrimaryKey()) {
      io.strata.core.merge.MergeFunctions.of(
          schema.rowType(),
          schema.primaryKeys(),
          schema.options()); // aggregate functions, sequence.field
    }
    PartitionTimeExtractor.validate(schema.partitionType(), new Options(schema.options()));
  }

  /** A floor above the cap would make every expiration keep more than the cap allows. */
  private static void validateRetention(Options options) {
    int min = options.get(ExpireOptions.SNAPSHOT_NUM_RETAINED_MIN);
    int max = options.get(ExpireOptions.SNAPSHOT_NUM_RETAINED_MAX);
    if (min > max) {
      throw new IllegalArgumentException(
          "Table option 'snapshot.num-retained.min' ("
              + min
              + ") must not be larger than 'snapshot.num-retained.max' ("
              + max
              + "); lower the first or raise the second.");
    }
  }

  private static void validateBucketing(TableSchema schema, List<String> names) {
    Options options = new Options(schema.options());
    int bucket = options.get(TableOptions.BUCKET);
    String bucketKey = options.get(TableOptions.BUCKET_KEY);
    if (bucketKey != null) {
      List<String> keys = SchemaFactory.splitColumns(bucketKey);
      checkColumnsExist("Bucket key (table option 'bucket-key')", keys, names);
      for (String k : keys) {
        if (schema.partitionKeys().contains(k)) {
          throw new IllegalArgumentException(
              "Bucket key column '" + k + "' is a partition column; choose non-partition columns.");
        }
        if (schema.hasPrimaryKey() && !schema.trimmedPrimaryKeys().contains(k)) {
          throw new IllegalArgumentException(
              "Bucket key column '"
                  + k
                  + "' must be part of the primary key "
                  + schema.trimmedPrimaryKeys()
                  + ", or rows with one key could land in two buckets.");
        }
      }
    }
    if (bucket == -2 || options.get(TableOptions.DELETION_VECTORS_ENABLED)) {
      throw new IllegalArgumentException(
          "Tables with 'deletion-vectors.enabled' = true or 'bucket' = -2 are not supported yet;"
              + " remove that option.");
    }
    if (bucket > 0 && !schema.hasPrimaryKey() && bucketKey == null) {
      throw new IllegalArgumentException(
          "An append table with 'bucket' = "
              + bucket
              + " needs table option 'bucket-key' naming the columns to hash; or use 'bucket' = -1.");
    }
    if (bucket == -1 && schema.hasPrimaryKey()) {
      throw new IllegalArgumentException(
          "A primary-key table needs a fixed bucket number: set table option 'bucket' to a"
              + " positive number such as 4 (dynamic bucket mode 'bucket' = -1 is not supported"
              + " for writes yet).");
    }
  }

  private static void checkColumnsExist(String what, List<String> columns, List<String> names) {
    Set<String> listed = new HashSet<>();
    for (String c : columns) {
      if (!listed.add(c)) {
        throw new IllegalArgumentException(
            what + " column '" + c + "' is listed more than once in " + columns + ".");
      }
      if (!names.contains(c)) {
        throw new IllegalArgumentException(
            what + " column '" + c + "' does not exist; columns are " + names + ".");
      }
    }
  }
}

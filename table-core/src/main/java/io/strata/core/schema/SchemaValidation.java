package io.strata.core.schema;

import io.strata.core.data.PartitionTimeExtractor;
import io.strata.core.errors.OptionErrors;
import io.strata.core.errors.SchemaErrors;
import io.strata.core.fileindex.FileIndexWriter;
import io.strata.core.options.BucketFunctionType;
import io.strata.core.options.ChangelogProducer;
import io.strata.core.options.ExpireOptions;
import io.strata.core.options.MergeEngine;
import io.strata.core.options.MergeOptions;
import io.strata.core.options.OptionRegistry;
import io.strata.core.options.Options;
import io.strata.core.options.SortOrder;
import io.strata.core.options.TableOptions;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypeRoot;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Checks that a schema describes a table Strata can write and Paimon can read. */
public final class SchemaValidation {

  private SchemaValidation() {}

  /** The one aggregate function a partial-update column may use without a sequence group. */
  private static final String LAST_NON_NULL_VALUE = "last_non_null_value";

  public static void validate(TableSchema schema) {
    OptionRegistry.validate(schema.options());
    List<String> names = schema.rowType().fieldNames();
    Set<String> seen = new HashSet<>();
    for (String name : names) {
      if (!seen.add(name)) {
        throw SchemaErrors.duplicateColumn(name);
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
        throw SchemaErrors.unpartitionableType(p, f.type());
      }
    }
    if (schema.hasPrimaryKey() && !schema.partitionKeys().isEmpty()) {
      for (String p : schema.partitionKeys()) {
        if (!schema.primaryKeys().contains(p)) {
          throw SchemaErrors.primaryKeyLacksPartition(schema.primaryKeys(), p);
        }
      }
    }
    validateBucketing(schema, names);
    validateRowTracking(schema);
    validateRetention(new Options(schema.options()));
    if (schema.hasPrimaryKey()) {
      // Paimon's own refusal first: it names the column that lacks a group.
      validatePartialUpdateAggregates(schema);
      io.strata.core.merge.MergeFunctions.of(
          schema.rowType(),
          schema.primaryKeys(),
          schema.options()); // aggregate functions, sequence.field, sequence groups
    }
    io.strata.core.merge.RecordLevelExpiration.validate(
        new Options(schema.options()), schema.rowType(), schema.hasPrimaryKey());
    PartitionTimeExtractor.validate(schema.partitionType(), new Options(schema.options()));
    FileIndexWriter.validate(new Options(schema.options()), schema.rowType());
  }

  /** Paimon's rule: row tracking is for append tables without fixed buckets. */
  private static void validateRowTracking(TableSchema schema) {
    Options options = new Options(schema.options());
    if (!options.get(TableOptions.ROW_TRACKING_ENABLED)) {
      return;
    }
    if (options.get(TableOptions.BUCKET) != -1) {
      throw SchemaErrors.rowTrackingNeedsBucketUnaware(
          TableOptions.BUCKET.key() + " = " + options.get(TableOptions.BUCKET));
    }
    if (schema.hasPrimaryKey()) {
      throw SchemaErrors.rowTrackingNeedsBucketUnaware("primary key " + schema.primaryKeys());
    }
  }

  /**
   * Refuses options a CREATE or ALTER TABLE sets that Strata would not honour: layouts it does not
   * write, and a descending {@code sequence.field.sort-order} (which Paimon 1.3.1 ignores). Only
   * the options being set are checked, so a table Paimon made with them can still be altered
   * otherwise.
   */
  public static void validateSetOptions(Map<String, String> set) {
    Options options = new Options(set);
    String layout = TableOptions.unwritableLayout(options);
    if (layout != null) {
      throw SchemaErrors.unsupportedLayout(layout);
    }
    if (options.get(TableOptions.SEQUENCE_FIELD_SORT_ORDER) != SortOrder.ASCENDING) {
      throw SchemaErrors.descendingSequenceUnsupported();
    }
  }

  /**
   * Paimon's rule for {@code partial-update}: a value column (neither key nor sequence-group
   * column) whose aggregate function ({@code fields.<f>.aggregate-function}, else {@code
   * fields.default-aggregate-function}) is anything but {@code last_non_null_value} must be covered
   * by a {@code fields.<g>.sequence-group}.
   */
  private static void validatePartialUpdateAggregates(TableSchema schema) {
    Options options = new Options(schema.options());
    if (options.get(TableOptions.MERGE_ENGINE) != MergeEngine.PARTIAL_UPDATE) {
      return;
    }
    Set<String> sequenceColumns = new HashSet<>();
    Set<String> grouped = new HashSet<>();
    for (Map.Entry<String, String> e : schema.options().entrySet()) {
      String columns = MergeOptions.FIELD_SEQUENCE_GROUP.fieldOf(e.getKey());
      if (columns != null) {
        sequenceColumns.addAll(SchemaFactory.splitColumns(columns));
        grouped.addAll(SchemaFactory.splitColumns(e.getValue()));
      }
    }
    String defaultKey = MergeOptions.FIELDS_DEFAULT_AGGREGATE_FUNCTION.key();
    // Unset means none here: Paimon applies no default to partial-update columns.
    String defaultFunction = schema.options().get(defaultKey);
    for (String column : schema.rowType().fieldNames()) {
      if (sequenceColumns.contains(column) || schema.primaryKeys().contains(column)) {
        continue;
      }
      String key = MergeOptions.FIELD_AGGREGATE_FUNCTION.key(column);
      String function = schema.options().get(key);
      if (function == null) {
        function = defaultFunction;
        key = defaultKey;
      }
      if (function != null && !function.equals(LAST_NON_NULL_VALUE) && !grouped.contains(column)) {
        throw SchemaErrors.aggregateWithoutSequenceGroup(column, function, key);
      }
    }
  }

  /** A floor above the cap would make every expiration keep more than the cap allows. */
  private static void validateRetention(Options options) {
    int min = options.get(ExpireOptions.SNAPSHOT_NUM_RETAINED_MIN);
    int max = options.get(ExpireOptions.SNAPSHOT_NUM_RETAINED_MAX);
    if (min > max) {
      throw OptionErrors.retainedMinAboveMax(min, max);
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
          throw SchemaErrors.bucketKeyIsPartition(k);
        }
        if (schema.hasPrimaryKey() && !schema.trimmedPrimaryKeys().contains(k)) {
          throw SchemaErrors.bucketKeyOutsidePrimaryKey(k, schema.trimmedPrimaryKeys());
        }
      }
    }
    if (options.get(TableOptions.DELETION_VECTORS_ENABLED) && schema.hasPrimaryKey()) {
      validateKeyDeletionVectors(options);
    }
    if (bucket > 0 && !schema.hasPrimaryKey() && bucketKey == null) {
      throw SchemaErrors.appendBucketWithoutKey(bucket);
    }
    if (bucket == -1 && schema.hasPrimaryKey() && bucketKey != null) {
      throw SchemaErrors.dynamicBucketWithBucketKey(bucketKey);
    }
    if (bucket > 0 && options.get(TableOptions.BUCKET_FUNCTION_TYPE) == BucketFunctionType.MOD) {
      List<String> keys = schema.bucketKeys();
      DataTypeRoot root =
          keys.size() == 1 ? schema.rowType().typeAt(names.indexOf(keys.get(0))).root() : null;
      if (root != DataTypeRoot.INT && root != DataTypeRoot.BIGINT) {
        List<String> typed = new ArrayList<>();
        for (String k : keys) {
          typed.add(k + " " + schema.rowType().typeAt(names.indexOf(k)));
        }
        throw SchemaErrors.modBucketKey(typed);
      }
    }
    if (bucket == -2 && !schema.hasPrimaryKey()) {
      throw SchemaErrors.postponedBucketsNeedPrimaryKey();
    }
  }

  /**
   * Primary-key tables keep deletion vectors by lookup compaction, as Paimon does, which also
   * refuses them for first-row tables (whose old rows are never deleted) and for changelog
   * producers other than none, input and lookup.
   */
  private static void validateKeyDeletionVectors(Options options) {
    if (options.get(TableOptions.MERGE_ENGINE) == MergeEngine.FIRST_ROW) {
      throw SchemaErrors.firstRowWithDeletionVectors();
    }
    ChangelogProducer producer = options.get(TableOptions.CHANGELOG_PRODUCER);
    if (producer == ChangelogProducer.FULL_COMPACTION) {
      throw SchemaErrors.deletionVectorsChangelogProducer(producer.value());
    }
  }

  private static void checkColumnsExist(String what, List<String> columns, List<String> names) {
    Set<String> listed = new HashSet<>();
    for (String c : columns) {
      if (!listed.add(c)) {
        throw SchemaErrors.columnListedTwice(what, c, columns);
      }
      if (!names.contains(c)) {
        throw SchemaErrors.keyColumnNotFound(what, c, names);
      }
    }
  }
}

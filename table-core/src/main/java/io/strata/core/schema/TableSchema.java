package io.strata.core.schema;

import io.strata.core.options.Options;
import io.strata.core.options.TableOptions;
import io.strata.core.types.DataField;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One version of a table's schema, stored as {@code schema/schema-<id>} (FORMAT.md §2).
 *
 * @param options table options; never contains {@code primary-key} or partition keys
 */
public record TableSchema(
    int version,
    long id,
    List<DataField> fields,
    int highestFieldId,
    List<String> partitionKeys,
    List<String> primaryKeys,
    Map<String, String> options,
    String comment,
    long timeMillis)
    implements java.io.Serializable {

  public static final int CURRENT_VERSION = 3;

  public TableSchema {
    fields = List.copyOf(fields);
    partitionKeys = List.copyOf(partitionKeys);
    primaryKeys = List.copyOf(primaryKeys);
    options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
  }

  /** The same schema version with other options, for per-call option overrides (never stored). */
  public TableSchema withOptions(Map<String, String> newOptions) {
    return new TableSchema(
        version,
        id,
        fields,
        highestFieldId,
        partitionKeys,
        primaryKeys,
        newOptions,
        comment,
        timeMillis);
  }

  public RowType rowType() {
    return new RowType(fields);
  }

  /** Primary key minus partition columns: what identifies a row inside one partition. */
  public List<String> trimmedPrimaryKeys() {
    List<String> trimmed = new ArrayList<>(primaryKeys);
    trimmed.removeAll(partitionKeys);
    return trimmed.isEmpty() ? primaryKeys : trimmed;
  }

  /**
   * The columns a row's bucket is computed from: table option 'bucket-key', else the primary key
   * without the partition columns.
   */
  public List<String> bucketKeys() {
    String bucketKey = new Options(options).get(TableOptions.BUCKET_KEY);
    return bucketKey != null ? SchemaFactory.splitColumns(bucketKey) : trimmedPrimaryKeys();
  }

  public RowType partitionType() {
    return rowType().project(partitionKeys);
  }

  public RowType trimmedPrimaryKeyType() {
    return rowType().project(trimmedPrimaryKeys());
  }

  public boolean hasPrimaryKey() {
    return !primaryKeys.isEmpty();
  }
}

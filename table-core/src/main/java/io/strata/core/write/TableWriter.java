package io.strata.core.write;

import io.strata.core.commit.CommitMessage;
import io.strata.core.commit.DataFilePaths;
import io.strata.core.data.BinaryRow;
import io.strata.core.data.BinaryRowCodec;
import io.strata.core.data.BucketFunction;
import io.strata.core.options.Options;
import io.strata.core.options.TableOptions;
import io.strata.core.schema.SchemaFactory;
import io.strata.core.schema.TableSchema;
import io.strata.core.table.FileNamer;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes rows of an append table in one task: routes each row to its partition and bucket
 * (FORMAT.md §6) and rolls Parquet files there; {@link #prepareCommit()} hands the files to the
 * driver's commit.
 */
public final class TableWriter implements AutoCloseable {

  private final FileStoreTable table;
  private final TableSchema schema;
  private final RowType rowType;
  private final RowType partitionType;
  private final int[] partitionIndexes;
  private final int[] bucketKeyIndexes;
  private final RowType bucketKeyType;
  private final int[] notNullIndexes;
  private final int numBuckets;
  private final WriteSettings settings;
  private final FileNamer names;
  private final Map<Target, RollingFileWriter> writers = new LinkedHashMap<>();

  public TableWriter(FileStoreTable table) {
    this.table = table;
    this.schema = table.schema();
    this.rowType = schema.rowType();
    this.partitionType = schema.partitionType();
    this.partitionIndexes = indexes(rowType, schema.partitionKeys());
    Options options = table.options();
    this.numBuckets = options.get(TableOptions.BUCKET);
    String bucketKey = options.get(TableOptions.BUCKET_KEY);
    List<String> bucketKeys =
        bucketKey != null ? SchemaFactory.splitColumns(bucketKey) : schema.trimmedPrimaryKeys();
    this.bucketKeyIndexes = indexes(rowType, bucketKeys);
    this.bucketKeyType = rowType.project(bucketKeys);
    List<Integer> notNull = new ArrayList<>();
    for (int i = 0; i < rowType.size(); i++) {
      if (!rowType.typeAt(i).nullable()) {
        notNull.add(i);
      }
    }
    this.notNullIndexes = notNull.stream().mapToInt(Integer::intValue).toArray();
    this.settings = WriteSettings.of(options, schema.hasPrimaryKey());
    this.names = FileNamer.dataFiles(settings.format());
    if (!settings.format().equals("parquet")) {
      throw new UnsupportedOperationException(
          "Writing table option 'file.format' = '"
              + settings.format()
              + "' is not supported yet; use 'parquet'.");
    }
  }

  private static int[] indexes(RowType type, List<String> names) {
    int[] result = new int[names.size()];
    for (int i = 0; i < result.length; i++) {
      result[i] = type.indexOf(names.get(i));
    }
    return result;
  }

  public void write(Object[] row) {
    for (int i : notNullIndexes) {
      if (row[i] == null) {
        throw new IllegalArgumentException(
            "Cannot write NULL into column '"
                + rowType.field(i).name()
                + "' declared "
                + rowType.typeAt(i)
                + ".");
      }
    }
    BinaryRow partition = BinaryRowCodec.serialize(partitionType, pick(row, partitionIndexes));
    int bucket =
        numBuckets > 0
            ? BucketFunction.bucket(
                BinaryRowCodec.serialize(bucketKeyType, pick(row, bucketKeyIndexes)), numBuckets)
            : 0;
    Target target = new Target(partition, bucket);
    RollingFileWriter writer =
        writers.computeIfAbsent(
            target,
            t ->
                new RollingFileWriter(
                    table.fileIO(),
                    DataFilePaths.bucketDir(table, t.partition(), t.bucket()),
                    rowType,
                    schema.id(),
                    names,
                    settings,
                    0));
    try {
      writer.write(row);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write to table " + table.root(), e);
    }
  }

  private static Object[] pick(Object[] row, int[] indexes) {
    Object[] values = new Object[indexes.length];
    for (int i = 0; i < indexes.length; i++) {
      values[i] = row[indexes[i]];
    }
    return values;
  }

  /** Closes all files; one message per (partition, bucket) written. */
  public List<CommitMessage> prepareCommit() {
    List<CommitMessage> messages = new ArrayList<>();
    for (Map.Entry<Target, RollingFileWriter> e : writers.entrySet()) {
      messages.add(
          new CommitMessage(
              e.getKey().partition(),
              e.getKey().bucket(),
              numBuckets,
              e.getValue().finish(),
              List.of()));
    }
    writers.clear();
    return messages;
  }

  /** Deletes every file written so far. */
  public void abort() {
    writers.values().forEach(RollingFileWriter::abort);
    writers.clear();
  }

  @Override
  public void close() {
    abort();
  }

  private record Target(BinaryRow partition, int bucket) {}
}

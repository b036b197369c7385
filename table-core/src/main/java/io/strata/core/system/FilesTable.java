package io.strata.core.system;

import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.options.TableOptions;
import io.strata.core.predicate.Predicate;
import io.strata.core.scan.FileStatsReader;
import io.strata.core.scan.FileStoreScan;
import io.strata.core.schema.TableSchema;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.List;

/** {@code t$files}: the live data files of a snapshot (latest unless time-travelled). */
final class FilesTable implements SystemTable {

  private static final RowType TYPE =
      Fields.row(
          "partition",
          Fields.string(),
          "Partition as k=v/k2=v2 (null for unpartitioned tables).",
          "bucket",
          Fields.integer().notNull(),
          "Bucket of the file (0 for bucket-unaware append tables).",
          "file_path",
          Fields.stringNotNull(),
          "Absolute path of the data file.",
          "file_format",
          Fields.stringNotNull(),
          "parquet, orc or avro.",
          "schema_id",
          Fields.bigintNotNull(),
          "Schema the file was written with.",
          "level",
          Fields.integer().notNull(),
          "LSM level (0 = freshly written; append tables: 0).",
          "record_count",
          Fields.bigintNotNull(),
          "Records in the file, deletes included.",
          "file_size_in_bytes",
          Fields.bigintNotNull(),
          "File size.",
          "min_key",
          Fields.string(),
          "Smallest primary key in the file, rendered as text.",
          "max_key",
          Fields.string(),
          "Largest primary key in the file.",
          "null_value_counts",
          Fields.string(),
          "Nulls per column, as {col=n, ...}.",
          "min_value_stats",
          Fields.string(),
          "Minimum per column, as {col=v, ...}.",
          "max_value_stats",
          Fields.string(),
          "Maximum per column.",
          "min_sequence_number",
          Fields.bigint(),
          "Smallest sequence number of the file's records.",
          "max_sequence_number",
          Fields.bigint(),
          "Largest sequence number.",
          "creation_time",
          Fields.timestamp(),
          "When the file was written.",
          "delete_row_count",
          Fields.bigint(),
          "DELETE records in the file, if known.",
          "file_source",
          Fields.string(),
          "APPEND (written by a write) or COMPACT (written by compaction).");

  /** Index of the partition column, whose filter is pushed down. */
  static final int PARTITION = 0;

  /** Index of the bucket column, whose filter is pushed down. */
  static final int BUCKET = 1;

  @Override
  public String name() {
    return "files";
  }

  @Override
  public String description() {
    return "The live data files of a snapshot (the latest unless time-travelled), with their stats.";
  }

  @Override
  public RowType rowType() {
    return TYPE;
  }

  @Override
  public List<Object[]> rows(FileStoreTable table, Snapshot snapshot) {
    return rows(table, snapshot, null);
  }

  /** Rows whose partition string and bucket match {@code filter} (bound to this row type). */
  List<Object[]> rows(FileStoreTable table, Snapshot snapshot, Predicate filter) {
    Snapshot at = snapshot != null ? snapshot : table.snapshotManager().latest();
    RowType partitionType = table.schema().partitionType();
    String defaultName = table.options().get(TableOptions.PARTITION_DEFAULT_NAME);
    List<Object[]> rows = new ArrayList<>();
    FileStoreScan scan = new FileStoreScan(table.manifestFiles(), partitionType);
    for (ManifestEntry e : scan.liveEntries(at)) {
      String partition = Render.partition(partitionType, e.partition(), defaultName);
      if (filter != null && !filter.test(new Object[] {partition, e.bucket()})) {
        continue;
      }
      rows.add(row(table, e, partition));
    }
    return rows;
  }

  private static Object[] row(FileStoreTable table, ManifestEntry e, String partition) {
    DataFileMeta f = e.file();
    TableSchema fileSchema = table.schemaManager().schema(f.schemaId());
    RowType statsColumns = FileStatsReader.statsColumns(fileSchema, f);
    RowType keyType =
        fileSchema.hasPrimaryKey() ? fileSchema.trimmedPrimaryKeyType() : new RowType(List.of());
    String name = f.fileName();
    return new Object[] {
      partition,
      e.bucket(),
      table
          .dataFilePaths()
          .of(e.partition(), e.bucket(), f.fileName(), f.externalPath())
          .toString(),
      name.substring(name.lastIndexOf('.') + 1),
      f.schemaId(),
      f.level(),
      f.rowCount(),
      f.fileSize(),
      Render.row(keyType, f.minKey()),
      Render.row(keyType, f.maxKey()),
      Render.stats(statsColumns, f.valueStats(), Render.Which.NULL_COUNTS),
      Render.stats(statsColumns, f.valueStats(), Render.Which.MIN),
      Render.stats(statsColumns, f.valueStats(), Render.Which.MAX),
      f.minSequenceNumber(),
      f.maxSequenceNumber(),
      f.creationTimeMillis() == null ? null : Fields.wallClock(f.creationTimeMillis()),
      f.deleteRowCount(),
      f.fileSource() == null ? null : f.fileSource().name()
    };
  }

  static RowType filterType() {
    return new RowType(
        List.of(TYPE.field(PARTITION), TYPE.field(BUCKET).withType(DataTypes.INT())));
  }
}

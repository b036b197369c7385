package io.strata.core.write;

import io.strata.core.data.BinaryRow;
import io.strata.core.data.BinaryRowCodec;
import io.strata.core.deletion.BucketDeletionVectors;
import io.strata.core.deletion.DeletionVectorChange;
import io.strata.core.errors.CoreErrors;
import io.strata.core.format.AvroSchemas;
import io.strata.core.index.DynamicBucketAssigner;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.IndexFileMeta;
import io.strata.core.merge.KeyValueLayout;
import io.strata.core.merge.RowKind;
import io.strata.core.merge.SketchColumns;
import io.strata.core.options.ChangelogProducer;
import io.strata.core.options.FileFormat;
import io.strata.core.options.MergeEngine;
import io.strata.core.options.MergeOptions;
import io.strata.core.options.Options;
import io.strata.core.options.TableOptions;
import io.strata.core.scan.TableScan;
import io.strata.core.schema.TableSchema;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.store.FileStore;
import io.strata.core.types.DataField;
import io.strata.core.types.RowTrackingFields;
import io.strata.core.types.RowType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the rows of one task: routes each row to its partition and bucket (FORMAT.md §6) and hands
 * it to that bucket's writer; {@link #prepareCommit()} returns the files for the driver's commit.
 */
public final class TableWriter implements AutoCloseable {

  private final FileStore table;
  private final TableSchema schema;
  private final RowType rowType;
  private final RowType partitionType;
  private final int[] partitionIndexes;
  private final RowBuckets rowBuckets;
  private final int[] notNullIndexes;

  /** {@code ignore-update-before}: UPDATE_BEFORE records are dropped, as Paimon's writers do. */
  private final boolean ignoreUpdateBefore;

  /** Whether rows end with {@link RowTrackingFields#FIELDS} ({@link #withRowTrackingColumns}). */
  private boolean rowTrackingColumns;

  /** The {@code rowkind.field} column whose value is an inserted row's kind, or -1. */
  private final int rowKindIndex;

  /** Null when no column has a default value. */
  private final DefaultValues defaults;

  /** Null when the table has no bitmap or sketch column. */
  private final SketchColumns sketchColumns;

  private final int[] keyIndexes;
  private final int numBuckets;

  /** The bucket count of each partition of a postponed-bucket table; null for other tables. */
  private final PartitionBuckets partitionBuckets;

  private final WriteSettings settings;
  private final DataFileNames names = DataFileNames.dataFiles();
  private final DataFileNames changelogNames = DataFileNames.changelogFiles();
  private final WriteStart start;
  private final RestoredFiles restored;
  private final RestoredDeletionVectors restoredVectors;
  private final DynamicBucketAssigner dynamicBuckets;
  private final Map<BucketId, BucketWriter> writers = new LinkedHashMap<>();
  private final Map<BucketId, CompactingBucket> compactions = new LinkedHashMap<>();
  private final WriteMemory memory;

  /** Whether this table takes retractions; null until the first one arrives. */
  private Boolean retractionsAccepted;

  private final SpillSettings spill;
  private final BinaryRow unpartitioned;
  private long releasesSeen;

  public TableWriter(FileStore table) {
    this(table, Map.of());
  }

  /**
   * A writer that never compacts.
   *
   * @param nextSequences the first free sequence number of each bucket written before (0 when
   *     absent), so primary-key records order after existing ones
   */
  public TableWriter(FileStore table, Map<BucketId, Long> nextSequences) {
    this(table, WriteStart.withoutCompaction(nextSequences));
  }

  /**
   * A writer on top of {@code start}; when it says so, the key buckets written are compacted in
   * this task as Paimon's writers do: before more rows go to a bucket that reached {@code
   * num-sorted-run.stop-trigger} sorted runs, and as universal compaction picks before the commit.
   */
  public TableWriter(FileStore table, WriteStart start) {
    this(table, start, Path.of(System.getProperty("java.io.tmpdir")));
  }

  /**
   * A writer on top of {@code start} whose primary-key buffers spill to {@code spillDir} (a local
   * directory of the task, e.g. one of Spark's local directories) beyond {@code write-buffer-size}.
   */
  public TableWriter(FileStore table, WriteStart start, Path spillDir) {
    checkWritable(table);
    this.table = table;
    this.schema = table.schema();
    this.rowType = schema.rowType();
    this.partitionType = schema.partitionType();
    this.partitionIndexes = indexes(rowType, schema.partitionKeys());
    this.unpartitioned =
        partitionIndexes.length == 0
            ? BinaryRowCodec.serialize(partitionType, new Object[0])
            : null;
    this.keyIndexes = indexes(rowType, schema.primaryKeys());
    this.start = start;
    this.restored = new RestoredFiles(table, start.snapshotId());
    this.restoredVectors = new RestoredDeletionVectors(table, start.snapshotId());
    Options options = table.options();
    this.numBuckets = options.get(TableOptions.BUCKET);
    this.partitionBuckets =
        start.partitionBuckets() != null || !hasPartitionCounts(table)
            ? start.partitionBuckets()
            : PartitionBuckets.of(table, table.snapshotManager().latest());
    this.rowBuckets = new RowBuckets(schema);
    List<Integer> notNull = new ArrayList<>();
    for (int i = 0; i < rowType.size(); i++) {
      if (!rowType.typeAt(i).nullable()) {
        notNull.add(i);
      }
    }
    this.notNullIndexes = notNull.stream().mapToInt(Integer::intValue).toArray();
    this.sketchColumns = SketchColumns.of(rowType, schema.primaryKeys(), options);
    this.ignoreUpdateBefore = options.get(TableOptions.IGNORE_UPDATE_BEFORE);
    this.rowKindIndex = rowKindIndex(table);
    this.defaults = DefaultValues.of(rowType, table.root().getName());
    this.dynamicBuckets =
        isDynamicBucket(table)
            ? new DynamicBucketAssigner(table, keyIndexBase(table, start))
            : null;
    this.settings = WriteSettings.of(options, schema.hasPrimaryKey());
    this.memory =
        new WriteMemory(
            options.get(TableOptions.WRITE_BUFFER_SIZE),
            Math.toIntExact(options.get(TableOptions.PAGE_SIZE)));
    this.spill = SpillSettings.of(options, spillDir);
  }

  /**
   * Fails, before anything is written, for tables Strata cannot write correctly: Avro files of
   * timestamps finer than microseconds (Paimon refuses them too), invalid merge-engine options, and
   * postponed-bucket tables ({@code 'bucket' = -2}) that ask for rows left in {@code
   * bucket-postpone/}; Strata writes those straight into each partition's buckets. Primary-key
   * tables with deletion vectors mark the rows their writes replace by lookup compaction; appends
   * to append tables with deletion vectors are plain appends (new files have no vector). Dynamic
   * bucket mode ({@code -1}) is written with its hash index.
   */
  public static void checkWritable(FileStore table) {
    Options options = table.options();
    String layout = TableOptions.unwritableLayout(options);
    if (layout != null) {
      throw CoreErrors.unsupportedTableLayout(table.root().getName(), layout, "write to");
    }
    DefaultValues.of(table.schema().rowType(), table.root().getName()); // defaults that parse
    WriteSettings settings = WriteSettings.of(options, table.schema().hasPrimaryKey());
    if (settings.formats().contains(FileFormat.AVRO)) {
      DataField unsupported = AvroSchemas.unsupportedField(table.schema().rowType());
      if (unsupported != null) {
        throw CoreErrors.avroTimestampPrecision(
            table.root().getName(), unsupported.name(), unsupported.type());
      }
    }
    if (!table.schema().hasPrimaryKey()) {
      return;
    }
    rowKindIndex(table); // a rowkind.field that names no string column
    io.strata.core.merge.MergeFunctions.of(
        table.schema().rowType(),
        table.schema().primaryKeys(),
        table.schema().options()); // validates the engine's options
    if (TableScan.postponesBuckets(table)
        && !options.get(TableOptions.POSTPONE_BATCH_WRITE_FIXED_BUCKET)) {
      throw CoreErrors.postponedBucketsWithoutFixedBuckets(table.root().toString());
    }
    // Paimon's cross-partition upsert mode (a global key index) moves keys between partitions;
    // a per-partition hash index would leave a key in two partitions.
    List<String> missing =
        table.schema().partitionKeys().stream()
            .filter(p -> !table.schema().primaryKeys().contains(p))
            .toList();
    if (!missing.isEmpty()) {
      throw CoreErrors.crossPartitionUpsert(
          table.root().toString(), table.schema().primaryKeys(), missing);
    }
  }

  /**
   * The snapshot dynamic buckets restore their key index from: the start's, or the latest for a
   * writer given no base snapshot; null for an overwrite. The commit checks it is still current.
   */
  private static Long keyIndexBase(FileStore table, WriteStart start) {
    if (!start.restoreKeyIndex()) {
      return null;
    }
    if (start.snapshotId() != null) {
      return start.snapshotId();
    }
    Snapshot latest = table.snapshotManager().latest();
    return latest == null ? null : latest.id();
  }

  /** Whether keys find their bucket through the hash index: a primary key and 'bucket' = -1. */
  /**
   * Whether partitions may have bucket counts of their own: postponed buckets, or fixed buckets
   * whose count an ALTER TABLE changed.
   */
  private static boolean hasPartitionCounts(FileStore table) {
    return TableScan.postponesBuckets(table)
        || (table.options().get(TableOptions.BUCKET) > 0
            && table.schemaManager().bucketCountChangedFrom(table.schema()));
  }

  public static boolean isDynamicBucket(FileStore table) {
    return table.schema().hasPrimaryKey() && table.options().get(TableOptions.BUCKET) == -1;
  }

  private static int[] indexes(RowType type, List<String> names) {
    int[] result = new int[names.size()];
    for (int i = 0; i < result.length; i++) {
      result[i] = type.indexOf(names.get(i));
    }
    return result;
  }

  /**
   * Makes the rows written hold the schema's columns and then a row-tracking table's {@code
   * _ROW_ID} and {@code _SEQUENCE_NUMBER}: what a rewrite keeps of each row's identity, null where
   * a row has none yet (a new row, or a changed one's sequence number), which the commit then
   * assigns. The files hold those columns too and list them in their {@code writeCols}, as Paimon's
   * rewrites do. Call before the first row.
   */
  public TableWriter withRowTrackingColumns() {
    if (!table.options().get(TableOptions.ROW_TRACKING_ENABLED) || schema.hasPrimaryKey()) {
      throw new IllegalStateException(
          "Row-tracking columns for table " + table.root().getName() + ", which tracks no rows");
    }
    if (!writers.isEmpty()) {
      throw new IllegalStateException("Row-tracking columns after rows were written");
    }
    rowTrackingColumns = true;
    return this;
  }

  public void write(Object[] row) {
    write(row, RowKind.INSERT);
  }

  public void write(Object[] row, RowKind kind) {
    if (rowKindIndex >= 0 && kind == RowKind.INSERT) {
      kind = rowKindOf(row[rowKindIndex]);
    }
    if (kind.isRetract() && schema.hasPrimaryKey() && !acceptRetraction()) {
      return;
    }
    if (kind == RowKind.UPDATE_BEFORE && ignoreUpdateBefore) {
      return;
    }
    if (defaults != null && !kind.isRetract()) {
      row = defaults.fill(row);
    }
    // A retraction only needs its key: other columns of a deleted row may be unknown (NULL), and
    // its NOT NULL ones then carry neutral values, as the file's required columns need a value.
    for (int i : kind.isRetract() ? keyIndexes : notNullIndexes) {
      if (row[i] == null) {
        throw CoreErrors.nullInNotNullColumn(
            rowType.field(i).name(), String.valueOf(rowType.typeAt(i)));
      }
    }
    if (kind.isRetract()) {
      row = RetractionFill.fill(row, rowType, notNullIndexes);
    } else if (sketchColumns != null) {
      sketchColumns.check(row);
    }
    BinaryRow partition =
        unpartitioned != null
            ? unpartitioned
            : BinaryRowCodec.serialize(partitionType, pick(row, partitionIndexes));
    int bucket = 0;
    int buckets = bucketsOf(partition);
    if (dynamicBuckets != null) {
      bucket = dynamicBuckets.assign(partition, rowBuckets.hash(row));
    } else if (buckets > 0) {
      bucket = rowBuckets.bucket(row, buckets);
    }
    writers.computeIfAbsent(new BucketId(partition, bucket), this::newWriter).write(row, kind);
    if (memory.releases() != releasesSeen) {
      // A full buffer was spilled, or flushed as a sorted run of files: bounded read
      // amplification, no bucket grows past the stop trigger.
      releasesSeen = memory.releases();
      compactions.forEach((id, c) -> c.compactIfStopped(writers.get(id).flushedFiles()));
    }
  }

  /**
   * The number of buckets of {@code partition}: its own where the write start knows it (a
   * postponed-bucket table, or a fixed-bucket one rescaled since the partition was written), else
   * the table's.
   */
  private int bucketsOf(BinaryRow partition) {
    return partitionBuckets == null ? numBuckets : partitionBuckets.of(partition);
  }

  private BucketWriter newWriter(BucketId id) {
    long firstSequence = start.nextSequence(id);
    if (start.compact() && schema.hasPrimaryKey()) {
      BucketDeletionVectors vectors =
          table.options().get(TableOptions.DELETION_VECTORS_ENABLED)
              ? restoredVectors.of(id)
              : null;
      compactions.put(
          id, new CompactingBucket(table, id, bucketsOf(id.partition()), restored.of(id), vectors));
    }
    if (!schema.hasPrimaryKey()) {
      RowType fileType = rowTrackingColumns ? rowType.append(RowTrackingFields.FIELDS) : rowType;
      return new AppendBucketWriter(
          files(id, fileType),
          fileType,
          rowTrackingColumns ? fileType.fieldNames() : null,
          schema.id(),
          firstSequence,
          table.clock());
    }
    KeyValueLayout layout = new KeyValueLayout(schema.trimmedPrimaryKeyType(), schema.rowType());
    RollingFileWriter changelog =
        table.options().get(TableOptions.CHANGELOG_PRODUCER) == ChangelogProducer.INPUT
            ? new RollingFileWriter(
                table.fileIO(),
                table.dataFilePaths().bucketDir(id.partition(), id.bucket()),
                layout.fileType(),
                // Paimon writes input changelog in the format of level 0, the level it comes from.
                settings.formatAt(0),
                changelogNames.of(settings.formatAt(0)),
                settings)
            : null;
    return new PrimaryKeyBucketWriter(
        files(id, layout.fileType()),
        changelog,
        layout,
        io.strata.core.merge.MergeFunctions.of(
            schema.rowType(), schema.primaryKeys(), schema.options()),
        schema.id(),
        firstSequence,
        memory,
        spill,
        settings.formatAt(0) == FileFormat.PARQUET && keepsWholeRecords(),
        table.clock());
  }

  /** Whether the merge engine keeps one of a key's records as it is, never reading its values. */
  private boolean keepsWholeRecords() {
    MergeEngine engine = table.options().get(TableOptions.MERGE_ENGINE);
    return (engine == MergeEngine.DEDUPLICATE || engine == MergeEngine.FIRST_ROW)
        && table.options().get(TableOptions.SEQUENCE_FIELD) == null;
  }

  /** New files of a bucket: level 0, whose format {@code file.format.per.level} may set. */
  private RollingFileWriter files(BucketId id, RowType fileType) {
    FileFormat format = settings.formatAt(0);
    return new RollingFileWriter(
        table.fileIO(),
        table.dataFilePaths().bucketDir(id.partition(), id.bucket()),
        fileType,
        format,
        names.of(format),
        settings);
  }

  /**
   * The index of a primary-key table's {@code rowkind.field} column, or -1 without one; fails when
   * the column is missing or not a string, as Paimon's writers do.
   */
  private static int rowKindIndex(FileStore table) {
    String field = table.options().get(TableOptions.ROWKIND_FIELD);
    if (field == null || !table.schema().hasPrimaryKey()) {
      return -1;
    }
    RowType type = table.schema().rowType();
    int index = type.indexOf(field);
    if (index < 0
        || !(type.typeAt(index).root() == io.strata.core.types.DataTypeRoot.VARCHAR
            || type.typeAt(index).root() == io.strata.core.types.DataTypeRoot.CHAR)) {
      throw CoreErrors.invalidRowKindField(
          table.root().getName(), field, index < 0 ? null : String.valueOf(type.typeAt(index)));
    }
    return index;
  }

  /** The row kind a {@code rowkind.field} value names: +I, -U, +U or -D (any case). */
  private RowKind rowKindOf(Object value) {
    String column = rowType.field(rowKindIndex).name();
    if (value == null) {
      throw CoreErrors.rowKindMissing(column, null);
    }
    for (RowKind k : RowKind.values()) {
      if (k.shortString().equalsIgnoreCase(value.toString())) {
        return k;
      }
    }
    throw CoreErrors.rowKindMissing(column, value.toString());
  }

  /**
   * Whether a retraction (DELETE, UPDATE_BEFORE) is written, dropped, or refused: every engine
   * drops it with {@code ignore-delete}, as Paimon's writers do; otherwise deduplicate writes it;
   * partial-update writes it with {@code partial-update.remove-record-on-delete} (a DELETE removes
   * the row) or with sequence groups (it retracts the groups whose sequence values it carries: see
   * {@link #deletesCarryWholeRows}); aggregation writes it with {@code
   * aggregation.remove-record-on-delete}; the others refuse it. Decided once per writer.
   */
  private boolean acceptRetraction() {
    if (retractionsAccepted == null) {
      retractionsAccepted = acceptsRetractions(table);
    }
    return retractionsAccepted;
  }

  /**
   * Whether retractions are written (true) or dropped (false) for this table; throws when its merge
   * engine cannot apply them. Call it on the driver before a DELETE.
   */
  public static boolean acceptsRetractions(FileStore table) {
    Options options = table.options();
    MergeEngine engine = options.get(TableOptions.MERGE_ENGINE);
    // Paimon's writers drop retractions under ignore-delete whatever the engine.
    if (options.get(TableOptions.IGNORE_DELETE)) {
      return false;
    }
    if (engine == MergeEngine.DEDUPLICATE
        || (engine == MergeEngine.PARTIAL_UPDATE
            && (options.get(MergeOptions.PARTIAL_UPDATE_REMOVE_RECORD_ON_DELETE)
                || io.strata.core.merge.MergeFunctions.hasSequenceGroups(table.schema().options())))
        || (engine == MergeEngine.AGGREGATION
            && options.get(MergeOptions.AGGREGATION_REMOVE_RECORD_ON_DELETE))) {
      return true;
    }
    if (engine == MergeEngine.AGGREGATION) {
      throw CoreErrors.aggregateRetractionRefused(table.root().getName());
    }
    throw CoreErrors.retractionsRefused(table.root().getName(), engine.value());
  }

  /**
   * Whether a DELETE must write the deleted row whole, not just its key: on a {@code
   * partial-update} table with sequence groups a retraction retracts the groups whose sequence
   * values it carries (and removes the row when {@code
   * partial-update.remove-record-on-sequence-group} names such a group), so a DELETE of a key alone
   * would change nothing. Paimon's DELETE writes the rows it deletes, and so must Strata's.
   */
  public static boolean deletesCarryWholeRows(FileStore table) {
    Options options = table.options();
    return table.schema().hasPrimaryKey()
        && options.get(TableOptions.MERGE_ENGINE) == MergeEngine.PARTIAL_UPDATE
        && !options.get(TableOptions.IGNORE_DELETE)
        && !options.get(MergeOptions.PARTIAL_UPDATE_REMOVE_RECORD_ON_DELETE)
        && io.strata.core.merge.MergeFunctions.hasSequenceGroups(table.schema().options());
  }

  /**
   * Why an UPDATE cannot move rows of this table to other keys (moving writes a DELETE of the old
   * key, which the table refuses), or null when it can. With {@code ignore-delete} it can: the
   * DELETE is dropped as the option says, so the row stays under its old key too, as in Paimon.
   */
  public static RuntimeException keyChangeRefusal(FileStore table) {
    try {
      acceptsRetractions(table);
      return null;
    } catch (UnsupportedOperationException refused) {
      return CoreErrors.keyChangeRefused(
          table.root().getName(),
          String.join(", ", table.schema().primaryKeys()),
          refused.getMessage());
    }
  }

  private static Object[] pick(Object[] row, int[] indexes) {
    Object[] values = new Object[indexes.length];
    for (int i = 0; i < indexes.length; i++) {
      values[i] = row[indexes[i]];
    }
    return values;
  }

  /**
   * Closes all files and compacts the buckets that need it; one message per (partition, bucket)
   * written, with its new files and its compaction.
   */
  public List<CommitMessage> prepareCommit() {
    Map<BucketId, DynamicBucketAssigner.IndexChange> indexChanges = new LinkedHashMap<>();
    if (dynamicBuckets != null) {
      for (DynamicBucketAssigner.IndexChange c : dynamicBuckets.writeChangedIndexes()) {
        indexChanges.put(new BucketId(c.partition(), c.bucket()), c);
      }
    }
    List<CommitMessage> messages = new ArrayList<>();
    for (Map.Entry<BucketId, BucketWriter> e : writers.entrySet()) {
      BucketId id = e.getKey();
      List<DataFileMeta> newFiles = e.getValue().finish();
      CompactingBucket compaction = compactions.get(id);
      List<DataFileMeta> before = List.of();
      List<DataFileMeta> after = List.of();
      List<DataFileMeta> compactChangelog = List.of();
      List<IndexFileMeta> newIndexFiles = new ArrayList<>();
      List<IndexFileMeta> deletedIndexFiles = new ArrayList<>();
      if (compaction != null) {
        compaction.compactAuto(newFiles);
        before = compaction.before();
        after = compaction.after();
        compactChangelog = compaction.changelog();
        if (compaction.vectors() != null) {
          // Deletion vectors change with the compaction and commit in its snapshot.
          DeletionVectorChange change = compaction.vectors().write(table.deletionVectorIndexFile());
          newIndexFiles.addAll(change.newIndexFiles());
          deletedIndexFiles.addAll(change.deletedIndexFiles());
        }
      }
      DynamicBucketAssigner.IndexChange index = indexChanges.remove(id);
      if (index != null) {
        newIndexFiles.add(index.after());
        if (index.before() != null) {
          deletedIndexFiles.add(index.before());
        }
      }
      messages.add(
          new CommitMessage(
              id.partition(),
              id.bucket(),
              bucketsOf(id.partition()),
              newFiles,
              List.of(),
              before,
              after,
              newIndexFiles,
              deletedIndexFiles,
              e.getValue().changelogFiles(),
              compactChangelog));
    }
    // Every bucket that took a new key was written to, so no index change is left over.
    if (dynamicBuckets != null) {
      dynamicBuckets.abort(List.copyOf(indexChanges.values()));
    }
    writers.clear();
    compactions.clear();
    return messages;
  }

  /** Deletes every file written so far, compaction output included. */
  public void abort() {
    writers.values().forEach(BucketWriter::abort);
    writers.clear();
    compactions.values().forEach(CompactingBucket::abort);
    compactions.clear();
  }

  @Override
  public void close() {
    abort();
  }
}

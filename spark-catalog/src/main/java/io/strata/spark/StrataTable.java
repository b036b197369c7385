package io.strata.spark;

import io.strata.core.catalog.Identifier;
import io.strata.core.errors.CoreErrors;
import io.strata.core.options.Options;
import io.strata.core.options.ScanOptions;
import io.strata.core.options.StartupMode;
import io.strata.core.options.TableOptions;
import io.strata.core.predicate.Predicate;
import io.strata.core.scan.SnapshotSelector;
import io.strata.core.schema.SchemaChange;
import io.strata.core.schema.WriteSchemaMerge;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowType;
import io.strata.spark.extensions.SupportsSchemaMerge;
import io.strata.spark.extensions.TableDetails;
import io.strata.spark.read.FallbackBranchScan;
import io.strata.spark.read.FallbackScanBuilder;
import io.strata.spark.read.IncrementalScanBuilder;
import io.strata.spark.read.MetadataColumns;
import io.strata.spark.read.ReadMode;
import io.strata.spark.read.StrataScan;
import io.strata.spark.read.StrataScanBuilder;
import io.strata.spark.read.TableKind;
import io.strata.spark.rowlevel.CopyOnWrite;
import io.strata.spark.rowlevel.DeletionVectorDelta;
import io.strata.spark.rowlevel.PrimaryKeyDelta;
import io.strata.spark.write.StrataWriteBuilder;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.analysis.NoSuchPartitionException;
import org.apache.spark.sql.connector.catalog.MetadataColumn;
import org.apache.spark.sql.connector.catalog.SupportsAtomicPartitionManagement;
import org.apache.spark.sql.connector.catalog.SupportsDelete;
import org.apache.spark.sql.connector.catalog.SupportsMetadataColumns;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.SupportsRowLevelOperations;
import org.apache.spark.sql.connector.catalog.SupportsWrite;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.RowLevelOperationBuilder;
import org.apache.spark.sql.connector.write.RowLevelOperationInfo;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * A Strata table as Spark sees it: schema, partitioning, properties, reads, writes, row-level DML,
 * partition management (SHOW / ADD / DROP PARTITION, TRUNCATE TABLE [PARTITION]).
 */
public class StrataTable
    implements SupportsRead,
        SupportsWrite,
        SupportsRowLevelOperations,
        SupportsDelete,
        SupportsAtomicPartitionManagement,
        SupportsSchemaMerge,
        SupportsMetadataColumns,
        TableDetails {

  private final String catalogName;
  private final Identifier identifier;
  private final FileStoreTable table;
  private final Snapshot pinned;
  private final boolean mergesWriteSchema;

  public StrataTable(String catalogName, Identifier identifier, FileStoreTable table) {
    this(catalogName, identifier, table, null);
  }

  /**
   * @param pinned the snapshot chosen by VERSION / TIMESTAMP AS OF, or null to choose per read
   */
  public StrataTable(
      String catalogName, Identifier identifier, FileStoreTable table, Snapshot pinned) {
    this.catalogName = catalogName;
    this.identifier = identifier;
    this.table = table;
    this.pinned = pinned;
    this.mergesWriteSchema = false;
  }

  private StrataTable(StrataTable base) {
    this.catalogName = base.catalogName;
    this.identifier = base.identifier;
    this.table = base.table;
    this.pinned = base.pinned;
    this.mergesWriteSchema = true;
  }

  /** This table accepting writes of any schema by name, adding their new columns first. */
  @Override
  public Table acceptingAnySchema() {
    return new StrataTable(this);
  }

  public FileStoreTable fileStoreTable() {
    return table;
  }

  /** The table's name in its catalog (for a table read by its directory, one made from it). */
  public Identifier identifier() {
    return identifier;
  }

  @Override
  public String name() {
    return identifier.toString();
  }

  @Override
  @SuppressWarnings("deprecation")
  public StructType schema() {
    return SparkTypes.toStructType(table.schema().rowType());
  }

  @Override
  public Transform[] partitioning() {
    return table.schema().partitionKeys().stream()
        .map(Expressions::identity)
        .toArray(Transform[]::new);
  }

  @Override
  public Map<String, String> properties() {
    return TableProperties.toSpark(table.schema(), table.root().toString());
  }

  /** DESCRIBE TABLE EXTENDED's extra properties: what a plain read of this table would do. */
  @Override
  public Map<String, String> details() {
    Map<String, String> details = new LinkedHashMap<>();
    details.put("strata.table-kind", TableKind.of(table.schema()));
    Scan built = newScanBuilder(new CaseInsensitiveStringMap(Map.of())).build();
    if (!(built instanceof StrataScan) && !(built instanceof FallbackBranchScan)) {
      // The table's own options make every read incremental (incremental-between ...).
      details.put("strata.read", built.description());
      return details;
    }
    StrataScan scan = built instanceof FallbackBranchScan f ? f.main() : (StrataScan) built;
    Snapshot snapshot = scan.snapshot();
    details.put("strata.snapshot", snapshot == null ? "none" : String.valueOf(snapshot.id()));
    details.put("strata.splits", String.valueOf(scan.splits().size()));
    return details;
  }

  /** Paimon's hidden file path, row position and bucket columns, on append tables. */
  @Override
  public MetadataColumn[] metadataColumns() {
    return MetadataColumns.of(table);
  }

  @Override
  public Set<TableCapability> capabilities() {
    Set<TableCapability> capabilities =
        EnumSet.of(
            TableCapability.BATCH_READ,
            TableCapability.BATCH_WRITE,
            TableCapability.TRUNCATE,
            TableCapability.OVERWRITE_BY_FILTER,
            TableCapability.OVERWRITE_DYNAMIC,
            TableCapability.MICRO_BATCH_READ,
            TableCapability.STREAMING_WRITE);
    if (mergesWriteSchema) {
      capabilities.add(TableCapability.ACCEPT_ANY_SCHEMA);
    }
    return capabilities;
  }

  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
    return SparkErrors.surfaced(() -> scanBuilder(options));
  }

  private ScanBuilder scanBuilder(CaseInsensitiveStringMap options) {
    if (pinned != null) {
      List<String> incremental =
          IncrementalScanBuilder.incrementalOptions(table, options.asCaseSensitiveMap());
      if (!incremental.isEmpty()) {
        List<String> given = new ArrayList<>(incremental);
        given.add(0, "VERSION AS OF / TIMESTAMP AS OF");
        throw CoreErrors.conflictingVersionOptions(given);
      }
      ScanBuilder fallback =
          FallbackScanBuilder.of(table, pinned, true, options.asCaseSensitiveMap());
      return fallback != null
          ? fallback
          : new StrataScanBuilder(table, pinned, options.asCaseSensitiveMap());
    }
    Map<String, String> readOptions =
        ReadOptions.resolve(catalogName, identifier, options.asCaseSensitiveMap());
    if (IncrementalScanBuilder.requested(table, readOptions)) {
      return new IncrementalScanBuilder(table, readOptions, ReadMode.DATA);
    }
    SnapshotSelector.TableVersion version = select(readOptions);
    Snapshot latest = table.snapshotManager().latest();
    boolean travelled =
        version.snapshot() != null && (latest == null || version.snapshot().id() != latest.id());
    ScanBuilder fallback =
        FallbackScanBuilder.of(table, version.snapshot(), travelled, readOptions);
    // Spark resolved the query against schema(); files of any version map to it by field id.
    return fallback != null
        ? fallback
        : new StrataScanBuilder(table, version.snapshot(), readOptions);
  }

  /**
   * The version a batch read of these options sees. A stream starting {@code from-snapshot} or
   * {@code from-timestamp} may name a snapshot not committed yet or a time before the first one,
   * which no batch read can see: its scan then starts at the latest snapshot, and the stream reads
   * from where {@code StreamStart} says.
   */
  private SnapshotSelector.TableVersion select(Map<String, String> readOptions) {
    Options options = table.options().with(readOptions);
    try {
      return new SnapshotSelector(table).select(options, sessionZone());
    } catch (IllegalArgumentException e) {
      StartupMode mode = options.get(ScanOptions.MODE);
      if (mode != StartupMode.FROM_SNAPSHOT && mode != StartupMode.FROM_TIMESTAMP) {
        throw e;
      }
      return new SnapshotSelector.TableVersion(table, table.snapshotManager().latest());
    }
  }

  static ZoneId sessionZone() {
    return SparkSession.getActiveSession()
        .map(s -> ZoneId.of(s.sessionState().conf().sessionLocalTimeZone()))
        .getOrElse(ZoneId::systemDefault);
  }

  @Override
  public WriteBuilder newWriteBuilder(LogicalWriteInfo info) {
    return SparkErrors.surfaced(() -> writeBuilder(info));
  }

  private WriteBuilder writeBuilder(LogicalWriteInfo info) {
    checkLatest("write to");
    if (!mergesWriteSchema) {
      return new StrataWriteBuilder(table, info);
    }
    // Spark passed the data as it is: add its new columns, then convert its rows by name.
    RowType data = SparkTypes.toRowType(info.schema());
    List<SchemaChange> changes = WriteSchemaMerge.changes(table.schema().rowType(), data);
    FileStoreTable target =
        changes.isEmpty()
            ? table
            : table.withSchema(table.schemaManager().commitChanges(changes, table.clock()));
    RowType targetType = target.schema().rowType();
    return new StrataWriteBuilder(target, info, WriteSchemaMerge.withTableIds(data, targetType));
  }

  private void checkLatest(String action) {
    if (pinned != null) {
      throw SparkErrors.notLatestVersion(action, name(), pinned.id());
    }
  }

  // ---- partition management ----

  private TablePartitions partitions() {
    return new TablePartitions(table);
  }

  @Override
  public StructType partitionSchema() {
    return partitions().schema();
  }

  @Override
  public InternalRow[] listPartitionIdentifiers(String[] names, InternalRow ident) {
    return partitions().list(names, ident);
  }

  /** Partitions exist through their files only, so adding one records nothing. */
  @Override
  public void createPartitions(InternalRow[] idents, Map<String, String>[] properties) {}

  @Override
  public boolean dropPartitions(InternalRow[] idents) {
    checkLatest("drop partitions of");
    return partitions().drop(idents);
  }

  /** Truncating a partition removes all its files, which drops it. */
  @Override
  public boolean truncatePartition(InternalRow ident) throws NoSuchPartitionException {
    checkLatest("truncate a partition of");
    if (!partitions().drop(new InternalRow[] {ident})) {
      throw new NoSuchPartitionException(name(), ident, partitionSchema());
    }
    return true;
  }

  /** Spark's form of a partial partition spec: every partition it matches. */
  @Override
  public boolean truncatePartitions(InternalRow[] idents) {
    checkLatest("truncate partitions of");
    return partitions().drop(idents);
  }

  @Override
  public boolean truncateTable() {
    checkLatest("truncate");
    return partitions().truncateTable();
  }

  @Override
  public void replacePartitionMetadata(InternalRow ident, Map<String, String> properties) {
    throw SparkErrors.partitionProperties(name());
  }

  /** The partition's record count, size, file count and last update time. */
  @Override
  public Map<String, String> loadPartitionMetadata(InternalRow ident) {
    return partitions().metadata(ident);
  }

  @Override
  public RowLevelOperationBuilder newRowLevelOperationBuilder(RowLevelOperationInfo info) {
    checkLatest("change");
    boolean deletionVectors = table.options().get(TableOptions.DELETION_VECTORS_ENABLED);
    if (deletionVectors && !table.schema().hasPrimaryKey()) {
      return () -> new DeletionVectorDelta(table, info.command());
    }
    if (table.schema().hasPrimaryKey()
        && info.command()
            == org.apache.spark.sql.connector.write.RowLevelOperation.Command.DELETE) {
      io.strata.core.write.TableWriter.acceptsRetractions(table);
    }
    return () ->
        table.schema().hasPrimaryKey()
            ? new PrimaryKeyDelta(table, info.command())
            : new CopyOnWrite(table, info.command());
  }

  /** A DELETE whose condition only restricts partition columns drops whole partitions. */
  @Override
  public boolean canDeleteWhere(Filter[] filters) {
    if (pinned != null) {
      return false;
    }
    RowType partitionType = table.schema().partitionType();
    for (Filter f : filters) {
      if (f instanceof org.apache.spark.sql.sources.AlwaysTrue) {
        continue;
      }
      for (String ref : f.references()) {
        if (partitionType.indexOf(ref) < 0) {
          return false;
        }
      }
    }
    try {
      new SparkFilters(partitionType).convertExactAll(filters, "delete from " + name());
      return true;
    } catch (UnsupportedOperationException e) {
      return false;
    }
  }

  @Override
  public void deleteWhere(Filter[] filters) {
    checkLatest("delete from");
    Predicate partitions =
        new SparkFilters(table.schema().partitionType())
            .convertExactAll(filters, "delete from " + name())
            .orElse(null);
    table.newCommit(UUID.randomUUID().toString()).overwrite(List.of(), partitions);
  }
}

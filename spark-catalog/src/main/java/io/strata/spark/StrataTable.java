package io.strata.spark;

import io.strata.core.catalog.Identifier;
import io.strata.core.scan.SnapshotSelector;
import io.strata.core.schema.SchemaChange;
import io.strata.core.schema.WriteSchemaMerge;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowType;
import io.strata.spark.extensions.SupportsSchemaMerge;
import io.strata.spark.read.StrataScanBuilder;
import io.strata.spark.write.StrataWriteBuilder;
import java.time.Clock;
import java.time.ZoneId;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.SupportsWrite;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/** A Strata table as Spark sees it: schema, partitioning, properties, reads and writes. */
public class StrataTable implements SupportsRead, SupportsWrite, SupportsSchemaMerge {

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
    return TableProperties.toSpark(table.schema());
  }

  @Override
  public Set<TableCapability> capabilities() {
    Set<TableCapability> capabilities =
        EnumSet.of(
            TableCapability.BATCH_READ,
            TableCapability.BATCH_WRITE,
            TableCapability.TRUNCATE,
            TableCapability.OVERWRITE_BY_FILTER,
            TableCapability.OVERWRITE_DYNAMIC);
    if (mergesWriteSchema) {
      capabilities.add(TableCapability.ACCEPT_ANY_SCHEMA);
    }
    return capabilities;
  }

  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
    if (pinned != null) {
      return new StrataScanBuilder(table, pinned, options.asCaseSensitiveMap());
    }
    Map<String, String> readOptions =
        ReadOptions.resolve(catalogName, identifier, options.asCaseSensitiveMap());
    SnapshotSelector.TableVersion version =
        new SnapshotSelector(table).select(table.options().with(readOptions), sessionZone());
    // Spark resolved the query against schema(); files of any version map to it by field id.
    return new StrataScanBuilder(table, version.snapshot(), readOptions);
  }

  static ZoneId sessionZone() {
    return SparkSession.getActiveSession()
        .map(s -> ZoneId.of(s.sessionState().conf().sessionLocalTimeZone()))
        .getOrElse(ZoneId::systemDefault);
  }

  @Override
  public WriteBuilder newWriteBuilder(LogicalWriteInfo info) {
    if (pinned != null) {
      throw new UnsupportedOperationException(
          "Cannot write to "
              + name()
              + " as of snapshot "
              + pinned.id()
              + ": only the latest version is writable.");
    }
    if (!mergesWriteSchema) {
      return new StrataWriteBuilder(table, info);
    }
    // Spark passed the data as it is: add its new columns, then convert its rows by name.
    RowType data = SparkTypes.toRowType(info.schema());
    List<SchemaChange> changes = WriteSchemaMerge.changes(table.schema().rowType(), data);
    FileStoreTable target =
        changes.isEmpty()
            ? table
            : table.withSchema(table.schemaManager().commitChanges(changes, Clock.systemUTC()));
    RowType targetType = target.schema().rowType();
    return new StrataWriteBuilder(target, info, WriteSchemaMerge.withTableIds(data, targetType));
  }
}

package io.strata.spark.system;

import io.strata.core.errors.CoreErrors;
import io.strata.core.options.TableOptions;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowTrackingFields;
import io.strata.spark.SparkErrors;
import io.strata.spark.SparkTypes;
import io.strata.spark.read.IncrementalScanBuilder;
import io.strata.spark.read.StrataScanBuilder;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * {@code t$row_tracking}, as Paimon names it: the rows of a row-tracking table with their {@code
 * _ROW_ID} and {@code _SEQUENCE_NUMBER} as columns, so that {@code SELECT *} shows them; read like
 * the table itself, where they are hidden metadata columns.
 */
public final class RowTrackingSystemTable implements SupportsRead {

  private final String name;
  private final FileStoreTable table;
  private final Snapshot snapshot;

  public RowTrackingSystemTable(String name, FileStoreTable table, Snapshot snapshot) {
    if (!table.options().get(TableOptions.ROW_TRACKING_ENABLED)) {
      throw SparkErrors.surface(CoreErrors.noRowTracking(table.root().getName()));
    }
    this.name = name;
    this.table = table;
    this.snapshot = snapshot;
  }

  /** What {@code t$row_tracking} shows, for the generated docs. */
  public static String description() {
    return "The rows of a row-tracking table ('row-tracking.enabled'), each with its row id and"
        + " sequence number (the snapshot that last wrote it) as ordinary columns; the table"
        + " itself has them as hidden metadata columns.";
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  @SuppressWarnings("deprecation")
  public StructType schema() {
    StructType schema = SparkTypes.toStructType(table.schema().rowType());
    for (var f : RowTrackingFields.FIELDS) {
      schema = schema.add(f.name(), DataTypes.LongType, true);
    }
    return schema;
  }

  @Override
  public Set<TableCapability> capabilities() {
    return EnumSet.of(TableCapability.BATCH_READ);
  }

  /** The table's scan, which reads the two columns by name as it reads its metadata columns. */
  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
    Map<String, String> readOptions = options.asCaseSensitiveMap();
    if (IncrementalScanBuilder.requested(table, readOptions)) {
      throw SparkErrors.surface(CoreErrors.incrementalOnSystemTable("$row_tracking"));
    }
    Snapshot at = snapshot != null ? snapshot : table.snapshotManager().latest();
    return new StrataScanBuilder(table, at, readOptions);
  }
}

package io.strata.spark.system;

import io.strata.core.errors.CoreErrors;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.spark.SparkErrors;
import io.strata.spark.SparkTypes;
import io.strata.spark.read.IncrementalScanBuilder;
import io.strata.spark.read.ReadMode;
import io.strata.spark.read.StrataScanBuilder;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * {@code t$ro} (read-optimized: only top-level files of key tables, no merge) and {@code
 * t$audit_log} (each row with its kind), read like the table itself.
 */
public class DataSystemTable implements SupportsRead {

  private final String name;
  private final FileStoreTable table;
  private final Snapshot snapshot;
  private final ReadMode mode;

  public DataSystemTable(String name, FileStoreTable table, Snapshot snapshot, ReadMode mode) {
    this.name = name;
    this.table = table;
    this.snapshot = snapshot;
    this.mode = mode;
  }

  /** What {@code t$ro} or {@code t$audit_log} shows, for the generated docs. */
  public static String description(ReadMode mode) {
    return mode == ReadMode.AUDIT_LOG
        ? "The table's rows, each with its row kind in a leading column "
            + ReadMode.ROW_KIND
            + " (+I inserted, +U updated); primary-key tables are merged, so deleted keys do"
            + " not appear. Read as a stream, it emits each change with its kind, deletes (-D)"
            + " and update-befores (-U) included."
        : "Read-optimized: the table's columns read only from files that need no merge"
            + " (primary-key tables: the top level, as of the last full compaction; append tables:"
            + " every file).";
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  @SuppressWarnings("deprecation")
  public StructType schema() {
    StructType data = SparkTypes.toStructType(table.schema().rowType());
    return mode == ReadMode.AUDIT_LOG
        ? new StructType().add(ReadMode.ROW_KIND, DataTypes.StringType, false).merge(data, true)
        : data;
  }

  @Override
  public Set<TableCapability> capabilities() {
    return mode == ReadMode.AUDIT_LOG
        ? EnumSet.of(TableCapability.BATCH_READ, TableCapability.MICRO_BATCH_READ)
        : EnumSet.of(TableCapability.BATCH_READ);
  }

  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
    Map<String, String> readOptions = options.asCaseSensitiveMap();
    if (IncrementalScanBuilder.requested(table, readOptions)) {
      if (mode != ReadMode.AUDIT_LOG) {
        throw SparkErrors.surface(CoreErrors.incrementalOnSystemTable("$ro"));
      }
      if (snapshot != null) {
        List<String> given =
            new ArrayList<>(IncrementalScanBuilder.incrementalOptions(table, readOptions));
        given.add(0, "VERSION AS OF / TIMESTAMP AS OF");
        throw SparkErrors.surface(CoreErrors.conflictingVersionOptions(given));
      }
      return SparkErrors.surfaced(() -> new IncrementalScanBuilder(table, readOptions, mode));
    }
    Snapshot at = snapshot != null ? snapshot : table.snapshotManager().latest();
    return new StrataScanBuilder(table, at, options.asCaseSensitiveMap()).withMode(mode);
  }
}

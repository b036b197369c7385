package io.strata.core.system;

import io.strata.core.errors.CoreErrors;
import io.strata.core.predicate.Predicate;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The metadata system tables by name. {@code audit_log}, {@code binlog}, {@code ro} and {@code
 * row_tracking} read data and live with the engine's data reads; they are listed here so every name
 * is known in one place.
 */
public final class SystemTables {

  /** System tables that read table data rather than metadata. */
  public static final List<String> DATA_TABLES =
      List.of("audit_log", "binlog", "ro", "row_tracking");

  private static final Map<String, SystemTable> METADATA = new LinkedHashMap<>();

  static {
    for (SystemTable t :
        List.of(
            new SnapshotsTable(),
            new SchemasTable(),
            new OptionsTable(),
            new TagsTable(),
            new BranchesTable(),
            new FilesTable(),
            new ManifestsTable(),
            new IndexesTable(),
            new PartitionsTable(false),
            new PartitionsTable(true),
            new ConsumersTable(),
            new AggregationFieldsTable(),
            new StatisticsTable())) {
      METADATA.put(t.name(), t);
    }
  }

  private static final Map<String, GlobalSystemTable> GLOBAL = new LinkedHashMap<>();

  static {
    for (GlobalSystemTable t : List.of(new AllTableOptionsTable(), new CatalogOptionsTable())) {
      GLOBAL.put(t.name(), t);
    }
  }

  private SystemTables() {}

  /** The table {@code name} of the {@code sys} database, if there is one. */
  public static Optional<GlobalSystemTable> globalTable(String name) {
    return Optional.ofNullable(GLOBAL.get(name.toLowerCase(java.util.Locale.ROOT)));
  }

  /** The tables of the {@code sys} database, in the order the docs list them. */
  public static List<GlobalSystemTable> globalTables() {
    return List.copyOf(GLOBAL.values());
  }

  public static Optional<SystemTable> metadataTable(String name) {
    return Optional.ofNullable(METADATA.get(name.toLowerCase()));
  }

  /** The metadata tables, in the order the docs list them. */
  public static List<SystemTable> metadataTables() {
    return List.copyOf(METADATA.values());
  }

  /** Every system table name, for error messages. */
  public static List<String> names() {
    List<String> names = new ArrayList<>(METADATA.keySet());
    names.addAll(DATA_TABLES);
    return names;
  }

  /** Whether {@code name} is versioned, so VERSION AS OF applies to it. */
  public static boolean supportsTimeTravel(String name) {
    return name.equals("files")
        || name.equals("manifests")
        || name.equals("table_indexes")
        || name.equals("partitions")
        || name.equals("buckets")
        || name.equals("statistics")
        || DATA_TABLES.contains(name);
  }

  /** {@code $files} rows with a pushed-down filter on (partition, bucket). */
  public static List<Object[]> files(FileStoreTable table, Snapshot snapshot, Predicate filter) {
    return new FilesTable().rows(table, snapshot, filter);
  }

  /** The row type a {@code $files} filter is bound to: (partition STRING, bucket INT). */
  public static RowType filesFilterType() {
    return FilesTable.filterType();
  }

  public static IllegalArgumentException unknown(String table, String name) {
    return CoreErrors.systemTableNotFound(table, name, names());
  }
}

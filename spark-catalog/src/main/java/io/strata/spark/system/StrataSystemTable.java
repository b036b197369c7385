package io.strata.spark.system;

import io.strata.core.predicate.Predicate;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.system.SystemTable;
import io.strata.core.system.SystemTables;
import io.strata.core.table.FileStoreTable;
import io.strata.spark.SparkFilters;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownFilters;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * A read-only metadata table ({@code t$snapshots}, {@code t$files}, ...), computed on the driver.
 */
public final class StrataSystemTable extends DriverRowsTable {

  private final FileStoreTable table;
  private final SystemTable systemTable;
  private final Snapshot snapshot;

  /**
   * @param snapshot the version to show (time travel), or null for the latest
   */
  public StrataSystemTable(
      String name, FileStoreTable table, SystemTable systemTable, Snapshot snapshot) {
    super(name, systemTable.rowType());
    this.table = table;
    this.systemTable = systemTable;
    this.snapshot = snapshot;
  }

  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
    return new Builder();
  }

  /** Pushes partition and bucket filters into {@code $files}; others are evaluated by Spark. */
  private final class Builder implements ScanBuilder, SupportsPushDownFilters {
    private Predicate filesFilter;
    private Filter[] pushed = new Filter[0];

    @Override
    public Filter[] pushFilters(Filter[] filters) {
      if (systemTable.name().equals("files")) {
        SparkFilters converter = new SparkFilters(SystemTables.filesFilterType());
        Optional<Predicate> p = converter.convertAll(filters);
        filesFilter = p.orElse(null);
        pushed = p.isPresent() ? filters : new Filter[0];
      }
      return filters;
    }

    @Override
    public Filter[] pushedFilters() {
      return pushed;
    }

    @Override
    public Scan build() {
      List<Object[]> rows =
          systemTable.name().equals("files")
              ? SystemTables.files(table, snapshot, filesFilter)
              : systemTable.rows(table, snapshot);
      return SystemRowsScan.of(name(), systemTable.rowType(), rows);
    }
  }
}

package io.strata.spark.system;

import io.strata.core.types.RowType;
import io.strata.spark.SparkTypes;
import java.util.EnumSet;
import java.util.Set;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.types.StructType;

/**
 * A read-only metadata table whose rows, of one row type, are computed on the driver when read
 * ({@link SystemRowsScan}): a table's {@code t$snapshots} and the like, or the {@code sys}
 * database's tables.
 */
abstract class DriverRowsTable implements SupportsRead {

  private final String name;
  private final RowType rowType;

  DriverRowsTable(String name, RowType rowType) {
    this.name = name;
    this.rowType = rowType;
  }

  @Override
  public final String name() {
    return name;
  }

  @Override
  @SuppressWarnings("deprecation")
  public final StructType schema() {
    return SparkTypes.toStructType(rowType);
  }

  @Override
  public final Set<TableCapability> capabilities() {
    return EnumSet.of(TableCapability.BATCH_READ);
  }
}

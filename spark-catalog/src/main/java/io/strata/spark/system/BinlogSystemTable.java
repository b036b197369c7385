package io.strata.spark.system;

import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.spark.read.ReadMode;
import java.util.EnumSet;
import java.util.Set;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * {@code t$binlog}, as Paimon 1.3.1 shows it: {@code $audit_log} with every column an array. A
 * batch read gives each row as one-element arrays; a stream packs an update's before and after
 * images ({@code -U} then {@code +U}) into one {@code +U} row of two-element arrays.
 */
public final class BinlogSystemTable implements SupportsRead {

  private final String name;
  private final DataSystemTable auditLog;

  public BinlogSystemTable(String name, FileStoreTable table, Snapshot snapshot) {
    this.name = name;
    this.auditLog = new DataSystemTable(name, table, snapshot, ReadMode.AUDIT_LOG);
  }

  /** What {@code t$binlog} shows, for the generated docs. */
  public static String description() {
    return "The table's rows as $audit_log reads them, each column as an array: one element per"
        + " row in a batch read; read as a stream, an update's before and after images (-U, +U)"
        + " come as one +U row of two-element arrays.";
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  @SuppressWarnings("deprecation")
  public StructType schema() {
    return binlogSchema(auditLog.schema());
  }

  @Override
  public Set<TableCapability> capabilities() {
    return EnumSet.of(TableCapability.BATCH_READ, TableCapability.MICRO_BATCH_READ);
  }

  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
    ScanBuilder rows = auditLog.newScanBuilder(options);
    return new Builder(rows);
  }

  /** {@code auditLog}'s columns after the row kind as nullable arrays of their values. */
  static StructType binlogSchema(StructType auditLog) {
    StructType schema = new StructType();
    for (StructField f : auditLog.fields()) {
      schema =
          f.name().equals(ReadMode.ROW_KIND)
              ? schema.add(f)
              : schema.add(f.name(), new ArrayType(f.dataType(), true), true, f.metadata());
    }
    return schema;
  }

  /** The audit log's columns a binlog read needs: the same names, their element types. */
  private static StructType auditLogSchema(StructType binlog) {
    StructType schema = new StructType();
    for (StructField f : binlog.fields()) {
      schema =
          f.dataType() instanceof ArrayType array && !f.name().equals(ReadMode.ROW_KIND)
              ? schema.add(f.name(), array.elementType(), true, f.metadata())
              : schema.add(f);
    }
    return schema;
  }

  /** Prunes the audit log's columns as the binlog's are pruned; pushes no filter. */
  private static final class Builder implements ScanBuilder, SupportsPushDownRequiredColumns {
    private final ScanBuilder rows;

    Builder(ScanBuilder rows) {
      this.rows = rows;
    }

    @Override
    public void pruneColumns(StructType requiredSchema) {
      if (rows instanceof SupportsPushDownRequiredColumns pruning) {
        pruning.pruneColumns(auditLogSchema(requiredSchema));
      }
    }

    @Override
    public Scan build() {
      return new BinlogScan(rows.build());
    }
  }
}

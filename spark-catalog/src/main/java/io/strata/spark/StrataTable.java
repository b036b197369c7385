package io.strata.spark;

import io.strata.core.catalog.Identifier;
import io.strata.core.commit.FileStoreCommit;
import io.strata.core.table.FileStoreTable;
import io.strata.spark.read.StrataScanBuilder;
import io.strata.spark.write.StrataWriteBuilder;
import java.time.Clock;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.SupportsWrite;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.catalog.TruncatableTable;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/** A Strata table as Spark sees it: schema, partitioning, properties, reads and writes. */
public class StrataTable implements SupportsRead, SupportsWrite, TruncatableTable {

  private final Identifier identifier;
  private final FileStoreTable table;

  public StrataTable(Identifier identifier, FileStoreTable table) {
    this.identifier = identifier;
    this.table = table;
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
    return TableProperties.toSpark(table.schema(), table.root().toString());
  }

  @Override
  public Set<TableCapability> capabilities() {
    return EnumSet.of(
        TableCapability.BATCH_READ,
        TableCapability.BATCH_WRITE,
        TableCapability.TRUNCATE,
        TableCapability.OVERWRITE_BY_FILTER,
        TableCapability.OVERWRITE_DYNAMIC);
  }

  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
    return new StrataScanBuilder(table, options);
  }

  @Override
  public WriteBuilder newWriteBuilder(LogicalWriteInfo info) {
    return new StrataWriteBuilder(table, info);
  }

  /**
   * TRUNCATE TABLE: an OVERWRITE snapshot that removes every file (time travel still sees them).
   */
  @Override
  public boolean truncateTable() {
    new FileStoreCommit(table, UUID.randomUUID().toString(), Clock.systemUTC())
        .overwrite(List.of(), null);
    return true;
  }
}

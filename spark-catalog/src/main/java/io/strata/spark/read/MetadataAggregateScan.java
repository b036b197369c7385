package io.strata.spark.read;

import io.strata.core.snapshot.Snapshot;
import io.strata.spark.extensions.MetadataRowsScan;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.StructType;

/**
 * An aggregate answered from the manifests' row counts and stats: Spark shows it as a local table
 * scan, and no data file is opened.
 */
final class MetadataAggregateScan implements MetadataRowsScan {

  private final String table;
  private final Snapshot snapshot;
  private final StructType schema;
  private final InternalRow[] rows;
  private final String aggregation;

  MetadataAggregateScan(
      String table, Snapshot snapshot, StructType schema, InternalRow[] rows, String aggregation) {
    this.table = table;
    this.snapshot = snapshot;
    this.schema = schema;
    this.rows = rows;
    this.aggregation = aggregation;
  }

  @Override
  public InternalRow[] rows() {
    return rows;
  }

  @Override
  public StructType readSchema() {
    return schema;
  }

  @Override
  public String description() {
    return "StrataMetadataAggregate["
        + table
        + ", snapshot="
        + (snapshot == null ? "none" : snapshot.id())
        + ", "
        + aggregation
        + ", answered from manifests]";
  }
}

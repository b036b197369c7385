package io.strata.spark.sort;

import io.strata.core.options.TableOptions;
import io.strata.core.predicate.Predicate;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.RowTrackingFields;
import io.strata.spark.SparkTypes;
import io.strata.spark.read.MetadataColumns;
import io.strata.spark.read.StrataScan;
import io.strata.spark.read.StrataScanBuilder;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.catalog.MetadataColumn;
import org.apache.spark.sql.connector.catalog.SupportsMetadataColumns;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2Relation;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import scala.Option;

/**
 * What a sort compaction reads: the table's rows in the selected partitions of one snapshot,
 * through Strata's own scan, which tells {@code onScan} the files it read so that the commit
 * replaces exactly those.
 */
record CompactionSource(
    FileStoreTable table, Snapshot snapshot, Predicate partitionFilter, Consumer<StrataScan> onScan)
    implements SupportsRead, SupportsMetadataColumns {

  /**
   * The rows as a DataFrame, read by Spark tasks through Strata's scan; a row-tracking table's rows
   * end with their {@code _ROW_ID} and {@code _SEQUENCE_NUMBER}, which a rewrite keeps.
   */
  Dataset<Row> read(SparkSession spark) {
    Dataset<Row> rows =
        org.apache.spark.sql.classic.Dataset.ofRows(
            (org.apache.spark.sql.classic.SparkSession) spark,
            DataSourceV2Relation.create(this, Option.empty(), Option.empty()));
    if (!table.options().get(TableOptions.ROW_TRACKING_ENABLED)) {
      return rows;
    }
    List<Column> columns = new ArrayList<>();
    for (String name : rows.columns()) {
      columns.add(rows.col("`" + name.replace("`", "``") + "`"));
    }
    RowTrackingFields.FIELDS.forEach(f -> columns.add(rows.col(f.name())));
    return rows.select(columns.toArray(new Column[0]));
  }

  @Override
  public MetadataColumn[] metadataColumns() {
    return MetadataColumns.of(table);
  }

  @Override
  public String name() {
    return table.root().getName() + " (sort compaction input)";
  }

  @Override
  @SuppressWarnings("deprecation")
  public StructType schema() {
    return SparkTypes.toStructType(table.schema().rowType());
  }

  @Override
  public Set<TableCapability> capabilities() {
    return EnumSet.of(TableCapability.BATCH_READ);
  }

  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
    return new StrataScanBuilder(table, snapshot, Map.of())
        .withPartitionFilter(partitionFilter)
        .onBuild(onScan::accept);
  }
}

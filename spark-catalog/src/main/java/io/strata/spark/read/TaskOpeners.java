package io.strata.spark.read;

import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.types.StructType;

/**
 * What the splits of one task share to open their Parquet files: one {@link ParquetBatchFile},
 * since building one copies the table file system's Hadoop configuration, every entry of it. The
 * splits of a scan read the same columns, so a task builds one; one for other columns replaces it.
 */
final class TaskOpeners {

  private ParquetBatchFile parquet;

  ParquetBatchFile parquet(
      Configuration base,
      StructType dataSchema,
      StructType partitionSchema,
      ColumnarReadSettings settings) {
    if (parquet == null || !parquet.reads(base, dataSchema, partitionSchema, settings)) {
      parquet = new ParquetBatchFile(base, dataSchema, partitionSchema, settings);
    }
    return parquet;
  }
}

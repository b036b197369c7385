package io.strata.spark.read;

import io.strata.core.split.DataSplit;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.HasPartitionKey;

/**
 * The splits of one (partition, bucket), read by one task, with the key Spark matches across the
 * sides of a storage-partitioned join: the partition values, then the bucket.
 */
record KeyedInputPartition(List<DataSplit> splits, InternalRow partitionKey)
    implements HasPartitionKey {

  KeyedInputPartition {
    splits = List.copyOf(splits);
  }
}

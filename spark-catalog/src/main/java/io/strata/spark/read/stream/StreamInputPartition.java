package io.strata.spark.read.stream;

import java.util.List;
import org.apache.spark.sql.connector.read.InputPartition;

/**
 * The splits of one (partition, bucket) in one streaming batch, in snapshot order: one task reads
 * them all, so a key's changes keep their commit order.
 */
record StreamInputPartition(List<StreamSplit> splits) implements InputPartition {

  StreamInputPartition {
    splits = List.copyOf(splits);
  }
}

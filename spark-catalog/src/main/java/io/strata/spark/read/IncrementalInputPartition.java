package io.strata.spark.read;

import io.strata.core.split.IncrementalSplit;
import java.util.List;
import org.apache.spark.sql.connector.read.InputPartition;

/** The splits of a batch incremental read that one Spark task reads, one after another. */
record IncrementalInputPartition(List<IncrementalSplit> splits) implements InputPartition {

  IncrementalInputPartition {
    splits = List.copyOf(splits);
  }
}

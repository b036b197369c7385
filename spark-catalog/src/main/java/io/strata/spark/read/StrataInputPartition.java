package io.strata.spark.read;

import io.strata.core.split.DataSplit;
import java.util.List;
import org.apache.spark.sql.connector.read.InputPartition;

/** The splits one Spark task reads, one after another (see {@code TaskPacking}). */
public record StrataInputPartition(List<DataSplit> splits) implements InputPartition {

  public StrataInputPartition {
    splits = List.copyOf(splits);
  }
}

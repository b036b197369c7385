package io.strata.spark.read;

import io.strata.core.split.DataSplit;
import org.apache.spark.sql.connector.read.InputPartition;

/** One split, read by one Spark task. */
public record StrataInputPartition(DataSplit split) implements InputPartition {}

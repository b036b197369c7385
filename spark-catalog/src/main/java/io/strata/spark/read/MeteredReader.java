package io.strata.spark.read;

import java.io.IOException;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.PartitionReader;

/** A task's reader that reports its {@link TaskReadMetrics} to Spark. */
final class MeteredReader<T> implements PartitionReader<T> {

  private final PartitionReader<T> reader;
  private final TaskReadMetrics metrics;

  MeteredReader(PartitionReader<T> reader, TaskReadMetrics metrics) {
    this.reader = reader;
    this.metrics = metrics;
  }

  @Override
  public boolean next() throws IOException {
    return reader.next();
  }

  @Override
  public T get() {
    return reader.get();
  }

  @Override
  public CustomTaskMetric[] currentMetricsValues() {
    return metrics.values();
  }

  @Override
  public void close() throws IOException {
    reader.close();
  }
}

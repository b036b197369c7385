package io.strata.spark.write;

import org.apache.spark.sql.connector.expressions.SortOrder;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.write.RequiresDistributionAndOrdering;
import org.apache.spark.sql.connector.write.Write;

/**
 * What every Strata write shares: the SQL tab's write metrics, read after the commit from the batch
 * the write started, and no ordering within a task (writers sort what they buffer themselves).
 */
public abstract class MeteredWrite implements Write, RequiresDistributionAndOrdering {

  private TableBatchWrite batch;

  /** Remembers {@code batch}, whose commit fills the driver metrics, and returns it. */
  protected final <B extends TableBatchWrite> B started(B batch) {
    this.batch = batch;
    return batch;
  }

  @Override
  public SortOrder[] requiredOrdering() {
    return new SortOrder[0];
  }

  @Override
  public CustomMetric[] supportedCustomMetrics() {
    return WriteMetrics.supported();
  }

  /** Called by Spark after the commit (or its failure). */
  @Override
  public CustomTaskMetric[] reportDriverMetrics() {
    return batch == null ? new CustomTaskMetric[0] : batch.driverMetrics();
  }
}

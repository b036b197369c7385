package io.strata.spark;

import org.apache.spark.sql.connector.metric.CustomSumMetric;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;

/** The pieces the scan's and the write's custom metrics share. */
public final class SparkMetrics {

  private SparkMetrics() {}

  /** One value of the metric {@code name}, as a task or the driver reports it. */
  public static CustomTaskMetric value(String name, long value) {
    return new CustomTaskMetric() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public long value() {
        return value;
      }
    };
  }

  /**
   * A metric summed over tasks (a driver metric has one value). Spark instantiates metrics by class
   * name, so each metric is a public subclass with a constructor without arguments.
   */
  public abstract static class Sum extends CustomSumMetric {
    private final String name;
    private final String description;

    protected Sum(String name, String description) {
      this.name = name;
      this.description = description;
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public String description() {
      return description;
    }
  }
}

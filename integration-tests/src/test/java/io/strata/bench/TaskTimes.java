package io.strata.bench;

import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobEnd;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.sql.SparkSession;

/**
 * Where a statement's Spark time went, from the listener bus: the span of its jobs, and the run,
 * deserialization and GC time its tasks report. A statement's time minus its jobs' span is the
 * driver's own part (planning, committing); the tasks' run time over the cores against a serial run
 * of the same work shows what running tasks side by side costs.
 */
final class TaskTimes extends SparkListener {

  private long firstJobStart = Long.MAX_VALUE;
  private long lastJobEnd;
  private long runMillis;
  private long maxRunMillis;
  private long cpuNanos;
  private long deserializeMillis;
  private long gcMillis;
  private int tasks;

  /** Runs {@code statement} with a listener attached; what its tasks reported. */
  static TaskTimes of(SparkSession spark, Runnable statement) throws Exception {
    TaskTimes times = new TaskTimes();
    spark.sparkContext().addSparkListener(times);
    try {
      statement.run();
      spark.sparkContext().listenerBus().waitUntilEmpty();
    } finally {
      spark.sparkContext().removeSparkListener(times);
    }
    return times;
  }

  @Override
  public synchronized void onJobStart(SparkListenerJobStart e) {
    firstJobStart = Math.min(firstJobStart, e.time());
  }

  @Override
  public synchronized void onJobEnd(SparkListenerJobEnd e) {
    lastJobEnd = Math.max(lastJobEnd, e.time());
  }

  @Override
  public synchronized void onTaskEnd(SparkListenerTaskEnd e) {
    if (e.taskMetrics() == null) {
      return;
    }
    tasks++;
    runMillis += e.taskMetrics().executorRunTime();
    maxRunMillis = Math.max(maxRunMillis, e.taskMetrics().executorRunTime());
    cpuNanos += e.taskMetrics().executorCpuTime();
    deserializeMillis += e.taskMetrics().executorDeserializeTime();
    gcMillis += e.taskMetrics().jvmGCTime();
  }

  /**
   * e.g. {@code jobs 1.40 s, 8 tasks ran 2.66 s in all, 2.41 s on CPU (longest 0.37 s,
   * deserializing 0.01 s), GC 0.08 s}.
   */
  synchronized String describe() {
    double jobs = tasks == 0 ? 0 : (lastJobEnd - firstJobStart) / 1000.0;
    return String.format(
        "jobs %.2f s, %d tasks ran %.2f s in all, %.2f s on CPU (longest %.2f s, deserializing"
            + " %.2f s), GC %.2f s",
        jobs,
        tasks,
        runMillis / 1000.0,
        cpuNanos / 1e9,
        maxRunMillis / 1000.0,
        deserializeMillis / 1000.0,
        gcMillis / 1000.0);
  }
}

package io.strata.spark;

import java.util.function.Supplier;
import org.apache.spark.SparkContext;

/**
 * Names the Spark jobs Strata's long work submits (compaction, sort compaction, orphan listing,
 * writes), so the Spark UI's Jobs and Stages pages say what each job is doing: sets the job
 * description (and optionally the job group) of the calling thread, then restores exactly what was
 * there before, so a statement's own description (the SQL text, in {@code spark-sql}) comes back.
 */
public final class SparkJobs {

  /** Spark's local property read into a job's description when the job is submitted. */
  public static final String DESCRIPTION = "spark.job.description";

  /** Spark's local property holding the job group id. */
  public static final String GROUP = "spark.jobGroup.id";

  private SparkJobs() {}

  /** Restores the description and group that were set before {@link #describe}. */
  public interface Restorer {
    void restore();
  }

  /** Sets the jobs' {@code description} until {@link Restorer#restore}. */
  public static Restorer describe(SparkContext spark, String description) {
    return describe(spark, null, description);
  }

  /** Sets the jobs' {@code group} (null: unchanged) and {@code description}. */
  public static Restorer describe(SparkContext spark, String group, String description) {
    String previousDescription = spark.getLocalProperty(DESCRIPTION);
    String previousGroup = spark.getLocalProperty(GROUP);
    if (group != null) {
      spark.setLocalProperty(GROUP, group);
    }
    spark.setLocalProperty(DESCRIPTION, description);
    return () -> {
      // A null value removes the property, as it was.
      spark.setLocalProperty(DESCRIPTION, previousDescription);
      spark.setLocalProperty(GROUP, previousGroup);
    };
  }

  /** Runs {@code work} with the jobs it submits described as {@code description}. */
  public static <T> T described(SparkContext spark, String description, Supplier<T> work) {
    Restorer restorer = describe(spark, description);
    try {
      return work.get();
    } finally {
      restorer.restore();
    }
  }
}

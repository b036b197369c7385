package io.strata.bench;

import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The median of timed repetitions after one warm-up, checking that every repetition gives the
 * warm-up's answer.
 *
 * @param seconds median wall-clock seconds of the timed repetitions
 * @param answer what the query answered, to compare engines with
 */
record Timing(double seconds, String answer) {

  /** Runs {@code work} once to warm up and {@code reps} times timed. */
  static Timing of(int reps, Supplier<String> work) {
    String expected = work.get();
    double[] times = new double[reps];
    for (int i = 0; i < reps; i++) {
      long start = System.nanoTime();
      String got = work.get();
      times[i] = BenchSupport.seconds(System.nanoTime() - start);
      if (!got.equals(expected)) {
        throw new IllegalStateException(
            "Repetition " + i + " answered " + got + ", not " + expected);
      }
    }
    Arrays.sort(times);
    return new Timing(times[reps / 2], expected);
  }

  /** Times a Spark SQL query; its answer is its collected rows. */
  static Timing sql(SparkSession spark, int reps, String query) {
    return of(reps, () -> rows(spark, query));
  }

  /** The collected rows of {@code query}, as text. */
  static String rows(SparkSession spark, String query) {
    List<Row> rows = spark.sql(query).collectAsList();
    return rows.toString();
  }
}

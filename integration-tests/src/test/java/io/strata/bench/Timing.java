package io.strata.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The median of timed repetitions after warm-up, checking that every repetition gives the warm-up's
 * answer.
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

  /** Warm-up rounds of {@link #interleaved}: one left the code of the engine run first cold. */
  static final int WARMUP_ROUNDS = 2;

  /**
   * Times several engines' work side by side: after {@link #WARMUP_ROUNDS} rounds that run each
   * once, {@code reps} timed rounds run each once again, every round starting one engine later. So
   * every engine meets the same JIT and machine state over the run, where timing one engine's
   * repetitions after the other's charged the first engine for compiling code the next ones share
   * (Spark's) and left a slow spell of the machine to whichever ran then.
   */
  static Map<String, Timing> interleaved(int reps, Map<String, Supplier<String>> engines) {
    List<String> names = new ArrayList<>(engines.keySet());
    Map<String, String> answers = new LinkedHashMap<>();
    for (int round = 0; round < WARMUP_ROUNDS; round++) {
      for (String name : names) {
        answers.put(name, engines.get(name).get());
      }
    }
    Map<String, double[]> times = new LinkedHashMap<>();
    names.forEach(name -> times.put(name, new double[reps]));
    for (int round = 0; round < reps; round++) {
      for (int i = 0; i < names.size(); i++) {
        String name = names.get((round + i) % names.size());
        long start = System.nanoTime();
        String got = engines.get(name).get();
        times.get(name)[round] = BenchSupport.seconds(System.nanoTime() - start);
        if (!got.equals(answers.get(name))) {
          throw new IllegalStateException(
              name + " answered " + got + " in round " + round + ", not " + answers.get(name));
        }
      }
    }
    Map<String, Timing> timings = new LinkedHashMap<>();
    for (String name : names) {
      double[] sorted = times.get(name);
      Arrays.sort(sorted);
      timings.put(name, new Timing(sorted[reps / 2], answers.get(name)));
    }
    return timings;
  }

  /** {@link #interleaved} of Spark SQL queries, by engine. */
  static Map<String, Timing> interleavedSql(SparkSession spark, int reps, Map<String, String> sql) {
    Map<String, Supplier<String>> work = new LinkedHashMap<>();
    sql.forEach((name, query) -> work.put(name, () -> rows(spark, query)));
    return interleaved(reps, work);
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

  /**
   * Prints {@code timings} as the rows of a Markdown table "| read | seconds | ÷ raw | answer |",
   * each time relative to the one named {@code reference}.
   */
  static void printRelativeTo(String reference, Map<String, Timing> timings) {
    double base = timings.get(reference).seconds();
    timings.forEach(
        (name, t) ->
            System.out.printf(
                java.util.Locale.ROOT,
                "| %s | %.3f | %.2fx | %s |%n",
                name,
                t.seconds(),
                t.seconds() / base,
                t.answer()));
  }
}

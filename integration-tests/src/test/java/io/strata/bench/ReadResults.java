package io.strata.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The timings of {@link ReadBench}, by case and engine: checks that the engines of a case agree,
 * then prints a Markdown table (seconds, Strata's ratio to the ceiling and to each peer) and writes
 * a CSV of {@code case,engine,seconds}.
 */
final class ReadResults {

  static final String CEILING = "Raw Parquet";
  static final String STRATA = "Strata";
  static final String ICEBERG = "Iceberg 1.11.0";
  static final String DELTA = "Delta 4.1.0";
  static final String PAIMON = "Paimon 1.3.1";
  private static final List<String> ENGINES = List.of(CEILING, STRATA, ICEBERG, DELTA, PAIMON);

  private final Map<String, Map<String, Timing>> byCase = new LinkedHashMap<>();
  private final List<String> notes = new ArrayList<>();

  /** Records one case; every engine must have given the same answer. */
  void add(String caseName, Map<String, Timing> timings) {
    String expected = timings.values().iterator().next().answer();
    for (Map.Entry<String, Timing> e : timings.entrySet()) {
      if (!e.getValue().answer().equals(expected)) {
        throw new IllegalStateException(
            caseName
                + ": "
                + e.getKey()
                + " answered "
                + e.getValue().answer()
                + ", not "
                + expected);
      }
    }
    byCase.put(caseName, new LinkedHashMap<>(timings));
    System.err.printf("%s: %s (answer %s)%n", caseName, summary(timings), expected);
  }

  /** A line printed under the table (what a case observed besides time). */
  void note(String note) {
    notes.add(note);
    System.err.println("note: " + note);
  }

  /** The Markdown table: seconds per engine, then Strata's time over each other engine's. */
  String markdown() {
    StringBuilder out = new StringBuilder("| case |");
    for (String engine : ENGINES) {
      out.append(' ').append(engine).append(" s |");
    }
    for (String engine : ENGINES) {
      if (!engine.equals(STRATA)) {
        out.append(" Strata ÷ ").append(engine).append(" |");
      }
    }
    out.append('\n').append("|---".repeat(2 * ENGINES.size())).append("|\n");
    for (Map.Entry<String, Map<String, Timing>> c : byCase.entrySet()) {
      out.append(row(c.getKey(), c.getValue())).append('\n');
    }
    for (String note : notes) {
      out.append('\n').append("- ").append(note);
    }
    return out.append('\n').toString();
  }

  private static String row(String caseName, Map<String, Timing> timings) {
    StringBuilder out = new StringBuilder("| ").append(caseName).append(" |");
    for (String engine : ENGINES) {
      Timing t = timings.get(engine);
      out.append(' ').append(t == null ? "–" : BenchSupport.fmt(t.seconds())).append(" |");
    }
    Timing strata = timings.get(STRATA);
    for (String engine : ENGINES) {
      if (!engine.equals(STRATA)) {
        Timing t = timings.get(engine);
        String ratio =
            t == null || strata == null
                ? "–"
                : String.format(Locale.ROOT, "%.2f×", strata.seconds() / t.seconds());
        out.append(' ').append(ratio).append(" |");
      }
    }
    return out.toString();
  }

  /** Writes {@code case,engine,seconds} rows to {@code csv}. */
  void writeCsv(Path csv) throws IOException {
    List<String> lines = new ArrayList<>(List.of("case,engine,seconds"));
    for (Map.Entry<String, Map<String, Timing>> c : byCase.entrySet()) {
      for (Map.Entry<String, Timing> e : c.getValue().entrySet()) {
        lines.add(
            String.format(
                Locale.ROOT, "\"%s\",%s,%.4f", c.getKey(), e.getKey(), e.getValue().seconds()));
      }
    }
    Path parent = csv.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    Files.write(csv, lines);
  }

  private static String summary(Map<String, Timing> timings) {
    StringBuilder out = new StringBuilder();
    timings.forEach(
        (engine, t) ->
            out.append(engine).append(' ').append(BenchSupport.fmt(t.seconds())).append(" s; "));
    return out.toString();
  }
}

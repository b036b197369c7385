package io.strata.core.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Real process deaths at a sample of {@link CrashPointTest}'s points: a {@link KilledWriter} JVM
 * runs the operation on a table this test prepared and stops at the point; this test kills it with
 * SIGKILL ({@link Process#destroyForcibly()}) while its other threads run on, then checks the table
 * as {@link CrashPointTest} does ({@link CrashAftermath#assertSurvived}).
 */
class ProcessKillTest {

  /** 128 + 9: how a JVM reports a child that SIGKILL ended. */
  private static final int KILLED_BY_SIGKILL = 137;

  private static final long START_TIMEOUT_SECONDS = 120;

  /** The points, as (scenario, operation the writer stops before, which occurrence of it). */
  private static final List<Point> POINTS =
      List.of(
          new Point("append", "create manifest-", 1), // after the data files
          new Point("append", "create manifest-list-", 1), // after the manifest
          new Point("append", "publish snapshot-", 1), // after the manifest lists
          new Point("append", "overwrite LATEST", 1), // after the snapshot, before the hint
          new Point("primary-key write that compacts", "filesystem data-", 3), // compaction output
          new Point("primary-key write that compacts", "publish snapshot-4", 1),
          new Point("snapshot expiration", "delete data-", 2),
          new Point("snapshot expiration", "delete manifest-list-", 1),
          new Point("snapshot expiration", "delete snapshot-", 2),
          new Point("snapshot expiration", "overwrite EARLIEST", 1),
          new Point("tag creation and deletion", "delete tag-t0", 1));

  @TempDir Path dir;

  /** A point of a scenario: the {@code occurrence}-th operation starting with {@code operation}. */
  record Point(String scenario, String operation, int occurrence) {

    CrashScenarios crashScenario() {
      return CrashScenarios.all().stream()
          .filter(s -> s.name().equals(scenario))
          .findFirst()
          .orElseThrow();
    }

    /** The index of the point among the operations of the scenario's clean run, or -1. */
    int index() {
      List<String> operations = CrashAftermath.cleanRun(crashScenario()).operations();
      int seen = 0;
      for (int i = 0; i < operations.size(); i++) {
        if (operations.get(i).startsWith(operation) && ++seen == occurrence) {
          return i;
        }
      }
      return -1;
    }

    @Override
    public String toString() {
      return scenario + ": before " + operation + " #" + occurrence;
    }
  }

  static Stream<Arguments> points() {
    return POINTS.stream().map(Arguments::of);
  }

  @Test
  void theSampleHasEightPointsOrMoreAndEachIsAnOperationOfItsScenario() {
    assertThat(POINTS).hasSizeGreaterThanOrEqualTo(8);
    assertThat(POINTS).allSatisfy(p -> assertThat(p.index()).as(p.toString()).isNotNegative());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("points")
  void aWriterKilledAtThePointLeavesACommittedPrefixAndOnlyOrphans(Point point) throws Exception {
    CrashScenarios scenario = point.crashScenario();
    int stopAt = point.index();
    FileStoreTable prepared = CrashAftermath.prepare(scenario, dir);
    Path marker = dir.resolve("stopped");
    Path log = dir.resolve("writer.log");
    Process writer =
        new ProcessBuilder(
                javaCommand(),
                // A short-lived JVM: start fast rather than optimize.
                "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC",
                "-cp",
                System.getProperty("java.class.path"),
                KilledWriter.class.getName(),
                dir.toString(),
                scenario.name(),
                Integer.toString(stopAt),
                marker.toString())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    try {
      awaitStop(writer, marker, log);
      // File names hold random UUIDs, so the kind and the name's prefix identify the operation.
      assertThat(Files.readString(marker)).startsWith(stopAt + " " + point.operation());
      writer.destroyForcibly();
      assertThat(writer.waitFor(60, TimeUnit.SECONDS)).isTrue();
    } finally {
      writer.destroyForcibly();
    }
    assertThat(writer.exitValue()).as("the writer died of SIGKILL").isEqualTo(KILLED_BY_SIGKILL);

    CrashAftermath.assertSurvived(scenario, prepared);
  }

  private static void awaitStop(Process writer, Path marker, Path log) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_TIMEOUT_SECONDS);
    while (!Files.exists(marker)) {
      if (!writer.isAlive()) {
        fail("the writer exited (%s) before its stop:%n%s", writer.exitValue(), read(log));
      }
      if (System.nanoTime() > deadline) {
        fail("the writer did not reach its stop in %ss:%n%s", START_TIMEOUT_SECONDS, read(log));
      }
      Thread.sleep(20);
    }
  }

  private static String javaCommand() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  private static String read(Path log) throws IOException {
    return Files.exists(log) ? Files.readString(log) : "";
  }
}

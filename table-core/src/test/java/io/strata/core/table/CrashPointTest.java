package io.strata.core.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A process death before every writing file operation of every {@link CrashScenarios} operation:
 * the points are enumerated from a clean run, so each one the operation performs is tried. After
 * each death the table must pass {@link CrashAftermath#assertSurvived}.
 */
class CrashPointTest {

  @TempDir Path dir;

  static Stream<Arguments> crashPoints() {
    List<Arguments> points = new ArrayList<>();
    for (CrashScenarios scenario : CrashScenarios.all()) {
      List<String> operations = CrashAftermath.cleanRun(scenario).operations();
      for (int i = 0; i < operations.size(); i++) {
        points.add(Arguments.of(scenario, i, operations.get(i)));
      }
    }
    return points.stream();
  }

  @Test
  void theCrashPointsCoverEveryPhaseOfEveryOperation() {
    Map<String, List<String>> phases =
        Map.of(
            "append",
            List.of(
                "filesystem data-",
                "create manifest-",
                "create manifest-list-",
                "publish snapshot-",
                "overwrite LATEST"),
            "primary-key write that compacts",
            List.of("filesystem data-", "publish snapshot-3", "publish snapshot-4"),
            "overwrite",
            List.of("filesystem data-", "create manifest-list-", "publish snapshot-"),
            "snapshot expiration",
            List.of(
                "delete data-", "delete manifest-list-", "delete snapshot-", "overwrite EARLIEST"),
            "partition expiration",
            List.of("create manifest-", "publish snapshot-"),
            "tag creation and deletion",
            List.of("publish tag-t1", "delete tag-t0", "delete data-"));
    int points = 0;
    for (CrashScenarios scenario : CrashScenarios.all()) {
      List<String> operations = CrashAftermath.cleanRun(scenario).operations();
      points += operations.size();
      for (String phase : phases.get(scenario.name())) {
        assertThat(operations).as(scenario.name()).anyMatch(op -> op.startsWith(phase));
      }
    }
    assertThat(points).isGreaterThanOrEqualTo(30);
  }

  @ParameterizedTest(name = "{0}: death before operation {1} ({2})")
  @MethodSource("crashPoints")
  void aDeathAtAnyOperationLeavesACommittedPrefixAndOnlyOrphans(
      CrashScenarios scenario, int crashAt, String operation) throws IOException {
    FileStoreTable prepared = CrashAftermath.prepare(scenario, dir);
    CrashingFileIO dying = new CrashingFileIO(crashAt);
    catchThrowable(() -> scenario.operation().accept(CrashAftermath.reopen(prepared, dying)));
    assertThat(dying.crashed()).as("the operation reached its crash point").isTrue();

    CrashAftermath.assertSurvived(scenario, prepared);
  }
}

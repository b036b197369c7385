package io.strata.core.levels;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.SizedDataFiles;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class UniversalCompactionTest {

  private static final long MB = 1L << 20;
  private static long seq;

  static DataFileMeta file(String name, long sizeMb, int level) {
    seq += 10;
    return SizedDataFiles.file(name, sizeMb * MB, level, seq, seq + 9);
  }

  static final UniversalCompaction PICKER = new UniversalCompaction(5, 5, 200, 1);

  static List<String> names(CompactUnit unit) {
    return unit.files().stream().map(DataFileMeta::fileName).sorted().toList();
  }

  @Test
  void fewerRunsThanTheTriggerStayAsTheyAre() {
    assertThat(
            PICKER.pick(
                List.of(file("a", 1, 0), file("b", 1, 0), file("c", 1, 0), file("d", 100, 5))))
        .isNull();
  }

  @Test
  void smallNewRunsMergeAboveTheBigOldOne() {
    List<DataFileMeta> files = new ArrayList<>();
    for (String n : List.of("a", "b", "c", "d")) {
      files.add(file(n, 1, 0));
    }
    files.add(file("old", 100, 5));
    CompactUnit unit = PICKER.pick(files);
    assertThat(names(unit)).containsExactly("a", "b", "c", "d");
    assertThat(unit.outputLevel()).isEqualTo(4);
    assertThat(unit.dropDeletes()).isFalse();
  }

  @Test
  void sizeAmplificationCompactsEverythingIntoTheTopLevel() {
    List<DataFileMeta> files =
        List.of(
            file("a", 30, 0),
            file("b", 30, 0),
            file("c", 30, 0),
            file("d", 30, 0),
            file("old", 50, 5));
    CompactUnit unit = PICKER.pick(files);
    assertThat(names(unit)).containsExactly("a", "b", "c", "d", "old");
    assertThat(unit.outputLevel()).isEqualTo(5);
    assertThat(unit.dropDeletes()).isTrue();
  }

  @Test
  void runsAreLevelZeroFilesNewestFirstThenLevels() {
    DataFileMeta older = file("older", 1, 0);
    DataFileMeta newer = file("newer", 1, 0);
    List<UniversalCompaction.SortedRun> runs =
        UniversalCompaction.runs(
            List.of(file("l3", 1, 3), older, file("l1a", 1, 1), newer, file("l1b", 1, 1)));
    assertThat(runs).extracting(UniversalCompaction.SortedRun::level).containsExactly(0, 0, 1, 3);
    assertThat(runs.get(0).files()).containsExactly(newer);
    assertThat(runs.get(2).files()).hasSize(2);
  }
}

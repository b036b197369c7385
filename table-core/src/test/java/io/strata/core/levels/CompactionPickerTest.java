package io.strata.core.levels;

import static io.strata.core.levels.UniversalCompactionTest.file;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.manifest.DataFileMeta;
import io.strata.core.options.Options;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CompactionPickerTest {

  static CompactionPicker keys(Map<String, String> options) {
    return new CompactionPicker(new Options(options), true);
  }

  @Test
  void autoLeavesFewRunsAloneButFirstRowLiftsEveryLevelZeroFile() {
    List<DataFileMeta> files = List.of(file("a", 1, 0), file("b", 100, 5));
    assertThat(keys(Map.of()).pick(CompactStrategy.AUTO, files)).isNull();
    CompactUnit firstRow =
        keys(Map.of("merge-engine", "first-row")).pick(CompactStrategy.AUTO, files);
    assertThat(firstRow.files()).hasSize(2);
    assertThat(firstRow.outputLevel()).isEqualTo(5);
    assertThat(keys(Map.of()).pick(CompactStrategy.FULL, files).outputLevel()).isEqualTo(5);
  }

  @Test
  void theStopTriggerDefaultsToThreeRunsAboveTheCompactionTrigger() {
    List<DataFileMeta> sevenRuns =
        List.of(
            file("a", 1, 0),
            file("b", 1, 0),
            file("c", 1, 0),
            file("d", 1, 0),
            file("e", 1, 0),
            file("f", 1, 0),
            file("g", 1, 0));
    assertThat(keys(Map.of()).mustCompactBeforeWriting(sevenRuns)).isFalse();
    assertThat(
            keys(Map.of("num-sorted-run.compaction-trigger", "4"))
                .mustCompactBeforeWriting(sevenRuns))
        .isTrue();
    assertThat(keys(Map.of("num-sorted-run.stop-trigger", "8")).mustCompactBeforeWriting(sevenRuns))
        .isFalse();
    assertThat(
            new CompactionPicker(new Options(Map.of("num-sorted-run.stop-trigger", "2")), false)
                .mustCompactBeforeWriting(sevenRuns))
        .as("append buckets have no sorted runs to bound")
        .isFalse();
  }

  @Test
  void appendBucketsCompactOnlyWhenAskedTo() {
    List<DataFileMeta> small = List.of(file("a", 1, 0), file("b", 1, 0));
    CompactionPicker append = new CompactionPicker(new Options(Map.of()), false);
    assertThat(append.pick(CompactStrategy.AUTO, small)).isNull();
    assertThat(append.pick(CompactStrategy.MINOR, small)).as("fewer than min.file-num").isNull();
    assertThat(append.pick(CompactStrategy.FULL, small).files()).hasSize(2);
  }
}

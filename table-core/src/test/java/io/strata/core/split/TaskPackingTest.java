package io.strata.core.split;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.data.BinaryRow;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TaskPackingTest {

  private static final long MB = 1L << 20;

  private static List<DataSplit> splits(int count, long fileMb, int filesPerSplit) {
    List<DataSplit> splits = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      List<io.strata.core.manifest.DataFileMeta> files = new ArrayList<>();
      for (int f = 0; f < filesPerSplit; f++) {
        files.add(AppendOnlySplitGeneratorTest.file("s" + i + "-" + f, fileMb, f));
      }
      splits.add(new DataSplit(1, BinaryRow.EMPTY, i, 4, files, true));
    }
    return splits;
  }

  @Test
  void manySmallBucketsShareTasks() {
    List<List<DataSplit>> tasks = TaskPacking.pack(splits(2400, 1, 1), 128 * MB, 4 * MB, 2);
    assertThat(tasks).hasSize(75);
    assertThat(tasks).allSatisfy(t -> assertThat(t).hasSize(32));
  }

  @Test
  void aSmallScanStillUsesEveryCore() {
    List<List<DataSplit>> tasks = TaskPacking.pack(splits(10, 1, 1), 128 * MB, 4 * MB, 2);
    assertThat(tasks).hasSize(2);
    assertThat(tasks.get(0)).hasSize(5);
  }

  @Test
  void aSplitIsNeverCutAndKeepsItsOrder() {
    List<DataSplit> in = splits(3, 100, 2);
    List<List<DataSplit>> tasks = TaskPacking.pack(in, 128 * MB, 4 * MB, 2);
    assertThat(tasks).containsExactly(List.of(in.get(0)), List.of(in.get(1)), List.of(in.get(2)));
  }

  @Test
  void noSplitsNoTasks() {
    assertThat(TaskPacking.pack(List.of(), 128 * MB, 4 * MB, 2)).isEmpty();
  }
}

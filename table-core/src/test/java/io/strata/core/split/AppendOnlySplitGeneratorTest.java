package io.strata.core.split;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.SizedDataFiles;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AppendOnlySplitGeneratorTest {

  private static final long MB = 1L << 20;

  static DataFileMeta file(String name, long sizeMb, long minSeq) {
    return SizedDataFiles.file(name, sizeMb * MB, 0, minSeq, minSeq + 9);
  }

  private static List<List<Long>> sizes(List<SplitGenerator.SplitGroup> groups) {
    List<List<Long>> result = new ArrayList<>();
    for (SplitGenerator.SplitGroup g : groups) {
      result.add(g.files().stream().map(f -> f.fileSize() / MB).toList());
    }
    return result;
  }

  private static List<DataFileMeta> files(long... sizesMb) {
    List<DataFileMeta> files = new ArrayList<>();
    for (int i = 0; i < sizesMb.length; i++) {
      files.add(file("f" + i, sizesMb[i], i * 10L));
    }
    return files;
  }

  @Test
  void seedExampleOneGivesFiveSplits() {
    List<SplitGenerator.SplitGroup> groups =
        new AppendOnlySplitGenerator(128 * MB, 4 * MB).split(files(100, 80, 200, 60, 150));
    assertThat(sizes(groups))
        .containsExactly(List.of(100L), List.of(80L), List.of(200L), List.of(60L), List.of(150L));
    assertThat(groups).allMatch(SplitGenerator.SplitGroup::rawConvertible);
  }

  @Test
  void seedExampleTwoGivesThreeSplits() {
    List<SplitGenerator.SplitGroup> groups =
        new AppendOnlySplitGenerator(128 * MB, 4 * MB).split(files(40, 30, 50, 35, 60, 45));
    assertThat(sizes(groups))
        .containsExactly(List.of(40L, 30L, 50L), List.of(35L, 60L), List.of(45L));
  }

  @Test
  void filesAreOrderedBySequenceNumberAndSmallFilesWeighOpenCost() {
    List<DataFileMeta> files = new ArrayList<>();
    files.add(file("late", 1, 100));
    files.add(file("early", 1, 0));
    // 1 MB files weigh 4 MB each: 32 of them fill 128 MB.
    List<SplitGenerator.SplitGroup> groups =
        new AppendOnlySplitGenerator(8 * MB, 4 * MB).split(files);
    assertThat(groups).hasSize(1);
    assertThat(groups.get(0).files())
        .extracting(DataFileMeta::fileName)
        .containsExactly("early", "late");
    assertThat(new AppendOnlySplitGenerator(7 * MB, 4 * MB).split(files)).hasSize(2);
  }
}

package io.strata.core.split;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.data.BinaryRow;
import io.strata.core.data.BinaryRowCodec;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.FileSource;
import io.strata.core.manifest.SimpleStats;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.util.List;
import org.junit.jupiter.api.Test;

class MergeTreeSplitGeneratorTest {

  private static final long MB = 1L << 20;
  private static final RowType KEY =
      new RowType(List.of(new DataField(0, "k", DataTypes.BIGINT())));

  static DataFileMeta file(String name, long min, long max, long sizeMb, int level, Long deletes) {
    BinaryRow minKey = BinaryRowCodec.serialize(KEY, new Object[] {min});
    BinaryRow maxKey = BinaryRowCodec.serialize(KEY, new Object[] {max});
    return new DataFileMeta(
        name,
        sizeMb * MB,
        100,
        minKey,
        maxKey,
        SimpleStats.EMPTY,
        SimpleStats.EMPTY,
        0,
        99,
        0,
        level,
        List.of(),
        null,
        deletes,
        null,
        FileSource.APPEND,
        null,
        null,
        null,
        null);
  }

  static MergeTreeSplitGenerator generator(boolean levelsNeverOverlap) {
    return new MergeTreeSplitGenerator(KEY, 128 * MB, 4 * MB, levelsNeverOverlap);
  }

  static List<List<String>> names(List<SplitGenerator.SplitGroup> groups) {
    return groups.stream()
        .map(g -> g.files().stream().map(DataFileMeta::fileName).toList())
        .toList();
  }

  @Test
  void overlappingRangesFormSectionsThatAreNeverSplit() {
    // ERRATA example 2: six files in two overlapping key ranges, target 128 MB -> 2 splits.
    List<DataFileMeta> files =
        List.of(
            file("a", 1, 10, 40, 0, 0L),
            file("b", 5, 20, 40, 0, 0L),
            file("c", 15, 25, 40, 1, 0L),
            file("d", 100, 110, 40, 0, 0L),
            file("e", 105, 120, 40, 0, 0L),
            file("f", 115, 130, 40, 1, 0L));
    List<SplitGenerator.SplitGroup> groups = generator(false).split(files);
    assertThat(names(groups)).containsExactly(List.of("a", "b", "c"), List.of("d", "e", "f"));
    assertThat(groups).noneMatch(SplitGenerator.SplitGroup::rawConvertible);
  }

  @Test
  void rawConvertibleFilesPackLikeAppendFilesOneLargeFileEach() {
    // ERRATA example 3: three 500 MB level-5 files without deletes -> 3 splits, read raw.
    List<DataFileMeta> files =
        List.of(
            file("x", 1, 100, 500, 5, 0L),
            file("y", 101, 200, 500, 5, 0L),
            file("z", 201, 300, 500, 5, 0L));
    List<SplitGenerator.SplitGroup> groups = generator(false).split(files);
    assertThat(names(groups)).containsExactly(List.of("x"), List.of("y"), List.of("z"));
    assertThat(groups).allMatch(SplitGenerator.SplitGroup::rawConvertible);
  }

  @Test
  void smallSectionsPackTogetherInKeyOrder() {
    List<DataFileMeta> files =
        List.of(
            file("late", 50, 60, 10, 0, 0L),
            file("early", 1, 5, 10, 0, 0L),
            file("mid", 20, 30, 10, 0, 0L));
    assertThat(names(generator(false).split(files)))
        .containsExactly(List.of("early", "mid", "late"));
  }

  @Test
  void theRawConvertibleDecisionRule() {
    MergeTreeSplitGenerator g = generator(false);
    assertThat(g.rawConvertible(List.of(file("a", 1, 2, 1, 1, 0L), file("b", 3, 4, 1, 1, 0L))))
        .as("one level above 0, no deletes")
        .isTrue();
    assertThat(g.rawConvertible(List.of(file("a", 1, 2, 1, 0, 0L)))).as("level 0").isFalse();
    assertThat(g.rawConvertible(List.of(file("a", 1, 2, 1, 3, null))))
        .as("unknown delete count counts as maybe")
        .isFalse();
    assertThat(g.rawConvertible(List.of(file("a", 1, 2, 1, 3, 1L)))).as("deletes").isFalse();
    List<DataFileMeta> twoLevels = List.of(file("a", 1, 2, 1, 1, 0L), file("b", 1, 2, 1, 2, 0L));
    assertThat(g.rawConvertible(twoLevels)).as("levels {1, 2} still merge").isFalse();
    assertThat(generator(true).rawConvertible(twoLevels))
        .as("first-row or deletion vectors")
        .isTrue();
  }
}

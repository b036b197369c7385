package io.strata.core.split;

import static io.strata.core.split.MergeTreeSplitGeneratorTest.file;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.data.BinaryRow;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.util.List;
import org.junit.jupiter.api.Test;

class BucketGroupTest {

  private static final RowType KEY =
      new RowType(List.of(new DataField(0, "k", DataTypes.BIGINT())));
  private static final BinaryRow P1 = new BinaryRow(new byte[] {0, 0, 0, 1, 0, 0, 0, 0});
  private static final BinaryRow P2 = new BinaryRow(new byte[] {0, 0, 0, 1, 0, 0, 0, 1});

  private static DataSplit split(BinaryRow partition, int bucket, boolean raw, DataFileMeta... f) {
    return new DataSplit(7, partition, bucket, 4, List.of(f), raw);
  }

  @Test
  void groupsEverySplitOfAPartitionAndBucketTogetherInFirstSeenOrder() {
    DataSplit a = split(P1, 0, true, file("a", 1, 2, 1, 5, 0L));
    DataSplit b = split(P2, 0, true, file("b", 1, 2, 1, 5, 0L));
    DataSplit c = split(P1, 1, true, file("c", 1, 2, 1, 5, 0L));
    DataSplit d = split(P1, 0, true, file("d", 3, 4, 1, 5, 0L));

    List<BucketGroup> groups = BucketGroup.of(List.of(a, b, c, d));

    assertThat(groups)
        .containsExactly(
            new BucketGroup(P1, 0, List.of(a, d)),
            new BucketGroup(P2, 0, List.of(b)),
            new BucketGroup(P1, 1, List.of(c)));
  }

  @Test
  void nonOverlappingRawFilesBecomeOneRunInKeyOrder() {
    DataFileMeta high = file("high", 20, 29, 1, 5, 0L);
    DataFileMeta low = file("low", 1, 9, 1, 5, 0L);
    DataFileMeta mid = file("mid", 10, 19, 1, 5, 0L);
    BucketGroup group =
        new BucketGroup(P1, 2, List.of(split(P1, 2, true, high, low), split(P1, 2, true, mid)));

    BucketGroup run = group.asSortedRun(KEY).orElseThrow();

    assertThat(run.splits()).hasSize(1);
    assertThat(run.splits().get(0).files()).containsExactly(low, mid, high);
    assertThat(run.splits().get(0).rawConvertible()).isTrue();
    assertThat(run.splits().get(0).bucket()).isEqualTo(2);
  }

  @Test
  void overlappingKeysOrASplitThatMergesIsNoSortedRun() {
    BucketGroup overlapping =
        new BucketGroup(
            P1,
            0,
            List.of(
                split(P1, 0, true, file("a", 1, 10, 1, 5, 0L)),
                split(P1, 0, true, file("b", 10, 20, 1, 5, 0L))));
    BucketGroup merging =
        new BucketGroup(P1, 0, List.of(split(P1, 0, false, file("a", 1, 10, 1, 0, 0L))));

    assertThat(overlapping.asSortedRun(KEY)).isEmpty();
    assertThat(merging.asSortedRun(KEY)).isEmpty();
  }
}

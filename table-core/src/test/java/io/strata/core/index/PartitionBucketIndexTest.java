package io.strata.core.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.manifest.IndexFileMeta;
import org.junit.jupiter.api.Test;

class PartitionBucketIndexTest {

  private static IndexFileMeta file(String name, int rows) {
    return new IndexFileMeta(HashIndexFile.HASH, name, rows * 4L, rows, null, null);
  }

  @Test
  void newKeysFillTheLowestBucketUpToTheTargetThenOpenTheNext() {
    PartitionBucketIndex index = new PartitionBucketIndex(2, -1);
    assertThat(index.assign(10)).isEqualTo(0);
    assertThat(index.assign(11)).isEqualTo(0);
    assertThat(index.assign(12)).isEqualTo(1);
    assertThat(index.assign(10)).isEqualTo(0);
    assertThat(index.assign(13)).isEqualTo(1);
    assertThat(index.assign(14)).isEqualTo(2);
    assertThat(index.changedBuckets()).containsExactlyInAnyOrder(0, 1, 2);
    assertThat(index.hashesOf(1)).containsExactlyInAnyOrder(12, 13);
  }

  @Test
  void restoredKeysStayInTheirBucketAndOnlyBucketsWithNewKeysChange() {
    // The worked example of the class comment.
    PartitionBucketIndex index = new PartitionBucketIndex(2, -1);
    IndexFileMeta zero = file("index-a-0", 2);
    index.restore(0, zero, new int[] {1, 2});
    index.restore(1, file("index-a-1", 1), new int[] {3});
    assertThat(index.assign(2)).isEqualTo(0);
    assertThat(index.changedBuckets()).isEmpty();
    assertThat(index.assign(4)).isEqualTo(1);
    assertThat(index.assign(5)).isEqualTo(2);
    assertThat(index.changedBuckets()).containsExactlyInAnyOrder(1, 2);
    assertThat(index.hashesOf(1)).containsExactlyInAnyOrder(3, 4);
    assertThat(index.baseFile(0)).isEqualTo(zero);
    assertThat(index.baseFile(2)).isNull();
  }

  @Test
  void aFreedBucketIdIsReusedBeforeHigherOnes() {
    PartitionBucketIndex index = new PartitionBucketIndex(1, -1);
    index.restore(1, file("index-b-1", 1), new int[] {7});
    assertThat(index.assign(8)).isEqualTo(0);
    assertThat(index.assign(9)).isEqualTo(2);
  }

  @Test
  void onceMaxBucketsAreFullNewKeysJoinExistingBuckets() {
    PartitionBucketIndex index = new PartitionBucketIndex(1, 2);
    assertThat(index.assign(100)).isEqualTo(0);
    assertThat(index.assign(101)).isEqualTo(1);
    int third = index.assign(102);
    assertThat(third).isIn(0, 1);
    assertThat(index.assign(102)).isEqualTo(third);
    assertThat(index.hashesOf(third)).contains(102);
  }

  @Test
  void withoutALimitRunningOutOfBucketIdsFails() {
    PartitionBucketIndex index = new PartitionBucketIndex(1, -1);
    for (int h = 0; h < Short.MAX_VALUE; h++) {
      index.assign(h);
    }
    assertThatThrownBy(() -> index.assign(-1))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "Cannot open another dynamic bucket: the partition already has 32767 buckets of"
                + " 'dynamic-bucket.target-row-num' = 1 keys each; raise"
                + " 'dynamic-bucket.target-row-num'.");
  }

  @Test
  void aHashListedByTwoBucketsStaysInBothFilesAndNewRowsGoToTheFirst() {
    PartitionBucketIndex index = new PartitionBucketIndex(10, -1);
    index.restore(0, file("index-c-0", 2), new int[] {5, 6});
    index.restore(1, file("index-c-1", 2), new int[] {6, 7});
    assertThat(index.assign(6)).isEqualTo(0);
    assertThat(index.assign(8)).isEqualTo(0);
    assertThat(index.hashesOf(1)).containsExactlyInAnyOrder(6, 7);
    assertThat(index.hashesOf(0)).containsExactlyInAnyOrder(5, 6, 8);
  }
}

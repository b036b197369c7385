package io.strata.core.compact;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.data.BinaryRow;
import io.strata.core.levels.CompactStrategy;
import io.strata.core.levels.CompactUnit;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.SizedDataFiles;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class CompactionTaskTest {

  @Test
  void largestTasksGoFirstAndEqualOnesKeepTheirOrder() {
    CompactionTask small = task(0, 10, 20);
    CompactionTask large = task(1, 500);
    CompactionTask medium = task(2, 100, 100);
    CompactionTask alsoMedium = task(3, 150, 50);
    List<CompactionTask> planned = List.of(small, large, medium, alsoMedium);

    assertThat(CompactionTask.largestFirst(planned))
        .containsExactly(large, medium, alsoMedium, small);
    assertThat(large.inputBytes()).isEqualTo(500);
    assertThat(planned).containsExactly(small, large, medium, alsoMedium);
  }

  private static CompactionTask task(int bucket, long... fileSizes) {
    List<DataFileMeta> files =
        Arrays.stream(fileSizes).mapToObj(size -> file(bucket + "-" + size, size)).toList();
    return new CompactionTask(
        BinaryRow.EMPTY, bucket, 4, CompactStrategy.FULL, new CompactUnit(files, 5, true));
  }

  private static DataFileMeta file(String name, long size) {
    return SizedDataFiles.file("data-" + name + ".parquet", size, 0, 0, 9);
  }
}

package io.strata.core.paths;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

class PathContainmentTest {

  private final Path root = new Path("file:/w/db.db/t");

  @Test
  void insideAfterNormalization() {
    assertThat(PathContainment.isInside(root, new Path("file:/w/db.db/t/bucket-0/f"))).isTrue();
    assertThat(PathContainment.isInside(root, new Path("/w/db.db/t/snapshot/snapshot-1"))).isTrue();
    assertThat(PathContainment.isInside(root, new Path("/w/db.db/t/a/../b"))).isTrue();
    assertThat(PathContainment.isInside(root, root)).isTrue();
  }

  @Test
  void outsideAfterNormalization() {
    assertThat(PathContainment.isInside(root, new Path("/w/db.db/t/../../../victim"))).isFalse();
    assertThat(PathContainment.isInside(root, new Path(root, "../t2/x"))).isFalse();
    assertThat(PathContainment.isInside(root, new Path("/w/db.db/t2"))).isFalse();
    assertThat(PathContainment.isInside(root, new Path("/w/db.db/tx/f"))).isFalse();
    assertThat(PathContainment.isInside(root, new Path("hdfs://nn/w/db.db/t/f"))).isFalse();
    assertThat(PathContainment.isInside(root, new Path("relative/t/f"))).isFalse();
  }

  @Test
  void aSnapshotsStatisticsFileStaysInItsDirectory() {
    TablePaths paths = new TablePaths(root);
    assertThat(paths.statisticsFile("stat-1")).isEqualTo(new Path(root, "statistics/stat-1"));
    assertThatThrownBy(() -> paths.statisticsFile("../../victim"))
        .hasMessageContaining("../../victim");
  }

  @Test
  void normalizesLikeAFileSystem() {
    assertThat(PathContainment.normalize("/a/./b/../c/")).isEqualTo("/a/c");
    assertThat(PathContainment.normalize("/../../x")).isEqualTo("/x");
    assertThat(PathContainment.normalize("a/../../x")).isEqualTo("../x");
  }

  @Test
  void requireInsideRefusesTheRootItselfAndOutsidePaths() {
    assertThat(PathContainment.requireInside(root, new Path(root, "f"), "delete"))
        .isEqualTo(new Path(root, "f"));
    assertThatThrownBy(() -> PathContainment.requireInside(root, root, "delete"))
        .isInstanceOf(UnsafePathException.class)
        .hasMessageStartingWith(
            "Refusing to delete file:/w/db.db/t: it is not below file:/w/db.db/t");
    assertThatThrownBy(() -> PathContainment.requireInside(root, new Path("/w/victim"), "delete"))
        .hasMessageStartingWith("Refusing to delete /w/victim: it is not below file:/w/db.db/t,")
        .hasMessageContaining("nothing was changed there")
        .hasMessageContaining("roll the table back");
  }

  @Test
  void plainFileNamesFromMetadata() {
    assertThat(PathContainment.requirePlainFileName("data file", "data-1.parquet"))
        .isEqualTo("data-1.parquet");
    assertThatThrownBy(() -> PathContainment.requirePlainFileName("data file", "../../outside"))
        .isInstanceOf(UnsafePathException.class)
        .hasMessageStartingWith(
            "Refusing the data file name '../../outside': it contains '/', the path separator, so"
                + " it is not one plain file name inside the table.");
    assertThatThrownBy(() -> PathContainment.requirePlainFileName("manifest", ".."))
        .hasMessageStartingWith("Refusing the manifest name '..': '.' and '..' mean");
  }
}

package io.strata.core.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.compact.FullCompaction;
import io.strata.core.data.BinaryRow;
import io.strata.core.levels.CompactStrategy;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.merge.RowKind;
import io.strata.core.scan.FileStoreScan;
import io.strata.core.split.DataSplit;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A merge reads the files of a sorted run one after the other: files whose key ranges do not
 * overlap share a run, and the merged rows are those of every record, whatever the runs.
 */
class SortedRunsTest {

  private static final RowType ROW =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT().notNull()),
              new DataField(1, "total", DataTypes.BIGINT())));

  @TempDir Path dir;

  @Test
  void anAggregationReadOverALevelOfManyFilesAndNewerFilesSumsEveryRecord() throws IOException {
    FileStoreTable table =
        TableTestSupport.create(
            TableTestSupport.catalog(dir),
            "sums",
            ROW,
            List.of(),
            Map.of(
                "primary-key", "id",
                "bucket", "1",
                "write-only", "true",
                "merge-engine", "aggregation",
                "fields.total.aggregate-function", "sum",
                "target-file-size", "16 kb"));
    Map<Long, Long> expected = new TreeMap<>();
    for (int commit = 0; commit < 5; commit++) {
      if (commit == 3) {
        new FullCompaction(table, "test", Clock.systemUTC()).run(null, CompactStrategy.FULL);
      }
      List<Object[]> rows = new ArrayList<>();
      for (long k = commit * 1000L; k < commit * 1000L + 3000; k++) {
        rows.add(new Object[] {k, k % 7 + commit});
        expected.merge(k, k % 7 + commit, Long::sum);
      }
      TableTestSupport.write(table, rows, rows.stream().map(r -> RowKind.INSERT).toList());
    }
    List<DataFileMeta> files = liveFiles(table);
    List<List<Integer>> runs = SortedRuns.of(files, table.schema().trimmedPrimaryKeyType());
    assertThat(files.stream().filter(f -> f.level() > 0).count()).isGreaterThan(2);
    assertThat(runs).hasSizeLessThan(files.size());
    assertThat(runs.stream().mapToInt(List::size).sum()).isEqualTo(files.size());

    Map<Long, Long> actual = new TreeMap<>();
    DataSplit split = new DataSplit(-1, BinaryRow.EMPTY, 0, 1, files, false);
    try (MergeSplitReader reader = new MergeSplitReader(table, split, ROW)) {
      reader.forEachRemaining(r -> actual.put((Long) r[0], (Long) r[1]));
    }
    assertThat(actual).isEqualTo(expected);
  }

  @Test
  void overlappingFilesGoToSeparateRuns() throws IOException {
    FileStoreTable table =
        TableTestSupport.create(
            TableTestSupport.catalog(dir),
            "overlap",
            ROW,
            List.of(),
            Map.of("primary-key", "id", "bucket", "1", "write-only", "true"));
    long[][] ranges = {{0, 10}, {5, 15}, {20, 30}, {31, 40}, {10, 12}};
    for (long[] range : ranges) {
      List<Object[]> rows = new ArrayList<>();
      for (long k = range[0]; k <= range[1]; k++) {
        rows.add(new Object[] {k, k});
      }
      TableTestSupport.write(table, rows, rows.stream().map(r -> RowKind.INSERT).toList());
    }
    List<DataFileMeta> files = liveFiles(table);
    files.sort(java.util.Comparator.comparingLong(DataFileMeta::minSequenceNumber));
    List<List<Integer>> runs = SortedRuns.of(files, table.schema().trimmedPrimaryKeyType());
    // [0,10] [20,30] [31,40] chain; [5,15] overlaps the first; [10,12] overlaps [0,10] and [5,15].
    assertThat(runs).containsExactly(List.of(0, 2, 3), List.of(1), List.of(4));
  }

  private static List<DataFileMeta> liveFiles(FileStoreTable table) {
    List<DataFileMeta> files = new ArrayList<>();
    for (ManifestEntry e :
        new FileStoreScan(table.manifestFiles(), table.schema().partitionType())
            .liveEntries(table.snapshotManager().latest())) {
      files.add(e.file());
    }
    return files;
  }
}

package io.strata.core.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.manifest.ManifestEntry;
import io.strata.core.merge.RowKind;
import io.strata.core.scan.FileStoreScan;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which buckets continue their sequence numbers across commits, as Paimon 1.3.1 writes them. */
class SequenceStartsTest {

  @TempDir Path dir;

  static final RowType EVENTS =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT()),
              new DataField(1, "kind", DataTypes.STRING())));

  @Test
  void fixedBucketAppendFilesContinueTheirBucketsSequence() {
    FileStoreTable table = create(Map.of("bucket", "4", "bucket-key", "id"));
    commit(table, 0, 40);
    commit(table, 40, 100);

    // Paimon 1.3.1: per bucket [0..n-1], then [n..m-1]; its readers warn on overlapping ranges.
    Map<Integer, List<String>> ranges = sequenceRanges(table);
    assertThat(ranges).hasSize(4);
    ranges.forEach(
        (bucket, files) -> {
          assertThat(files).as("bucket %s", bucket).hasSize(2);
          assertThat(files.get(0)).startsWith("0..");
          long firstMax = Long.parseLong(files.get(0).substring(3));
          assertThat(files.get(1)).startsWith((firstMax + 1) + "..");
        });
    assertThat(SequenceStarts.of(table, table.snapshotManager().latest())).hasSize(4);
  }

  @Test
  void unawareBucketAppendFilesStartEachCommitAtZero() {
    FileStoreTable table = create(Map.of());
    commit(table, 0, 10);

    assertThat(SequenceStarts.of(table, table.snapshotManager().latest())).isEmpty();
    commit(table, 10, 15);
    assertThat(sequenceRanges(table)).containsExactly(Map.entry(0, List.of("0..4", "0..9")));
  }

  private FileStoreTable create(Map<String, String> options) {
    return TableTestSupport.create(
        TableTestSupport.catalog(dir), "events", EVENTS, List.of(), options);
  }

  /** One commit of ids [from, to), with sequence starts as the Spark write computes them. */
  private static void commit(FileStoreTable table, long from, long to) {
    List<Object[]> rows = new ArrayList<>();
    for (long id = from; id < to; id++) {
      rows.add(new Object[] {id, "k" + id});
    }
    TableTestSupport.write(table, rows, Collections.nCopies(rows.size(), RowKind.INSERT));
  }

  /** Per bucket, each live file's {@code min..max} sequence numbers, sorted as text. */
  private static Map<Integer, List<String>> sequenceRanges(FileStoreTable table) {
    Map<Integer, List<String>> ranges = new TreeMap<>();
    FileStoreScan scan = new FileStoreScan(table.manifestFiles(), table.schema().partitionType());
    for (ManifestEntry e : scan.liveEntries(table.snapshotManager().latest())) {
      ranges
          .computeIfAbsent(e.bucket(), b -> new ArrayList<>())
          .add(e.file().minSequenceNumber() + ".." + e.file().maxSequenceNumber());
    }
    ranges.values().forEach(l -> l.sort(null));
    return ranges;
  }
}

package io.strata.core.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.data.BinaryRow;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.ManifestEntry;
import io.strata.core.scan.FileStoreScan;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A write task restores only the buckets it writes, from only the manifests that may hold them. */
class RestoredFilesTest {

  private static final RowType COLUMNS =
      new RowType(
          List.of(
              new DataField(0, "k", DataTypes.BIGINT()),
              new DataField(1, "p", DataTypes.STRING()),
              new DataField(2, "v", DataTypes.BIGINT())));
  private static final List<String> PARTITIONS = List.of("a", "b", "c", "d");

  @TempDir Path dir;

  /** Six commits per partition, each writing one partition only: one manifest per commit. */
  private FileStoreTable table() {
    FileStoreTable table =
        TableTestSupport.create(
            TableTestSupport.catalog(dir),
            "t",
            COLUMNS,
            List.of("p"),
            Map.of("primary-key", "k,p", "bucket", "2", "write-only", "true"));
    for (int round = 0; round < 6; round++) {
      for (String p : PARTITIONS) {
        List<Object[]> rows = new ArrayList<>();
        for (long k = 0; k < 4; k++) {
          rows.add(new Object[] {k + round % 3, p, (long) round});
        }
        TableTestSupport.append(table, rows);
      }
    }
    return table;
  }

  @Test
  void everyBucketRestoresExactlyItsLiveFiles() {
    FileStoreTable table = table();
    Snapshot latest = table.snapshotManager().latest();
    Map<BucketId, List<String>> expected = new HashMap<>();
    for (ManifestEntry e :
        new FileStoreScan(table.manifestFiles(), table.schema().partitionType())
            .liveEntries(latest)) {
      expected
          .computeIfAbsent(new BucketId(e.partition(), e.bucket()), b -> new ArrayList<>())
          .add(e.file().fileName());
    }
    assertThat(expected).hasSize(PARTITIONS.size() * 2);

    RestoredFiles restored = new RestoredFiles(table, latest.id());
    for (Map.Entry<BucketId, List<String>> bucket : expected.entrySet()) {
      assertThat(names(restored.of(bucket.getKey())))
          .containsExactlyInAnyOrderElementsOf(bucket.getValue());
    }
  }

  @Test
  void aBucketReadsOnlyTheManifestsOfItsPartitionAndEachOnce() {
    FileStoreTable table = table();
    Snapshot latest = table.snapshotManager().latest();
    FileStoreScan scan = new FileStoreScan(table.manifestFiles(), table.schema().partitionType());
    int allManifests = scan.manifestsOf(latest).size();
    List<ManifestEntry> live = scan.liveEntries(latest);
    ManifestEntry ofA = live.get(0);
    BucketId first = new BucketId(ofA.partition(), ofA.bucket());
    BucketId sibling = new BucketId(ofA.partition(), 1 - ofA.bucket());

    RestoredFiles restored = new RestoredFiles(table, latest.id());
    assertThat(restored.of(first)).isNotEmpty();
    int readForOnePartition = restored.manifestsRead();
    assertThat(readForOnePartition).isPositive().isLessThanOrEqualTo(allManifests / 2);
    restored.of(sibling);
    assertThat(restored.manifestsRead()).isEqualTo(readForOnePartition);
  }

  @Test
  void aTableWithoutSnapshotRestoresNothing() {
    FileStoreTable table =
        TableTestSupport.create(
            TableTestSupport.catalog(dir),
            "empty",
            COLUMNS,
            List.of("p"),
            Map.of("primary-key", "k,p", "bucket", "2"));
    RestoredFiles restored = new RestoredFiles(table, null);
    assertThat(restored.of(new BucketId(BinaryRow.EMPTY, 0))).isEmpty();
    assertThat(restored.manifestsRead()).isZero();
  }

  private static List<String> names(List<DataFileMeta> files) {
    return files.stream().map(DataFileMeta::fileName).collect(Collectors.toList());
  }
}
